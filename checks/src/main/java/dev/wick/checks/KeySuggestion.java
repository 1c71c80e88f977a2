package dev.wick.checks;

import dev.wick.core.report.Wording;
import dev.wick.profiler.FieldProfile;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * The key checks of {@link Suggestions} for text fields: {@code unique} when the data shows every
 * value distinct, else a distinct ratio, with a {@link Finding} for repeats the data shows.
 */
final class KeySuggestion {
  private KeySuggestion() {}

  /**
   * Whether a text field may be a key: its HyperLogLog estimate is within {@link #KEY_SLACK} of the
   * number of values, no top value repeats and at most one value is null. The slack is far wider
   * than the sketch's error, so that a key is never left out because its estimate fell outside the
   * sketch's confidence bounds (they hold the true count only most of the time); whether it is a
   * key is decided by counting on the data, or by a distinct ratio from the estimate.
   */
  private static boolean keyCandidate(FieldProfile f) {
    if (f.distinct().isEmpty() || f.nulls() > 1 || f.nonNull() < 2) {
      return false;
    }
    var d = f.distinct().get();
    long n = f.nonNull();
    boolean repeats = !f.topValues().isEmpty() && f.topValues().get(0).count() > 1;
    return d.estimate() >= (1 - KEY_SLACK) * n && !repeats;
  }

  /** How far below the number of values a key candidate's distinct estimate may be. */
  private static final double KEY_SLACK = 0.1;

  /**
   * A key candidate's check: {@code unique} when the data showed every value distinct, else a
   * distinct ratio below the share of distinct values, by {@link
   * SuggestSettings#MIN_DISTINCT_FACTOR} (the checked count is an estimate too). The profile's
   * HyperLogLog cannot prove uniqueness; only the data can.
   */
  static Optional<Suggestion> suggest(FieldProfile f, Evidence evidence, List<Finding> findings) {
    if (!keyCandidate(f)) {
      return Optional.empty();
    }
    var d = f.distinct().get();
    long n = f.nonNull();
    OptionalLong measured = evidence.distinct(f.path());
    if (measured.isPresent()) {
      long distinct = measured.getAsLong();
      if (distinct == n) {
        return Optional.of(
            new Suggestion(
                f.path(),
                Optional.of(Check.unique(f.path())),
                Optional.empty(),
                "all "
                    + Wording.count(n, "value")
                    + " distinct, counted on the data"
                    + (f.nulls() == 1 ? " (and one null)" : "")));
      }
      double share = (double) distinct / n;
      double min = Math.floor(share / SuggestSettings.MIN_DISTINCT_FACTOR * 10_000) / 10_000;
      findings.add(
          new Finding(
              f.path(),
              Finding.Kind.DUPLICATES,
              Wording.count(n - distinct, "value")
                  + " of "
                  + f.path()
                  + (n - distinct == 1 ? " repeats" : " repeat")
                  + " an earlier one, counted on the data; suggested distinct minRatio "
                  + Numbers.text(min)
                  + " instead of unique; to make it a key, remove the repeats and suggest again."));
      return Optional.of(
          new Suggestion(
              f.path(),
              Optional.of(
                  Check.distinctRatio(f.path(), OptionalDouble.of(min), OptionalDouble.empty())),
              Optional.empty(),
              distinct
                  + " distinct values in "
                  + Wording.count(n, "value")
                  + ", counted on the data ("
                  + Numbers.text(Math.floor(share * 10_000) / 10_000)
                  + " per value); divided by "
                  + Numbers.text(SuggestSettings.MIN_DISTINCT_FACTOR)
                  + " for the checked estimate: at least "
                  + Numbers.text(min)
                  + " per value"));
    }
    double share = d.lower() / n;
    double min = Math.floor(share / SuggestSettings.MIN_DISTINCT_FACTOR * 10_000) / 10_000;
    return Optional.of(
        new Suggestion(
            f.path(),
            Optional.of(
                Check.distinctRatio(f.path(), OptionalDouble.of(min), OptionalDouble.empty())),
            Optional.empty(),
            "about "
                + Wording.count(d.rounded())
                + " distinct values (between "
                + Wording.count(Math.round(d.lower()))
                + " and "
                + Wording.count(Math.round(d.upper()))
                + ") for "
                + Wording.count(n, "value")
                + (f.topValues().isEmpty() ? ", none frequent" : ", the most frequent seen once")
                + "; an estimate cannot prove a key (suggest on the data to count it): at least "
                + Numbers.text(min)
                + " distinct values per value"));
  }
}
