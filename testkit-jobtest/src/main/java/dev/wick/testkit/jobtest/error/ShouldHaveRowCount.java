package dev.wick.testkit.jobtest.error;

import dev.wick.testkit.jobtest.internal.RowText;

/** A dataset has another number of rows than expected. */
public final class ShouldHaveRowCount extends DatasetErrorMessage {
  private final String message;

  private ShouldHaveRowCount(String message) {
    this.message = message;
  }

  public static ShouldHaveRowCount shouldHaveRowCount(long expected, long actual) {
    return new ShouldHaveRowCount(
        "\nExpecting the dataset to have "
            + RowText.count(expected, "row")
            + ", but it has "
            + actual
            + ".");
  }

  @Override
  public String message() {
    return message;
  }
}
