package dev.wick.profiler;

import java.util.List;
import java.util.Map;

/**
 * The distribution of a numeric field (or of a temporal field in days or microseconds since the
 * epoch, or of a collection's sizes): moments over the finite values, counts of special values,
 * quantiles and a histogram drawn from the field's KLL sketch.
 *
 * @param n how many finite values were summarised
 * @param min the smallest finite value
 * @param max the largest finite value
 * @param mean the mean of the finite values
 * @param stddev the population standard deviation of the finite values
 * @param zeros how many values were exactly zero
 * @param nan how many values were NaN (floating point only)
 * @param infinite how many values were positive or negative infinity (floating point only)
 * @param quantiles {@code p01 ... p99} to their approximate values, in rank order
 * @param histogram equal-width bins from {@code min} to {@code max} with approximate counts
 */
public record NumericStats(
    long n,
    double min,
    double max,
    double mean,
    double stddev,
    long zeros,
    long nan,
    long infinite,
    Map<String, Double> quantiles,
    List<Bin> histogram) {

  /** The quantile ranks every profile reports, with their names. */
  public static final Map<String, Double> RANKS = ranks();

  public NumericStats {
    quantiles = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(quantiles));
    histogram = List.copyOf(histogram);
  }

  private static Map<String, Double> ranks() {
    Map<String, Double> r = new java.util.LinkedHashMap<>();
    for (int p : new int[] {1, 5, 10, 25, 50, 75, 90, 95, 99}) {
      r.put(String.format(java.util.Locale.ROOT, "p%02d", p), p / 100.0);
    }
    return java.util.Collections.unmodifiableMap(r);
  }

  /** The approximate median ({@code p50}), or NaN when no value was summarised. */
  public double median() {
    return quantiles.getOrDefault("p50", Double.NaN);
  }

  /**
   * One histogram bin: values in {@code [low, high)}, the last bin also holding {@code high}.
   *
   * @param count the approximate number of values in the bin
   */
  public record Bin(double low, double high, long count) {
    public Bin {
      if (count < 0) {
        throw new IllegalArgumentException("a histogram bin count must be >= 0, got " + count);
      }
    }
  }
}
