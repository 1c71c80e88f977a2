package dev.wick.profiler;

/**
 * The approximate number of distinct non-null values, from a HyperLogLog sketch, with bounds at
 * about 99.7% confidence (three standard deviations).
 */
public record Distinct(double estimate, double lower, double upper) {

  /** The estimate rounded to a whole number. */
  public long rounded() {
    return Math.round(estimate);
  }
}
