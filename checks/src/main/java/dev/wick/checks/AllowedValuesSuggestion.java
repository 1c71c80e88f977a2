package dev.wick.checks;

import dev.wick.core.report.Wording;
import dev.wick.profiler.FieldProfile;
import dev.wick.profiler.ValueCount;
import java.util.List;
import java.util.Optional;
import org.apache.datasketches.common.ArrayOfStringsSerDe;
import org.apache.datasketches.frequencies.ItemsSketch;
import org.apache.datasketches.memory.Memory;

/**
 * The allowed-values check of {@link Suggestions}, from top values that are exact counts of every
 * value.
 */
final class AllowedValuesSuggestion {
  private AllowedValuesSuggestion() {}

  /**
   * Whether the profile's top values are exact counts of every value: a frequent-items sketch that
   * never had to drop a value (its maximum error is 0).
   */
  private static boolean exactTop(FieldProfile f) {
    if (f.redacted() || f.sketches().items().isEmpty()) {
      return false;
    }
    try {
      ItemsSketch<String> sketch =
          ItemsSketch.getInstance(
              Memory.wrap(f.sketches().items().get()), new ArrayOfStringsSerDe());
      return sketch.getMaximumError() == 0;
    } catch (RuntimeException e) {
      // A sketch that does not read proves nothing.
      return false;
    }
  }

  /** Whether the exact top values hold every non-null value. */
  static boolean topCoversAll(FieldProfile f) {
    long covered = f.topValues().stream().mapToLong(ValueCount::count).sum();
    return !f.topValues().isEmpty() && covered == f.nonNull() && exactTop(f);
  }

  /**
   * The allowed values of a text field whose exact top values cover every non-null value, at most
   * {@link SuggestSettings#maxValues} of them, each seen at least {@link SuggestSettings#minCount}
   * times.
   */
  static Optional<Suggestion> suggest(FieldProfile f, SuggestSettings settings) {
    List<ValueCount> top = f.topValues();
    if (top.isEmpty()
        || top.size() > settings.maxValues()
        || !topCoversAll(f)
        || top.get(top.size() - 1).count() < settings.minCount()) {
      return Optional.empty();
    }
    List<String> values = top.stream().map(ValueCount::value).sorted().toList();
    return Optional.of(
        new Suggestion(
            f.path(),
            Optional.of(Check.allowedValues(f.path(), values)),
            Optional.empty(),
            Wording.count(top.size(), "top value")
                + " cover all "
                + Wording.count(f.nonNull(), "non-null value")
                + ", the rarest seen "
                + Wording.count(top.get(top.size() - 1).count())
                + " times"));
  }
}
