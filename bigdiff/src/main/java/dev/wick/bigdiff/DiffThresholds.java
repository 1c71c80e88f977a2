package dev.wick.bigdiff;

import dev.wick.core.WickException;

/**
 * What a diff may show before its gate fails ({@link DiffSummary#gate(DiffThresholds)}).
 *
 * <p>The gate fails when more than {@code maxDiffFraction} of all keys are not SAME (duplicated
 * keys count as not SAME), on any schema change unless {@code allowSchemaChange}, and reports an
 * input error when a side has no rows unless {@code allowEmpty}.
 *
 * <pre>{@code
 * DiffThresholds.anyDifference().allowingSchemaChange();
 * DiffThresholds.maxDiffFraction(0.01);
 * }</pre>
 *
 * @param maxDiffFraction the largest fraction of keys (0 to 1) that may be not SAME; 0 allows none
 * @param allowSchemaChange whether fields on one side only, and type and nullability changes, pass
 * @param allowEmpty whether a side with no rows passes (else it is an input error)
 */
public record DiffThresholds(
    double maxDiffFraction, boolean allowSchemaChange, boolean allowEmpty) {

  public DiffThresholds {
    if (!(maxDiffFraction >= 0 && maxDiffFraction <= 1)) {
      throw WickException.usage(
          "The largest diff fraction must be between 0 and 1, got " + maxDiffFraction + ".");
    }
  }

  /** Fails on any key that is not SAME, any schema change and any empty side. */
  public static DiffThresholds anyDifference() {
    return new DiffThresholds(0, false, false);
  }

  /**
   * Fails when more than {@code fraction} of the keys are not SAME, on schema changes and empty
   * sides.
   */
  public static DiffThresholds maxDiffFraction(double fraction) {
    return new DiffThresholds(fraction, false, false);
  }

  /** These thresholds, accepting schema changes. */
  public DiffThresholds allowingSchemaChange() {
    return new DiffThresholds(maxDiffFraction, true, allowEmpty);
  }

  /** These thresholds, accepting sides with no rows. */
  public DiffThresholds allowingEmpty() {
    return new DiffThresholds(maxDiffFraction, allowSchemaChange, true);
  }
}
