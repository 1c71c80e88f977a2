package dev.wick.testkit.jobtest.error;

import dev.wick.core.gate.Violation;
import java.util.List;

/** A dataset fails dataset-level checks: one line per failed check (or an empty dataset). */
public final class ShouldSatisfyChecks extends DatasetErrorMessage {
  private final String message;

  private ShouldSatisfyChecks(String message) {
    this.message = message;
  }

  /** The failure of {@code checks} checks, from their gate's violations. */
  public static ShouldSatisfyChecks shouldSatisfyChecks(int checks, List<Violation> violations) {
    StringBuilder m =
        new StringBuilder("\nExpecting the dataset to satisfy ")
            .append(checks == 1 ? "its check" : "its " + checks + " checks")
            .append(", but:");
    for (Violation v : violations) {
      m.append("\n  ").append(v.message());
    }
    return new ShouldSatisfyChecks(m.toString());
  }

  @Override
  public String message() {
    return message;
  }
}
