package dev.wick.bigdiff;

import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * Statistics of a field's deltas over the keys where it differs and both values are present: the
 * {@link DeltaStatistic}s, each present or absent. They come from mergeable partial aggregates
 * computed in the same pass as the classification.
 *
 * <p>A statistic is exact (the exact value, rounded once to a double) unless it is in {@link
 * #approximate()}: see {@link DeltaStatistic} for which are when.
 *
 * @param type the kind of delta
 * @param count how many deltas there are
 * @param values every {@link DeltaStatistic}, absent where it is undefined (no deltas, too few)
 * @param lowerBounds how many of the deltas are lower bounds of the distance (texts too long to
 *     compare exactly: see {@link TextDistance}); when there are any, every statistic is
 *     approximate
 * @param approximate the statistics whose values are approximate
 */
public record DeltaStats(
    DeltaType type,
    long count,
    Map<DeltaStatistic, OptionalDouble> values,
    long lowerBounds,
    Set<DeltaStatistic> approximate) {

  public DeltaStats {
    Objects.requireNonNull(type, "type");
    EnumMap<DeltaStatistic, OptionalDouble> all = new EnumMap<>(DeltaStatistic.class);
    for (DeltaStatistic s : DeltaStatistic.values()) {
      all.put(s, Objects.requireNonNull(values.get(s), s.key()));
    }
    values = Collections.unmodifiableMap(all);
    EnumSet<DeltaStatistic> marked = EnumSet.noneOf(DeltaStatistic.class);
    marked.addAll(approximate);
    approximate = Collections.unmodifiableSet(marked);
  }

  /** Exact statistics of exact deltas. */
  public DeltaStats(DeltaType type, long count, Map<DeltaStatistic, OptionalDouble> values) {
    this(type, count, values, 0, Set.of());
  }

  /**
   * Says how many deltas are lower bounds, when some are: {@code 2 of 5 deltas are lower bounds
   * ...}.
   */
  public java.util.Optional<String> lowerBoundNote() {
    if (lowerBounds == 0) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.of(
        lowerBounds
            + " of "
            + count
            + (count == 1 ? " delta" : " deltas")
            + (lowerBounds == 1 ? " is a lower bound" : " are lower bounds")
            + " (texts too long to compare exactly: their differing parts, once the common prefix"
            + " and suffix are set aside, exceed "
            + TextDistance.LIMIT
            + " characters each)");
  }

  /** Whether {@code statistic}'s value is approximate. */
  public boolean isApproximate(DeltaStatistic statistic) {
    return approximate.contains(statistic);
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
