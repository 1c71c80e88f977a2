package dev.wick.testkit.jobtest.error;

import dev.wick.core.report.Wording;

/** A dataset has another number of rows than expected. */
public final class ShouldHaveRowCount extends DatasetErrorMessage {
  private final String message;

  private ShouldHaveRowCount(String message) {
    this.message = message;
  }

  public static ShouldHaveRowCount shouldHaveRowCount(long expected, long actual) {
    return new ShouldHaveRowCount(
        "\nExpecting the dataset to have "
            + Wording.count(expected, "row")
            + ", but it has "
            + actual
            + ".");
  }

  @Override
  public String message() {
    return message;
  }
}
