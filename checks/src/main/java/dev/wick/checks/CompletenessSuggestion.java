package dev.wick.checks;

import dev.wick.core.report.Wording;
import dev.wick.profiler.FieldProfile;
import java.util.Optional;

/**
 * The completeness check of {@link Suggestions}: a field's filled share less {@link
 * SuggestSettings#margin}, exactly 1 when the profile saw no null; none for a field of nulls only.
 */
final class CompletenessSuggestion {
  private CompletenessSuggestion() {}

  /** The completeness suggestion for {@code f}, empty when it holds only nulls. */
  static Optional<Suggestion> suggest(FieldProfile f, SuggestSettings settings) {
    double filled = (double) f.nonNull() / f.count();
    if (f.nonNull() == 0) {
      return Optional.empty();
    }
    String seen = Wording.percent(f.nullRate()) + " nulls in " + Wording.count(f.count(), "value");
    if (f.nulls() == 0) {
      return Optional.of(
          new Suggestion(
              f.path(),
              Optional.of(Check.completeness(f.path(), 1.0)),
              Optional.empty(),
              "no nulls in " + Wording.count(f.count(), "value") + ": always filled"));
    }
    double min = settings.lessMargin(filled, f.count());
    return Optional.of(
        new Suggestion(
            f.path(),
            Optional.of(Check.completeness(f.path(), min)),
            Optional.empty(),
            seen
                + ": at least "
                + Wording.percent(min)
                + " filled (a margin of "
                + Wording.percent(filled - min)
                + ")"));
  }
}
