package dev.wick.checks;

import dev.wick.core.report.Wording;
import dev.wick.profiler.FieldProfile;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * The distinct-count check of {@link Suggestions}: the profile's HyperLogLog bounds widened by
 * {@link SuggestSettings#distinctFactor}, within what the row count and a whole-number range allow.
 */
final class DistinctSuggestion {
  private DistinctSuggestion() {}

  /**
   * Distinct-count bounds for a field of more distinct values than an allowed-values list may hold
   * that is not a key: a field whose every value may be distinct has a distinct count that follows
   * the row count, which the row count check already bounds. The upper bound stays within the rows
   * the row count check allows and, for whole numbers, the values the range holds.
   */
  static Optional<Suggestion> suggest(
      FieldProfile f,
      OptionalDouble lo,
      OptionalDouble hi,
      long maxRows,
      SuggestSettings settings) {
    if (f.distinct().isEmpty()
        || f.allDistinct()
        || f.distinct().get().rounded() <= settings.maxValues()) {
      return Optional.empty();
    }
    var d = f.distinct().get();
    long lower = Math.round(d.lower());
    long upper = Math.round(d.upper());
    long min = (long) Math.floor(lower / settings.distinctFactor());
    long widened = (long) Math.ceil(upper * settings.distinctFactor());
    long max = widened;
    String capped = "";
    if (lo.isPresent() && hi.isPresent()) {
      long held = (long) (hi.getAsDouble() - lo.getAsDouble()) + 1;
      if (held < max && held >= upper) {
        max = held;
        capped = ", at most the " + held + " whole numbers the range holds: " + min + " to " + max;
      }
    }
    if (maxRows < max && maxRows >= upper) {
      max = maxRows;
      capped = ", at most the " + max + " rows the row count allows: " + min + " to " + max;
    }
    return Optional.of(
        new Suggestion(
            f.path(),
            Optional.of(Check.distinct(f.path(), OptionalLong.of(min), OptionalLong.of(max))),
            Optional.empty(),
            "about "
                + Wording.count(d.rounded())
                + " distinct values (between "
                + Wording.count(lower)
                + " and "
                + Wording.count(upper)
                + ") in "
                + Wording.count(f.nonNull(), "non-null value")
                + "; a factor of "
                + Numbers.text(settings.distinctFactor())
                + " either way: "
                + Wording.count(min)
                + " to "
                + Wording.count(widened)
                + capped));
  }
}
