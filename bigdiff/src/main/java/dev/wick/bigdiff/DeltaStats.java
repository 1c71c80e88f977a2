package dev.wick.bigdiff;

import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * Statistics of a field's deltas over the keys where it differs and both values are present: the
 * {@link DeltaStatistic}s, each present or absent. They come from mergeable partial aggregates
 * computed in the same pass as the classification.
 *
 * @param type the kind of delta
 * @param count how many deltas there are
 * @param values every {@link DeltaStatistic}, absent where it is undefined (no deltas, too few)
 */
public record DeltaStats(DeltaType type, long count, Map<DeltaStatistic, OptionalDouble> values) {

  public DeltaStats {
    Objects.requireNonNull(type, "type");
    EnumMap<DeltaStatistic, OptionalDouble> all = new EnumMap<>(DeltaStatistic.class);
    for (DeltaStatistic s : DeltaStatistic.values()) {
      all.put(s, Objects.requireNonNull(values.get(s), s.key()));
    }
    values = java.util.Collections.unmodifiableMap(all);
  }

  /** Statistics of no deltas: every one absent. */
  static DeltaStats none(DeltaType type) {
    Map<DeltaStatistic, OptionalDouble> values = new EnumMap<>(DeltaStatistic.class);
    for (DeltaStatistic s : DeltaStatistic.values()) {
      values.put(s, OptionalDouble.empty());
    }
    return new DeltaStats(type, 0, values);
  }

  /** The value of {@code statistic}, or empty where it is undefined. */
  public OptionalDouble get(DeltaStatistic statistic) {
    return values.get(statistic);
  }

  public OptionalDouble min() {
    return get(DeltaStatistic.MIN);
  }

  public OptionalDouble max() {
    return get(DeltaStatistic.MAX);
  }

  public OptionalDouble mean() {
    return get(DeltaStatistic.MEAN);
  }

  public OptionalDouble stddev() {
    return get(DeltaStatistic.STDDEV);
  }

  public OptionalDouble variance() {
    return get(DeltaStatistic.VARIANCE);
  }

  public OptionalDouble skewness() {
    return get(DeltaStatistic.SKEWNESS);
  }

  public OptionalDouble kurtosis() {
    return get(DeltaStatistic.KURTOSIS);
  }

  public OptionalDouble p50() {
    return get(DeltaStatistic.P50);
  }

  public OptionalDouble p90() {
    return get(DeltaStatistic.P90);
  }

  public OptionalDouble p99() {
    return get(DeltaStatistic.P99);
  }
}
