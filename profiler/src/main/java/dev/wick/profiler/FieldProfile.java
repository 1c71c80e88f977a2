package dev.wick.profiler;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The profile of one field path ({@code price}, {@code user.country}, {@code events[].kind}, {@code
 * attrs{}}).
 *
 * @param path the field path, in Wick's path notation
 * @param type the storage type, as the schema notation describes it ({@code long}, {@code
 *     array<string>})
 * @param kind which statistics the field has
 * @param count how many values the path holds: one per row for a plain path, one per element for a
 *     path through an array or map (nulls included)
 * @param nulls how many of them were null
 * @param distinct the approximate number of distinct non-null values
 * @param numeric the distribution of a numeric or temporal field, or of a collection's sizes
 * @param text value lengths of a text or binary field
 * @param topValues the most frequent values with their counts, most frequent first (empty when
 *     redacted)
 * @param redacted whether top values were withheld ({@code --redact})
 * @param semantic the share of values the field's semantic type accepts
 * @param sketches the serialized sketches, for merging and comparing profiles without data
 */
public record FieldProfile(
    String path,
    String type,
    FieldKind kind,
    long count,
    long nulls,
    Optional<Distinct> distinct,
    Optional<NumericStats> numeric,
    Optional<TextStats> text,
    List<ValueCount> topValues,
    boolean redacted,
    Optional<SemanticStats> semantic,
    FieldSketches sketches) {

  public FieldProfile {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(kind, "kind");
    distinct = distinct == null ? Optional.empty() : distinct;
    numeric = numeric == null ? Optional.empty() : numeric;
    text = text == null ? Optional.empty() : text;
    topValues = topValues == null ? List.of() : List.copyOf(topValues);
    semantic = semantic == null ? Optional.empty() : semantic;
    sketches = sketches == null ? FieldSketches.none() : sketches;
    if (nulls < 0 || nulls > count) {
      throw new IllegalArgumentException(
          "field " + path + ": nulls (" + nulls + ") must be between 0 and count (" + count + ")");
    }
  }

  /** The share of null values, 0 when the path holds no values. */
  public double nullRate() {
    return count == 0 ? 0.0 : (double) nulls / count;
  }

  /** How many values were not null. */
  public long nonNull() {
    return count - nulls;
  }

  /**
   * Whether every non-null value may be distinct: the distinct count's upper bound reaches the
   * non-null count (a unique key). False when no value is non-null or no distinct count was made.
   */
  public boolean allDistinct() {
    long nonNull = nonNull();
    return nonNull > 0 && distinct.map(d -> d.upper() >= nonNull).orElse(false);
  }

  /**
   * The {@code rank} quantile (0 to 1) of the numeric values, from the field's quantile sketch: the
   * smallest value with at least that share of the values at or below it, within the sketch's rank
   * error (about 1.3%; none while the sketch still holds every value). Empty for a field without a
   * quantile sketch (text, records) or without values.
   */
  public OptionalDouble quantile(double rank) {
    if (!(rank >= 0 && rank <= 1)) {
      throw new IllegalArgumentException("rank " + rank + " is not between 0 and 1");
    }
    Optional<byte[]> bytes = sketches.kll();
    if (bytes.isEmpty()) {
      return OptionalDouble.empty();
    }
    org.apache.datasketches.kll.KllDoublesSketch kll =
        dev.wick.profiler.internal.Sketches.kll(bytes.get(), path);
    return kll.isEmpty()
        ? OptionalDouble.empty()
        : OptionalDouble.of(
            kll.getQuantile(
                rank, org.apache.datasketches.quantilescommon.QuantileSearchCriteria.INCLUSIVE));
  }

  /** This profile without its top values and frequent-items sketch (a redacted profile). */
  public FieldProfile redact() {
    return new FieldProfile(
        path,
        type,
        kind,
        count,
        nulls,
        distinct,
        numeric,
        text,
        List.of(),
        true,
        semantic,
        sketches.withoutItems());
  }
}
