package dev.wick.profiler;

import java.util.Objects;
import java.util.Optional;

/**
 * How one field changed between a baseline profile and a current one.
 *
 * @param path the field path
 * @param kind the field's kind (the same in both profiles)
 * @param score the distribution's drift: for numeric, temporal and collection fields the
 *     Kolmogorov-Smirnov statistic less the sketches' own rank error (at least 0, so that two
 *     profiles of the same data score 0 however their sketches compacted), the L-infinity distance
 *     between value shares for categorical ones, 0 when neither applies (records, binaries,
 *     redacted fields)
 * @param ks the two-sample Kolmogorov-Smirnov test from the quantile sketches, if numeric
 * @param categorical the chi-square test and L-infinity distance over top values, if categorical
 * @param baselineNullRate the share of nulls before
 * @param currentNullRate the share of nulls now
 * @param baselineDistinct the approximate distinct count before, if measured
 * @param currentDistinct the approximate distinct count now, if measured
 */
public record FieldDrift(
    String path,
    FieldKind kind,
    double score,
    Optional<KsTest> ks,
    Optional<CategoricalTest> categorical,
    double baselineNullRate,
    double currentNullRate,
    Optional<Double> baselineDistinct,
    Optional<Double> currentDistinct) {

  public FieldDrift {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(kind, "kind");
  }

  /** The change in null rate, current minus baseline (-1 to 1). */
  public double nullRateChange() {
    return currentNullRate - baselineNullRate;
  }

  /**
   * The relative change in the distinct count, {@code (current - baseline) / baseline}, if both
   * were measured (a baseline of 0 counts as 1).
   */
  public Optional<Double> distinctChange() {
    if (baselineDistinct.isEmpty() || currentDistinct.isEmpty()) {
      return Optional.empty();
    }
    double before = baselineDistinct.get();
    return Optional.of((currentDistinct.get() - before) / Math.max(1.0, before));
  }

  /**
   * A two-sample Kolmogorov-Smirnov test computed from two KLL sketches.
   *
   * @param statistic the largest distance between the two empirical CDFs, as the sketches see it
   * @param sketchError how far the sketches' CDFs may be from the data's (the sum of both sketches'
   *     normalized rank errors; 0 while both hold every value)
   * @param pValue the probability of a statistic at least {@code statistic - sketchError} if both
   *     samples came from one distribution: sketch error never makes a difference look significant
   */
  public record KsTest(double statistic, double sketchError, double pValue) {}

  /**
   * Chi-square and L-infinity over the union of both profiles' frequent values (plus one bucket for
   * all other values).
   *
   * @param chiSquare the chi-square statistic of the two-sample homogeneity test
   * @param degreesOfFreedom categories minus one
   * @param pValue the chi-square test's p-value
   * @param linf the largest difference in any category's share of the non-null values
   */
  public record CategoricalTest(
      double chiSquare, int degreesOfFreedom, double pValue, double linf) {}
}
