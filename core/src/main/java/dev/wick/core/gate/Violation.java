package dev.wick.core.gate;

import java.util.Objects;

/**
 * One reason a gate fails, in the library's terms.
 *
 * @param kind what sort of rule was broken, which says how it can be accepted
 * @param subject what failed: a field path, or {@code keys}, {@code records}, an input's label
 * @param measure what was measured ({@code diff fraction}, {@code score}, {@code type}, {@code
 *     rows})
 * @param measured the measured value, as text ({@code 0.25}, {@code string}, {@code 0})
 * @param limit the threshold or expectation it broke, as text ({@code 0.1}, {@code long})
 * @param message one sentence saying what failed, for people
 */
public record Violation(
    Kind kind, String subject, String measure, String measured, String limit, String message) {

  public Violation {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(subject, "subject");
    Objects.requireNonNull(measure, "measure");
    Objects.requireNonNull(measured, "measured");
    Objects.requireNonNull(limit, "limit");
    Objects.requireNonNull(message, "message");
  }

  /** What sort of rule a violation broke. */
  public enum Kind {
    /** A measured value is beyond its threshold (a diff fraction, a drift score, invalid rows). */
    THRESHOLD,
    /**
     * The schema changed (a field appeared, vanished, or changed type or nullability); accepted
     * only by allowing schema changes or by ignoring the field.
     */
    SCHEMA_CHANGE,
    /**
     * An input has no rows, so the gate has nothing to judge: an input error rather than a failed
     * check, unless empty inputs are allowed.
     */
    EMPTY_INPUT;

    /** True for kinds that make the input unusable rather than the check failed. */
    public boolean isInputError() {
      return this == EMPTY_INPUT;
    }
  }

  /** An input of no rows, named {@code input}: the gate has nothing to judge. */
  public static Violation emptyInput(String input, String message) {
    return new Violation(Kind.EMPTY_INPUT, input, "rows", "0", "1", message);
  }

  /**
   * A schema change of {@code field}: what changed ({@code presence}, {@code type}, {@code
   * nullable}), what it is now, and what the gate expected.
   */
  public static Violation schemaChange(
      String field, String measure, String measured, String expected, String message) {
    return new Violation(Kind.SCHEMA_CHANGE, field, measure, measured, expected, message);
  }

  @Override
  public String toString() {
    return message;
  }
}
