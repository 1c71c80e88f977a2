package dev.wick.bigdiff;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * How one compared field differs across the keys present on both sides.
 *
 * @param field the field's path ({@code price}, {@code address.city})
 * @param different the number of {@link DiffType#DIFFERENT} keys where this field differs
 * @param fraction {@code different} over all {@link DiffType#DIFFERENT} keys (0 when there are
 *     none)
 * @param delta statistics of the deltas, for fields whose type has a {@link DeltaType}
 * @param examples a few differing keys with both values: the one with the largest delta and the
 *     smallest key
 * @param histogram an approximate histogram of the deltas (bin centres and heights), empty when
 *     there are none
 */
public record FieldStats(
    String field,
    long different,
    double fraction,
    Optional<DeltaStats> delta,
    List<Example> examples,
    List<HistogramBin> histogram) {

  public FieldStats {
    Objects.requireNonNull(field, "field");
    Objects.requireNonNull(delta, "delta");
    examples = List.copyOf(examples);
    histogram = List.copyOf(histogram);
  }

  /**
   * One differing key.
   *
   * @param key the key, rendered as {@code name=value, ...}
   * @param left the left-hand value as text ({@code null} when absent)
   * @param right the right-hand value as text ({@code null} when absent)
   * @param delta the delta, when the field has a delta type and both values are present
   * @param lowerBound whether the delta is only a lower bound (texts too long to compare exactly)
   */
  public record Example(
      String key, String left, String right, OptionalDouble delta, boolean lowerBound) {
    public Example {
      Objects.requireNonNull(key, "key");
      Objects.requireNonNull(delta, "delta");
    }

    /** An example with an exact delta (or none). */
    public Example(String key, String left, String right, OptionalDouble delta) {
      this(key, left, right, delta, false);
    }
  }

  /** A histogram bin: its centre and (approximate) number of deltas. */
  public record HistogramBin(double center, double count) {}
}
