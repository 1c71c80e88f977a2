package dev.wick.checks;

import dev.wick.core.explain.Explanation;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
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
 * @param invalidRows how many rows fail the check, one by one, when the rows were split or marked
 *     ({@link CheckSplit}) and the check judges rows; else empty
 * @param explanation where its failing rows sit in the data, when it failed, judges rows and was
 *     explained ({@link Checks#explain}); else empty
 */
public record CheckResult(
    Check check,
    boolean passed,
    Object measured,
    String bound,
    OptionalLong failing,
    List<String> examples,
    String message,
    OptionalLong invalidRows,
    Optional<Explanation> explanation) {

  public CheckResult {
    Objects.requireNonNull(check, "check");
    Objects.requireNonNull(invalidRows, "invalidRows");
    Objects.requireNonNull(explanation, "explanation");
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

  /** A result of rows not split: no count of invalid rows. */
  public CheckResult(
      Check check,
      boolean passed,
      Object measured,
      String bound,
      OptionalLong failing,
      List<String> examples,
      String message) {
    this(
        check,
        passed,
        measured,
        bound,
        failing,
        examples,
        message,
        OptionalLong.empty(),
        Optional.empty());
  }

  /** This result with {@code examples}. */
  CheckResult withExamples(List<String> rows) {
    return new CheckResult(
        check, passed, measured, bound, failing, rows, message, invalidRows, explanation);
  }

  /** This result with {@code n} rows failing it. */
  CheckResult withInvalidRows(long n) {
    return new CheckResult(
        check,
        passed,
        measured,
        bound,
        failing,
        examples,
        message,
        OptionalLong.of(n),
        explanation);
  }

  /** This result with where its failing rows sit. */
  CheckResult withExplanation(Explanation e) {
    return new CheckResult(
        check, passed, measured, bound, failing, examples, message, invalidRows, Optional.of(e));
  }

  /** Whether it failed and its severity fails the gate. */
  public boolean failsGate() {
    return !passed && check.severity() == Severity.ERROR;
  }
}
