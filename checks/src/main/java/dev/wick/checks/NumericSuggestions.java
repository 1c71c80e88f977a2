package dev.wick.checks;

import dev.wick.core.report.Wording;
import dev.wick.core.schema.DataType;
import dev.wick.core.schema.SemanticSpec;
import dev.wick.core.validation.SemanticTypes;
import dev.wick.profiler.FieldProfile;
import dev.wick.profiler.NumericStats;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.apache.datasketches.kll.KllDoublesSketch;
import org.apache.datasketches.memory.Memory;

/**
 * The checks of {@link Suggestions} for a numeric field: its range, widened by {@link
 * SuggestSettings#rangeMargin} and rounded outward, the schema's semantic type, and a median
 * quantile within {@link SuggestSettings#medianMargin} of the interquartile range.
 */
final class NumericSuggestions {
  private NumericSuggestions() {}

  /**
   * The bounds a numeric semantic type declares: {@code non_negative} (at least 0), {@code
   * positive} (above 0) and {@code range(min=, max=)}; empty for other types.
   */
  private record TypeBounds(OptionalDouble min, boolean minExclusive, OptionalDouble max) {
    static TypeBounds of(Optional<SemanticSpec> spec) {
      TypeBounds none = new TypeBounds(OptionalDouble.empty(), false, OptionalDouble.empty());
      if (spec.isEmpty()) {
        return none;
      }
      SemanticSpec s = spec.get();
      try {
        return switch (s.name()) {
          case "non_negative" ->
              new TypeBounds(OptionalDouble.of(0), false, OptionalDouble.empty());
          case "positive" -> new TypeBounds(OptionalDouble.of(0), true, OptionalDouble.empty());
          case "range" ->
              new TypeBounds(
                  s.params().containsKey("min")
                      ? OptionalDouble.of(Double.parseDouble(s.params().get("min")))
                      : OptionalDouble.empty(),
                  false,
                  s.params().containsKey("max")
                      ? OptionalDouble.of(Double.parseDouble(s.params().get("max")))
                      : OptionalDouble.empty());
          default -> none;
        };
      } catch (NumberFormatException e) {
        return none;
      }
    }
  }

  /**
   * A numeric field's range, the schema's semantic check and a median quantile; returns the range.
   * The range is min and max widened by {@link SuggestSettings#rangeMargin} of the span, but never
   * past a bound the field's semantic type declares (0 for a field without one that had no negative
   * value); where the data already lies past that bound, the range stops at the data's own extreme.
   * The median's bounds hold the quantile sketch's rank error and lie within the range.
   */
  static Optional<Suggestion> suggest(
      FieldProfile f,
      NumericStats s,
      DataType storage,
      Optional<SemanticSpec> existing,
      Evidence evidence,
      List<Finding> findings,
      List<Suggestion> out,
      SuggestSettings settings) {
    if (s.n() == 0 || !Double.isFinite(s.min()) || !Double.isFinite(s.max())) {
      return Optional.empty();
    }
    boolean integral = storage instanceof DataType.IntType || storage instanceof DataType.LongType;
    double span = s.max() - s.min();
    double reach = settings.rangeMargin() * (span > 0 ? span : Math.max(1, Math.abs(s.max())));
    TypeBounds type = TypeBounds.of(existing);
    String typeName = existing.map(SemanticSpec::text).orElse("");
    if (existing.isEmpty() && s.min() >= 0) {
      type = new TypeBounds(OptionalDouble.of(0), false, OptionalDouble.empty());
    }
    double lo = integral ? Math.floor(s.min() - reach) : round(s.min() - reach, false);
    double hi = integral ? Math.ceil(s.max() + reach) : round(s.max() + reach, true);
    List<String> notes = new ArrayList<>();
    if (type.min().isPresent()) {
      double t = type.min().getAsDouble();
      boolean dataInside = type.minExclusive() ? s.min() > t : s.min() >= t;
      boolean loInside = type.minExclusive() ? lo > t : lo >= t;
      if (!dataInside) {
        lo = integral ? Math.floor(s.min()) : round(s.min(), false);
        notes.add("the low end at the data's min, which already breaks " + typeName);
      } else if (!loInside) {
        double at = type.minExclusive() ? (integral ? Math.floor(t) + 1 : s.min()) : t;
        lo = integral ? Math.ceil(at) : at;
        notes.add(existing.isEmpty() ? "kept non-negative" : "kept within " + typeName);
      }
    }
    if (type.max().isPresent()) {
      double t = type.max().getAsDouble();
      if (s.max() > t) {
        hi = integral ? Math.ceil(s.max()) : round(s.max(), true);
        notes.replaceAll(n -> n.startsWith("kept within") ? "the low end " + n : n);
        notes.add("the high end at the data's max, which already breaks " + typeName);
      } else if (hi > t) {
        hi = integral ? Math.floor(t) : t;
        if (!notes.contains("kept within " + typeName)) {
          notes.add("kept within " + typeName);
        }
      }
    }
    String seen =
        "min "
            + Numbers.text(s.min())
            + ", max "
            + Numbers.text(s.max())
            + " in "
            + Wording.count(s.n(), "value")
            + ", widened by "
            + Wording.percent(settings.rangeMargin())
            + " of the span"
            + (notes.isEmpty() ? "" : " and " + String.join(" and ", notes));
    SemanticSpec range =
        SemanticSpec.parse("range(min=" + Numbers.text(lo) + ", max=" + Numbers.text(hi) + ")");
    Optional<String> annotation =
        existing.isPresent() || !SemanticTypes.create(range, f.path()).supports(storage)
            ? Optional.empty()
            : Optional.of(range.text());
    Suggestion rangeSuggestion =
        new Suggestion(
            f.path(),
            Optional.of(Check.range(f.path(), OptionalDouble.of(lo), OptionalDouble.of(hi))),
            annotation,
            seen);
    out.add(rangeSuggestion);
    existing
        .flatMap(e -> SemanticSuggestions.declared(f, storage, e, evidence, findings, settings))
        .ifPresent(out::add);
    Double p25 = s.quantiles().get("p25");
    Double p75 = s.quantiles().get("p75");
    double median = s.median();
    if (p25 != null && p75 != null && Double.isFinite(median) && p75 > p25) {
      double iqr = p75 - p25;
      double error = rankError(f);
      double below = f.quantile(Math.max(0, 0.5 - error)).orElse(median);
      double above = f.quantile(Math.min(1, 0.5 + error)).orElse(median);
      double mlo =
          Math.max(lo, round(Math.min(median - settings.medianMargin() * iqr, below), false));
      double mhi =
          Math.min(hi, round(Math.max(median + settings.medianMargin() * iqr, above), true));
      out.add(
          new Suggestion(
              f.path(),
              Optional.of(
                  Check.quantile(f.path(), 0.5, OptionalDouble.of(mlo), OptionalDouble.of(mhi))),
              Optional.empty(),
              "median "
                  + Numbers.text(median)
                  + ", interquartile range "
                  + Numbers.text(p25)
                  + " to "
                  + Numbers.text(p75)
                  + "; within "
                  + Wording.percent(settings.medianMargin())
                  + " of that range"
                  + (error > 0
                      ? " and the quantile sketch's rank error of " + Wording.percent(error)
                      : "")));
    }
    return Optional.of(rangeSuggestion);
  }

  /**
   * Twice the normalized rank error of a field's quantile sketch (at 99% confidence), 0 while the
   * sketch still holds every value: how far from the middle rank the profile's median may lie.
   */
  private static double rankError(FieldProfile f) {
    Optional<byte[]> bytes = f.sketches().kll();
    if (bytes.isEmpty()) {
      return 0;
    }
    try {
      KllDoublesSketch kll = KllDoublesSketch.heapify(Memory.wrap(bytes.get()));
      return kll.isEstimationMode() ? 2 * kll.getNormalizedRankError(false) : 0;
    } catch (RuntimeException e) {
      // A sketch that does not read: assume the widest error the profiler's sketches have.
      return 0.05;
    }
  }

  /**
   * {@code v} to four significant digits, rounded outward (down for a lower bound), but never past
   * the next whole number: a bound of 6,219,807.5 is 6,219,808, not 6,220,000, so a range never
   * admits more than the whole numbers around what the profile saw.
   */
  private static double round(double v, boolean up) {
    if (v == 0 || !Double.isFinite(v)) {
      return v;
    }
    double scale = Math.pow(10, 3 - Math.floor(Math.log10(Math.abs(v))));
    double r =
        up
            ? Math.min(Math.ceil(v * scale) / scale, Math.ceil(v))
            : Math.max(Math.floor(v * scale) / scale, Math.floor(v));
    return Double.parseDouble(Numbers.text(r));
  }
}
