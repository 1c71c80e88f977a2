package dev.wick.checks;

import dev.wick.core.WickException;
import dev.wick.core.report.Wording;
import dev.wick.core.schema.DataType;
import dev.wick.core.schema.Field;
import dev.wick.core.schema.ResolvedPath;
import dev.wick.core.schema.Schema;
import dev.wick.core.schema.Schemas;
import dev.wick.core.schema.SemanticSpec;
import dev.wick.core.validation.SemanticType;
import dev.wick.core.validation.SemanticTypes;
import dev.wick.profiler.FieldKind;
import dev.wick.profiler.FieldProfile;
import dev.wick.profiler.NumericStats;
import dev.wick.profiler.Profile;
import dev.wick.profiler.SemanticStats;
import dev.wick.profiler.TextStats;
import dev.wick.profiler.ValueCount;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;
import org.apache.datasketches.common.ArrayOfStringsSerDe;
import org.apache.datasketches.frequencies.ErrorType;
import org.apache.datasketches.frequencies.ItemsSketch;
import org.apache.datasketches.kll.KllDoublesSketch;
import org.apache.datasketches.memory.Memory;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * Proposes checks and semantic types from a profile alone, without the data: an immutable value of
 * the profile, an optional Avro schema and the margins, whose {@link #suggest()} gives the checks,
 * the annotated schema and the reason for each suggestion.
 *
 * <pre>{@code
 * SuggestedChecks s = Suggestions.from(Profile.read(day1)).baseline("day1/profile.json").suggest();
 * s.checks().run(day2).gate().passes();
 * }</pre>
 *
 * <p>What it proposes, per field path outside arrays and maps:
 *
 * <ul>
 *   <li>{@code completeness}: the filled share less a margin (the larger of {@link #nullMargin} and
 *       four standard errors of the share), exactly 1 when the profile saw no null;
 *   <li>{@code unique}: text fields whose HyperLogLog bounds hold the number of values and whose
 *       most frequent value occurs once (with at most one null);
 *   <li>{@code allowedValues}: text fields whose top values cover every non-null value, at most
 *       {@link #allowedValues maxValues} of them, each seen at least {@code minCount} times;
 *   <li>{@code range} and a median {@code quantile}: numeric fields, from min and max widened by
 *       {@link #rangeMargin} of their span (never below 0 for a field that had no negative value),
 *       and from the median within {@link #medianMargin} of the interquartile range;
 *   <li>{@code semantic}: text fields whose every top value a built-in semantic type accepts, with
 *       lengths that fit it ({@code uuid}, {@code country_code}, {@code currency}, {@code
 *       language_tag}, {@code email}, {@code url}, {@code base62_id(length=N)}), also written into
 *       the schema as {@code wick.semantic}; numeric fields get {@code range(min=, max=)} there;
 *   <li>{@code distinct}: text fields without allowed values and numeric fields, of more distinct
 *       values than {@link #allowedValues maxValues} and not all distinct, from the profile's
 *       HyperLogLog bounds, the lower divided and the upper multiplied by {@link #distinctFactor}
 *       (default 2);
 *   <li>{@code freshness}: timestamp and date fields, from the age of the newest value when the
 *       profile was made, widened by {@link #freshnessMargin} of that age and rounded up to whole
 *       hours or days, at least an hour (a day for dates); none for a field whose newest value lies
 *       after the profile's time by more than clock skew (5 minutes), or for dates and local
 *       timestamps, which checks read as UTC, more than a time zone's offset (14 hours);
 *   <li>{@code rowCount}: between {@link #rowCountRatios minRatio and maxRatio} times the profile's
 *       rows, relative to the {@link #baseline} profile when one is named, else as absolute bounds.
 * </ul>
 *
 * <p>The schema is the given Avro schema with {@code wick.semantic} properties added where a field
 * has none (its fields must be the profile's top-level fields), or one derived from the profile's
 * top-level fields and types (nullable where the profile saw nulls).
 */
public final class Suggestions {
  /** How many times the span its values cover (at least a day) a field's newest value may age. */
  private static final int STALE_FACTOR = 4;

  private static final List<String> TEXT_TYPES =
      List.of("uuid", "country_code", "currency", "language_tag", "email", "url");

  private final Profile profile;
  private final SuggestSettings settings;

  private Suggestions(Profile profile, SuggestSettings settings) {
    this.profile = profile;
    this.settings = settings;
  }

  /** Suggestions from {@code profile}, with a schema derived from its fields. */
  public static Suggestions from(Profile profile) {
    Objects.requireNonNull(profile, "profile");
    return new Suggestions(profile, SuggestSettings.DEFAULTS);
  }

  /** Suggestions from {@code profile}, annotating a copy of {@code schema}, the data's schema. */
  public static Suggestions from(Profile profile, org.apache.avro.Schema schema) {
    Objects.requireNonNull(schema, "schema");
    Suggestions defaults = from(profile);
    return new Suggestions(profile, defaults.settings.withSchema(schema));
  }

  /**
   * These suggestions, with the row count relative to the profile at {@code path} (written into the
   * checks as their baseline) instead of absolute bounds.
   */
  public Suggestions baseline(String path) {
    return new Suggestions(profile, settings.withBaseline(path));
  }

  /** The least a completeness bound lies below the profile's filled share (default 0.01). */
  public Suggestions nullMargin(double margin) {
    return new Suggestions(profile, settings.withNullMargin(margin));
  }

  /** How far ranges reach beyond min and max, as a share of max - min (default 0.1). */
  public Suggestions rangeMargin(double margin) {
    return new Suggestions(profile, settings.withRangeMargin(margin));
  }

  /** How far the median may move, as a share of the interquartile range (default 0.25). */
  public Suggestions medianMargin(double margin) {
    return new Suggestions(profile, settings.withMedianMargin(margin));
  }

  /**
   * Allowed values for text fields of at most {@code maxValues} values, each seen at least {@code
   * minCount} times (defaults 20 and 5).
   */
  public Suggestions allowedValues(int maxValues, long minCount) {
    return new Suggestions(profile, settings.withAllowedValues(maxValues, minCount));
  }

  /** The row count's bounds as multiples of the profile's rows (defaults 0.5 and 2). */
  public Suggestions rowCountRatios(double min, double max) {
    return new Suggestions(profile, settings.withRowCountRatios(min, max));
  }

  /**
   * How far distinct-count bounds reach beyond the profile's HyperLogLog bounds, as a factor: the
   * lower bound divided by it and the upper bound multiplied by it (default 2, half to double). At
   * least 1.1, since {@code wick check} estimates distinct counts too, with up to 2% standard
   * error.
   */
  public Suggestions distinctFactor(double factor) {
    return new Suggestions(profile, settings.withDistinctFactor(factor));
  }

  /**
   * How much longer than the profile's age of the newest value a freshness check allows, as a share
   * of that age (default 1, twice the age); the result is rounded up to whole hours (whole days for
   * dates and beyond two days), at least an hour (a day for dates).
   */
  public Suggestions freshnessMargin(double margin) {
    return new Suggestions(profile, settings.withFreshnessMargin(margin));
  }

  /**
   * The suggestions from the profile alone. Fails with a usage error when the given schema does not
   * match the profile's fields, or when no schema was given and a profiled field's type cannot be
   * written back as Avro.
   */
  public SuggestedChecks suggest() {
    return suggest(model(), Evidence.NONE);
  }

  /**
   * The suggestions, with what the profile cannot prove verified on {@code data}, the profiled
   * data, in one aggregation (one scan): the exact number of distinct values of each key candidate
   * (a {@code unique} check when there is no repeat) and of values valid for each semantic type the
   * profile has no exact share for. Fails with a usage error when {@code data} lacks a profiled
   * field or has another number of rows than the profile.
   */
  public SuggestedChecks suggest(Dataset<Row> data) {
    Objects.requireNonNull(data, "data");
    Schema model = model();
    Evidence.Recording asked = new Evidence.Recording();
    suggest(model, asked);
    return suggest(model, Evidence.measure(data, profile, asked));
  }

  private Schema model() {
    Schema model = settings.schema().map(Schemas::fromAvro).orElseGet(this::derived);
    settings.schema().ifPresent(a -> matches(model));
    return model;
  }

  private SuggestedChecks suggest(Schema model, Evidence evidence) {
    List<Suggestion> out = new ArrayList<>();
    List<Finding> findings = new ArrayList<>();
    out.add(rowCount());
    for (FieldProfile f : profile.fields()) {
      if (f.path().contains("[]") || f.path().contains("{}") || f.count() == 0) {
        continue;
      }
      Optional<ResolvedPath> resolved = resolve(model, f.path());
      if (resolved.isEmpty() || f.kind() == FieldKind.RECORD) {
        continue;
      }
      completeness(f).ifPresent(out::add);
      if (f.nonNull() == 0) {
        continue;
      }
      DataType storage = resolved.get().type();
      Optional<SemanticSpec> existing = resolved.get().field().semantic();
      if (f.kind() == FieldKind.TEXT) {
        Optional<Suggestion> key = key(f, evidence, findings);
        key.ifPresent(out::add);
        Optional<Suggestion> allowed = allowed(f);
        allowed.ifPresent(out::add);
        if (allowed.isEmpty() && key.isEmpty()) {
          distinct(f, OptionalDouble.empty(), OptionalDouble.empty()).ifPresent(out::add);
        }
        Optional<Suggestion> declared =
            existing.flatMap(e -> declared(f, storage, e, evidence, findings));
        if (existing.isPresent()) {
          declared.ifPresent(out::add);
        } else {
          guessed(f, storage, evidence).ifPresent(out::add);
        }
      } else if (f.kind() == FieldKind.NUMERIC && f.numeric().isPresent()) {
        Optional<Suggestion> range =
            numeric(f, f.numeric().get(), storage, existing, evidence, findings, out);
        boolean integral =
            storage instanceof DataType.IntType || storage instanceof DataType.LongType;
        OptionalDouble lo = OptionalDouble.empty();
        OptionalDouble hi = OptionalDouble.empty();
        if (range.isPresent() && range.get().check().get().rule() instanceof RangeCheck r) {
          lo = r.min();
          hi = r.max();
        }
        distinct(f, integral ? lo : OptionalDouble.empty(), integral ? hi : OptionalDouble.empty())
            .ifPresent(out::add);
      } else if (f.kind() == FieldKind.TEMPORAL && f.numeric().isPresent()) {
        freshness(f, f.numeric().get(), storage, findings).ifPresent(out::add);
      }
    }
    Checks checks = Checks.none();
    for (Suggestion s : out) {
      if (s.check().isPresent()) {
        checks = checks.and(s.check().get());
      }
    }
    if (settings.baseline().isPresent()) {
      checks = checks.baseline(settings.baseline().get());
    }
    return new SuggestedChecks(
        profile,
        checks,
        SchemaAnnotator.annotate(settings.schema(), model, out),
        settings.schema().isEmpty(),
        out,
        findings);
  }

  private Suggestion rowCount() {
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

  private Optional<Suggestion> completeness(FieldProfile f) {
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
  private Optional<Suggestion> key(FieldProfile f, Evidence evidence, List<Finding> findings) {
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
  private static boolean topCoversAll(FieldProfile f) {
    long covered = f.topValues().stream().mapToLong(ValueCount::count).sum();
    return !f.topValues().isEmpty() && covered == f.nonNull() && exactTop(f);
  }

  private Optional<Suggestion> allowed(FieldProfile f) {
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
  private Optional<Suggestion> declared(
      FieldProfile f,
      DataType storage,
      SemanticSpec spec,
      Evidence evidence,
      List<Finding> findings) {
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
  private static Optional<Suggestion> guessed(FieldProfile f, DataType storage, Evidence evidence) {
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
      if (countable && topCoversAll(f)) {
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
   * The range is min and max widened by {@link #rangeMargin} of the span, but never past a bound
   * the field's semantic type declares (0 for a field without one that had no negative value);
   * where the data already lies past that bound, the range stops at the data's own extreme. The
   * median's bounds hold the quantile sketch's rank error and lie within the range.
   */
  private Optional<Suggestion> numeric(
      FieldProfile f,
      NumericStats s,
      DataType storage,
      Optional<SemanticSpec> existing,
      Evidence evidence,
      List<Finding> findings,
      List<Suggestion> out) {
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
    existing.flatMap(e -> declared(f, storage, e, evidence, findings)).ifPresent(out::add);
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
   * Distinct-count bounds for a field of more distinct values than an allowed-values list may hold
   * that is not a key: a field whose every value may be distinct has a distinct count that follows
   * the row count, which the row count check already bounds. The upper bound stays within the rows
   * the row count check allows and, for whole numbers, the values the range holds.
   */
  private Optional<Suggestion> distinct(FieldProfile f, OptionalDouble lo, OptionalDouble hi) {
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
    if (settings.maxRows(profile.rowCount()) < max
        && settings.maxRows(profile.rowCount()) >= upper) {
      max = settings.maxRows(profile.rowCount());
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

  /**
   * A freshness check from the age of a timestamp or date field's newest value when the profile was
   * made. A newest value after the profile's time by more than clock skew (5 minutes; 14 hours, the
   * widest time-zone offset, for dates and local timestamps, which the check reads as UTC) marks a
   * field of future times, such as expiry dates, and gets none. Stale data gets none either, and a
   * {@link Finding}: a newest value older than {@value #STALE_FACTOR} times the span the field's
   * values cover (at least a day), which no fresh batch of the same data would be.
   */
  private Optional<Suggestion> freshness(
      FieldProfile f, NumericStats s, DataType storage, List<Finding> findings) {
    Instant made;
    try {
      made = Instant.parse(profile.createdAt());
    } catch (DateTimeParseException e) {
      return Optional.empty();
    }
    if (s.n() == 0 || !Double.isFinite(s.max())) {
      return Optional.empty();
    }
    boolean date = storage instanceof DataType.DateType;
    boolean local = date || storage instanceof DataType.TimestampType t && !t.utcAdjusted();
    // The profiler keeps dates as days and timestamps as microseconds since the epoch.
    long max = (long) s.max();
    Instant newest = instant(max, date);
    Duration covered = Duration.between(instant((long) s.min(), date), newest);
    String shown =
        date
            ? LocalDate.ofEpochDay(max).toString()
            : local
                ? LocalDateTime.ofInstant(newest, ZoneOffset.UTC).toString()
                : newest.toString();
    Duration age = Duration.between(newest, made);
    Duration skew = local ? Duration.ofHours(14) : Duration.ofMinutes(5);
    String seen = "newest " + shown + ", ";
    if (age.isNegative()) {
      if (age.negated().compareTo(skew) > 0) {
        return Optional.empty();
      }
      seen +=
          Numbers.span(age.negated())
              + " after the profile's time "
              + profile.createdAt()
              + " (within the "
              + Numbers.span(skew)
              + (local ? " a time zone may lie ahead of UTC" : " allowed for clock skew")
              + ": an age of 0)";
      age = Duration.ZERO;
    } else {
      seen += Numbers.span(age) + " before the profile's time " + profile.createdAt();
    }
    Duration cadence = covered.compareTo(Duration.ofDays(1)) > 0 ? covered : Duration.ofDays(1);
    if (age.compareTo(cadence.multipliedBy(STALE_FACTOR)) > 0) {
      long times = age.getSeconds() / Math.max(1, covered.getSeconds());
      findings.add(
          new Finding(
              f.path(),
              Finding.Kind.STALE,
              "The newest "
                  + f.path()
                  + ", "
                  + shown
                  + ", is "
                  + Numbers.span(age)
                  + " older than the profile"
                  + (covered.getSeconds() > 0
                      ? ", " + times + " times the " + Numbers.span(covered) + " its values span"
                      : "")
                  + ": the data looks stale, so no freshness check is suggested; to enforce one,"
                  + " add a freshness check with the maxAge new data must meet"));
      return Optional.empty();
    }
    double widened = age.getSeconds() * (1 + settings.freshnessMargin());
    long unit = date || widened > 2 * 86400 ? 86400 : 3600;
    Duration maxAge = Duration.ofSeconds(unit * Math.max(1, (long) Math.ceil(widened / unit)));
    return Optional.of(
        new Suggestion(
            f.path(),
            Optional.of(Check.freshness(f.path(), maxAge, Optional.empty())),
            Optional.empty(),
            seen
                + "; that age widened by "
                + Wording.percent(settings.freshnessMargin())
                + ", rounded up to whole "
                + (unit == 3600 ? "hours" : "days")
                + " and at least "
                + (date ? "1d" : "1h")
                + ": "
                + Numbers.duration(maxAge)));
  }

  /** A profiled date (days) or timestamp (microseconds since the epoch) as an instant. */
  private static Instant instant(long value, boolean date) {
    return date
        ? LocalDate.ofEpochDay(value).atStartOfDay(ZoneOffset.UTC).toInstant()
        : Instant.ofEpochSecond(
            Math.floorDiv(value, 1_000_000L), Math.floorMod(value, 1_000_000L) * 1000L);
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

  private static Optional<ResolvedPath> resolve(Schema model, String path) {
    try {
      return Optional.of(model.resolve(path));
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }

  private void matches(Schema model) {
    Set<String> profiled = new LinkedHashSet<>();
    for (String p : profile.paths()) {
      if (!p.contains(".") && !p.contains("[]") && !p.contains("{}")) {
        profiled.add(p);
      }
    }
    Set<String> declared = new LinkedHashSet<>();
    model.fields().forEach(f -> declared.add(f.name()));
    for (String p : profiled) {
      if (!declared.contains(p)) {
        throw mismatch("'" + p + "' is in the profile but not in the schema");
      }
    }
    for (String name : declared) {
      if (!profiled.contains(name)) {
        throw mismatch("'" + name + "' is in the schema but not in the profile");
      }
    }
  }

  private WickException mismatch(String what) {
    return WickException.usage(
        "The schema does not match the profile of "
            + profile.source()
            + ": field "
            + what
            + "; give the schema of the profiled data, or none to derive one from the profile.");
  }

  private Schema derived() {
    List<Field> fields = new ArrayList<>();
    for (FieldProfile f : profile.fields()) {
      if (f.path().contains(".") || f.path().contains("[]") || f.path().contains("{}")) {
        continue;
      }
      DataType type = simpleType(f);
      fields.add(f.nulls() > 0 ? Field.nullable(f.path(), type) : Field.of(f.path(), type));
    }
    if (fields.isEmpty()) {
      throw WickException.usage(
          "The profile of "
              + profile.source()
              + " has no fields to derive a schema from; profile data with at least one field.");
    }
    return Schema.of("Suggested", fields);
  }

  private DataType simpleType(FieldProfile f) {
    String t = f.type();
    switch (t) {
      case "boolean":
        return new DataType.BooleanType();
      case "int":
        return new DataType.IntType();
      case "long":
        return new DataType.LongType();
      case "float":
        return new DataType.FloatType();
      case "double":
        return new DataType.DoubleType();
      case "string":
        return new DataType.StringType();
      case "uuid":
        return new DataType.UuidType();
      case "bytes":
        return new DataType.BytesType();
      case "date":
        return new DataType.DateType();
      default:
        break;
    }
    if (t.startsWith("enum ")) {
      // Spark reads an Avro enum as text; the derived schema holds its symbols as strings.
      return new DataType.StringType();
    }
    java.util.regex.Matcher decimal =
        java.util.regex.Pattern.compile("decimal\\((\\d+), ?(\\d+)\\)").matcher(t);
    if (decimal.matches()) {
      return new DataType.DecimalType(
          Integer.parseInt(decimal.group(1)), Integer.parseInt(decimal.group(2)));
    }
    for (String prefix : List.of("timestamp-", "local-timestamp-")) {
      if (t.startsWith(prefix)) {
        String unit = t.substring(prefix.length()).toUpperCase(java.util.Locale.ROOT);
        for (DataType.Precision p : DataType.Precision.values()) {
          if (p.name().equals(unit)) {
            return new DataType.TimestampType(p, prefix.equals("timestamp-"));
          }
        }
      }
    }
    throw WickException.usage(
        "Field '"
            + f.path()
            + "' of the profile of "
            + profile.source()
            + " is a "
            + t
            + ", which a schema derived from the profile cannot hold; give the data's Avro schema.");
  }
}
