package dev.wick.core.gate;

import java.util.Objects;

/**
 * One rule a gate judged, whatever came of it: the measured value against its limit, and whether it
 * held. A failed judgement is a {@link Violation}; the passed and warned ones are what a verdict
 * adds so that a report can show everything that was judged, not only what broke.
 *
 * @param kind what sort of rule it is
 * @param subject what was judged: a field path, a check's name, {@code keys}, an input's label
 * @param measure what was measured ({@code diff fraction}, {@code score}, {@code rows})
 * @param measured the measured value, as text
 * @param limit the threshold or expectation, as text
 * @param status whether the rule held
 * @param message one sentence saying what was found, for people
 */
public record Judgement(
    Violation.Kind kind,
    String subject,
    String measure,
    String measured,
    String limit,
    Status status,
    String message) {

  public Judgement {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(subject, "subject");
    Objects.requireNonNull(measure, "measure");
    Objects.requireNonNull(measured, "measured");
    Objects.requireNonNull(limit, "limit");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(message, "message");
  }

  /** Whether a rule held. */
  public enum Status {
    /** The rule held. */
    PASSED,
    /** The rule broke, but it only warns: the gate does not fail on it. */
    WARNED,
    /** The rule broke and fails the gate. */
    FAILED
  }

  /** A rule that held. */
  public static Judgement passed(
      Violation.Kind kind,
      String subject,
      String measure,
      String measured,
      String limit,
      String message) {
    return new Judgement(kind, subject, measure, measured, limit, Status.PASSED, message);
  }

  /** A rule that broke without failing the gate. */
  public static Judgement warned(
      String subject, String measure, String measured, String limit, String message) {
    return new Judgement(
        Violation.Kind.THRESHOLD, subject, measure, measured, limit, Status.WARNED, message);
  }

  /** The judgement a violation records. */
  public static Judgement of(Violation v) {
    return new Judgement(
        v.kind(), v.subject(), v.measure(), v.measured(), v.limit(), Status.FAILED, v.message());
  }

  /** This judgement as the violation it records; only a failed one is a violation. */
  public Violation toViolation() {
    if (status != Status.FAILED) {
      throw new IllegalStateException("The rule " + name() + " did not fail.");
    }
    return new Violation(kind, subject, measure, measured, limit, message);
  }

  /** True when the rule broke the input rather than the data's rules (no rows to judge). */
  public boolean isInputError() {
    return status == Status.FAILED && kind.isInputError();
  }

  /**
   * The rule's name in a list of rules: its subject and what was measured of it, or the subject
   * alone when it already says that ({@code range(ms_played)} measures a range).
   */
  public String name() {
    return measure.isEmpty() || subject.startsWith(measure) ? subject : subject + ": " + measure;
  }
}
