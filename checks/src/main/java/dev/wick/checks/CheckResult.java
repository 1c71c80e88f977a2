package dev.wick.checks;

import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * The outcome of one check.
 *
 * @param check the check
 * @param passed whether the data satisfies it
 * @param measured what was measured: a {@code Long} (rows, counts), a {@code Double} (fractions,
 *     means, quantiles), a {@code String} (the newest timestamp), or null when nothing could be
 *     measured (no values)
 * @param bound what the check demands, as text ({@code >= 0.99}, {@code between 10 and 20})
 * @param failing how many rows (or, for {@code unique}, duplicated keys) fail it, where that is
 *     counted
 * @param examples a few failing rows, each as its JSON text (for {@code unique}: duplicated keys
 *     with their count), for a failed check that has rows to show
 * @param message one sentence saying how the check failed, or empty when it passed
 */
public record CheckResult(
    Check check,
    boolean passed,
    Object measured,
    String bound,
    OptionalLong failing,
    List<String> examples,
    String message) {

  public CheckResult {
    Objects.requireNonNull(check, "check");
    Objects.requireNonNull(bound, "bound");
    Objects.requireNonNull(failing, "failing");
    examples = List.copyOf(examples);
    Objects.requireNonNull(message, "message");
    if (measured != null
        && !(measured instanceof Long
            || measured instanceof Double
            || measured instanceof String)) {
      throw new IllegalArgumentException("measured must be a Long, Double or String: " + measured);
    }
  }

  /** This result with {@code examples}. */
  CheckResult withExamples(List<String> rows) {
    return new CheckResult(check, passed, measured, bound, failing, rows, message);
  }

  /** Whether it failed and its severity fails the gate. */
  public boolean failsGate() {
    return !passed && check.severity() == Severity.ERROR;
  }
}
