package dev.wick.checks;

import dev.wick.core.report.Wording;
import dev.wick.core.schema.DataType;
import dev.wick.core.schema.SemanticSpec;
import dev.wick.core.validation.SemanticType;
import dev.wick.core.validation.SemanticTypes;
import dev.wick.profiler.FieldProfile;
import dev.wick.profiler.SemanticStats;
import dev.wick.profiler.TextStats;
import dev.wick.profiler.ValueCount;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.apache.datasketches.common.ArrayOfStringsSerDe;
import org.apache.datasketches.frequencies.ErrorType;
import org.apache.datasketches.frequencies.ItemsSketch;
import org.apache.datasketches.memory.Memory;

/**
 * The semantic types and checks of {@link Suggestions}: a type the schema declares, checked from a
 * count of its valid values, with a {@link Finding} for a breach; or a type recognised from a text
 * field's values ({@link #TEXT_TYPES} and {@code base62_id(length=N)}) with lengths that fit it.
 */
final class SemanticSuggestions {
  private SemanticSuggestions() {}

  /**
   * The semantic types recognised from text values; each has its length rule in {@code lengthsFit}.
   */
  private static final List<String> TEXT_TYPES =
      List.of("uuid", "country_code", "currency", "language_tag", "email", "url");

  /** Whether {@code wick check} can count {@code type} in its aggregation. */
  private static boolean countable(SemanticType type, DataType storage) {
    try {
      return type.validWhen(org.apache.spark.sql.functions.lit("probe"), storage).isPresent();
    } catch (RuntimeException e) {
      return false;
    }
  }

  /**
   * The check of a semantic type the schema declares: from the profile's exact count of valid
   * values when it has one for that type, else from the data's. Every value valid gives {@code
   * minFraction} 1; a breach gives the observed share less the {@link SuggestSettings#margin} and a
   * {@link Finding}. Without a count the type stays in the schema with no check.
   */
  static Optional<Suggestion> declared(
      FieldProfile f,
      DataType storage,
      SemanticSpec spec,
      Evidence evidence,
      List<Finding> findings,
      SuggestSettings settings) {
    String because = "the schema gives it the semantic type " + spec.text();
    SemanticType type;
    try {
      type = SemanticTypes.create(spec, f.path());
    } catch (RuntimeException e) {
      return Optional.empty();
    }
    if (!type.supports(storage) || !countable(type, storage)) {
      return Optional.of(
          new Suggestion(
              f.path(),
              Optional.empty(),
              Optional.of(spec.text()),
              because + ", which wick check cannot count in one pass: no check"));
    }
    long checked;
    long valid;
    String where;
    Optional<SemanticStats> stats =
        f.semantic().filter(s -> SemanticSpec.parse(s.type()).text().equals(spec.text()));
    OptionalLong invalid = evidence.invalid(f.path(), spec, storage);
    if (stats.isPresent()) {
      checked = stats.get().checked();
      valid = stats.get().valid();
      where = "the profile";
    } else if (invalid.isPresent()) {
      checked = f.nonNull();
      valid = checked - invalid.getAsLong();
      where = "the data";
    } else {
      return Optional.of(
          new Suggestion(
              f.path(),
              Optional.empty(),
              Optional.of(spec.text()),
              because
                  + ", but the profile has no count of its valid values (profile with the schema,"
                  + " or suggest on the data): no check"));
    }
    if (valid == checked) {
      return Optional.of(
          new Suggestion(
              f.path(),
              Optional.of(Check.semantic(f.path(), spec.text())),
              Optional.of(spec.text()),
              because
                  + "; all "
                  + Wording.count(checked, "value")
                  + " valid, counted by "
                  + where));
    }
    double share = (double) valid / checked;
    double min = settings.lessMargin(share, checked);
    long broken = checked - valid;
    findings.add(
        new Finding(
            f.path(),
            Finding.Kind.BREACH,
            broken
                + (broken == 1 ? " value of " : " values of ")
                + f.path()
                + " already "
                + (broken == 1 ? "breaks " : "break ")
                + spec.name()
                + "; suggested minFraction "
                + Numbers.text(min)
                + "; to enforce the schema's rule, set 1"));
    return Optional.of(
        new Suggestion(
            f.path(),
            Optional.of(Check.of(new SemanticCheck(f.path(), spec.text(), min))),
            Optional.of(spec.text()),
            because
                + "; "
                + Wording.count(valid)
                + " of "
                + Wording.count(checked, "value")
                + " valid ("
                + Wording.percent(share)
                + "), counted by "
                + where
                + ": at least "
                + Wording.percent(min)
                + " (a margin of "
                + Wording.percent(share - min)
                + ")"));
  }

  /**
   * A semantic type recognised from the values a text field's profile shows, with lengths that fit
   * it. A check only when every value is proven valid: the exact top values hold every value, or
   * the data showed none invalid; a type the data shows some values break is not suggested; an
   * unproven one goes into the schema alone.
   */
  static Optional<Suggestion> guessed(FieldProfile f, DataType storage, Evidence evidence) {
    List<String> values = samples(f);
    if (values.isEmpty() || f.text().isEmpty()) {
      return Optional.empty();
    }
    String seen =
        f.topValues().isEmpty()
            ? Wording.count(values.size(), "value") + " sampled by the frequent-items sketch"
            : Wording.count(values.size(), "top value");
    TextStats lengths = f.text().get();
    List<String> candidates = new ArrayList<>(TEXT_TYPES);
    if (lengths.minLength() == lengths.maxLength() && lengths.minLength() >= 8) {
      candidates.add("base62_id(length=" + lengths.minLength() + ")");
    }
    for (String candidate : candidates) {
      SemanticSpec spec = SemanticSpec.parse(candidate);
      if (!lengthsFit(spec.name(), lengths)) {
        continue;
      }
      SemanticType type = SemanticTypes.create(spec, f.path());
      if (!type.supports(storage) || !values.stream().allMatch(v -> type.check(v).isEmpty())) {
        continue;
      }
      String length =
          lengths.minLength() == lengths.maxLength()
              ? "all " + lengths.minLength() + " characters long"
              : lengths.minLength() + " to " + lengths.maxLength() + " characters long";
      String because = "all " + seen + " are valid " + spec.name() + " values, " + length;
      boolean countable = countable(type, storage);
      if (countable && AllowedValuesSuggestion.topCoversAll(f)) {
        return Optional.of(
            new Suggestion(
                f.path(),
                Optional.of(Check.semantic(f.path(), spec.text())),
                Optional.of(spec.text()),
                because + ", and they are every value"));
      }
      OptionalLong invalid =
          countable ? evidence.invalid(f.path(), spec, storage) : OptionalLong.empty();
      if (invalid.isPresent() && invalid.getAsLong() > 0) {
        return Optional.empty();
      }
      if (invalid.isPresent()) {
        return Optional.of(
            new Suggestion(
                f.path(),
                Optional.of(Check.semantic(f.path(), spec.text())),
                Optional.of(spec.text()),
                because
                    + "; all "
                    + Wording.count(f.nonNull(), "value")
                    + " valid, counted on the"
                    + " data"));
      }
      return Optional.of(
          new Suggestion(
              f.path(),
              Optional.empty(),
              Optional.of(spec.text()),
              because
                  + "; the other values are unseen, so no check (suggest on the data to count"
                  + " them)"));
    }
    return Optional.empty();
  }

  /**
   * The values a text field's profile shows: its top values, or when it has none (no value stood
   * out) the values its frequent-items sketch tracks, at most 200.
   */
  private static List<String> samples(FieldProfile f) {
    if (f.redacted()) {
      return List.of();
    }
    if (!f.topValues().isEmpty()) {
      return f.topValues().stream().map(ValueCount::value).toList();
    }
    Optional<byte[]> bytes = f.sketches().items();
    if (bytes.isEmpty()) {
      return List.of();
    }
    try {
      ItemsSketch<String> sketch =
          ItemsSketch.getInstance(Memory.wrap(bytes.get()), new ArrayOfStringsSerDe());
      return Arrays.stream(sketch.getFrequentItems(ErrorType.NO_FALSE_NEGATIVES))
          .map(ItemsSketch.Row::getItem)
          .sorted()
          .limit(200)
          .toList();
    } catch (RuntimeException e) {
      // A sketch that does not read gives no sample; the profile's statistics still hold.
      return List.of();
    }
  }

  private static boolean lengthsFit(String type, TextStats lengths) {
    return switch (type) {
      case "uuid" -> lengths.minLength() == 36 && lengths.maxLength() == 36;
      case "country_code" -> lengths.minLength() == 2 && lengths.maxLength() == 2;
      case "currency" -> lengths.minLength() == 3 && lengths.maxLength() == 3;
      case "language_tag" -> lengths.minLength() >= 2 && lengths.maxLength() <= 13;
      case "email" -> lengths.minLength() >= 3;
      case "url" -> lengths.minLength() >= 8;
      default -> true;
    };
  }
}
