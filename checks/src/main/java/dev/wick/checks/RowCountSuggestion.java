package dev.wick.checks;

import dev.wick.core.report.Wording;
import dev.wick.profiler.Profile;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * The row count check of {@link Suggestions}: between {@link SuggestSettings#minRatio} and {@link
 * SuggestSettings#maxRatio} times the profile's rows, relative to the baseline profile when one is
 * named, else as absolute bounds.
 */
final class RowCountSuggestion {
  private RowCountSuggestion() {}

  /** The row count suggestion for {@code profile}. */
  static Suggestion suggest(Profile profile, SuggestSettings settings) {
    long rows = profile.rowCount();
    String because =
        "the profile has "
            + Wording.count(rows, "row")
            + "; between "
            + Numbers.text(settings.minRatio());
    if (settings.baseline().isPresent()) {
      return new Suggestion(
          "",
          Optional.of(
              Check.rowCountRatio(
                  OptionalDouble.of(settings.minRatio()), OptionalDouble.of(settings.maxRatio()))),
          Optional.empty(),
          because
              + " and "
              + Numbers.text(settings.maxRatio())
              + " times that, relative to the baseline");
    }
    long min = (long) Math.floor(rows * settings.minRatio());
    long max = (long) Math.ceil(rows * settings.maxRatio());
    return new Suggestion(
        "",
        Optional.of(Check.rowCount(OptionalLong.of(min), OptionalLong.of(max))),
        Optional.empty(),
        because
            + " and "
            + Numbers.text(settings.maxRatio())
            + " times that: "
            + Wording.count(min)
            + " to "
            + Wording.count(max));
  }
}
