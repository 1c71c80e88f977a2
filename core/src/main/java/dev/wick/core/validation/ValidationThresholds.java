package dev.wick.core.validation;

import dev.wick.core.WickException;
import dev.wick.core.gate.Judgement;
import dev.wick.core.gate.Violation;
import dev.wick.core.report.Wording;
import java.util.Optional;

/**
 * What a validation may show before its gate fails ({@link ValidationSummary#gate}): more than
 * {@code maxInvalidFraction} of the records invalid fails it, and an input of no records is an
 * input error unless {@code allowEmpty}.
 *
 * @param maxInvalidFraction the largest fraction of invalid records (0 to 1); 1 allows any
 * @param allowEmpty whether an input of no records passes
 */
public record ValidationThresholds(double maxInvalidFraction, boolean allowEmpty) {

  public ValidationThresholds {
    if (!(maxInvalidFraction >= 0 && maxInvalidFraction <= 1)) {
      throw WickException.usage(
          "The largest invalid fraction must be between 0 and 1, got "
              + maxInvalidFraction
              + "; give a fraction such as 0.01 for 1%.");
    }
  }

  /** Any share of invalid records passes; an input of no records does not. */
  public static ValidationThresholds anyInvalid() {
    return new ValidationThresholds(1, false);
  }

  /** At most {@code fraction} of the records may be invalid; an input of no records fails. */
  public static ValidationThresholds maxInvalidFraction(double fraction) {
    return new ValidationThresholds(fraction, false);
  }

  /**
   * The violation of the largest invalid fraction by {@code invalid} of {@code total} rows, if they
   * break it; {@code noun} names a row ({@code record}, {@code row}). {@code wick validate} and
   * {@code wick check --split} judge their invalid rows by this one rule.
   */
  public Optional<Violation> judgeInvalid(long invalid, long total, String noun) {
    Judgement j = judgeInvalidRule(invalid, total, noun);
    return j.status() == Judgement.Status.FAILED ? Optional.of(j.toViolation()) : Optional.empty();
  }

  /** {@link #judgeInvalid}'s rule, whether it held or not. */
  public Judgement judgeInvalidRule(long invalid, long total, String noun) {
    double fraction = total == 0 ? 0.0 : (double) invalid / total;
    boolean within = fraction <= maxInvalidFraction;
    return new Judgement(
        Violation.Kind.THRESHOLD,
        noun + "s",
        "invalid fraction",
        Wording.plain(fraction),
        Wording.plain(maxInvalidFraction),
        within ? Judgement.Status.PASSED : Judgement.Status.FAILED,
        Wording.count(invalid)
            + " of "
            + Wording.count(total, noun)
            + " ("
            + Wording.percent(fraction)
            + ") are invalid; "
            + (maxInvalidFraction == 0
                ? "none may be."
                : "at most " + Wording.percent(maxInvalidFraction) + " may be."));
  }

  /** These thresholds, accepting an input of no records. */
  public ValidationThresholds allowingEmpty() {
    return new ValidationThresholds(maxInvalidFraction, true);
  }
}
