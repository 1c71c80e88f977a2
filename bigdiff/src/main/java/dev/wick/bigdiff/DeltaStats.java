package dev.wick.bigdiff;

import java.util.Objects;
import java.util.OptionalDouble;

/**
 * Statistics of a field's deltas over the keys where it differs and both values are present.
 *
 * <p>The moments follow commons-math3's definitions: {@code variance} and {@code stddev} are the
 * bias-corrected sample statistics (0 for a single value), {@code skewness} and {@code kurtosis}
 * the bias-corrected sample skewness and excess kurtosis (absent below 3 and 4 values, or when all
 * deltas are equal). They come from mergeable partial aggregates computed in the same pass as the
 * classification. The percentiles are approximate: their rank error is at most 1/10,000 of the
 * count (exact for up to a few thousand deltas).
 */
public record DeltaStats(
    DeltaType type,
    long count,
    OptionalDouble min,
    OptionalDouble max,
    OptionalDouble mean,
    OptionalDouble stddev,
    OptionalDouble variance,
    OptionalDouble skewness,
    OptionalDouble kurtosis,
    OptionalDouble p50,
    OptionalDouble p90,
    OptionalDouble p99) {

  public DeltaStats {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(min, "min");
    Objects.requireNonNull(max, "max");
    Objects.requireNonNull(mean, "mean");
    Objects.requireNonNull(stddev, "stddev");
    Objects.requireNonNull(variance, "variance");
    Objects.requireNonNull(skewness, "skewness");
    Objects.requireNonNull(kurtosis, "kurtosis");
    Objects.requireNonNull(p50, "p50");
    Objects.requireNonNull(p90, "p90");
    Objects.requireNonNull(p99, "p99");
  }
}
