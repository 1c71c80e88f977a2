package dev.wick.checks;

import dev.wick.core.WickException;
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
import dev.wick.profiler.TextStats;
import dev.wick.profiler.ValueCount;
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
import org.apache.datasketches.memory.Memory;

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
 *   <li>{@code rowCount}: between {@link #rowCountRatios minRatio and maxRatio} times the profile's
 *       rows, relative to the {@link #baseline} profile when one is named, else as absolute bounds.
 * </ul>
 *
 * <p>The schema is the given Avro schema with {@code wick.semantic} properties added where a field
 * has none (its fields must be the profile's top-level fields), or one derived from the profile's
 * top-level fields and types (nullable where the profile saw nulls).
 */
public final class Suggestions {
  private static final List<String> TEXT_TYPES =
      List.of("uuid", "country_code", "currency", "language_tag", "email", "url");

  private final Profile profile;
  private final Optional<org.apache.avro.Schema> schema;
  private final Optional<String> baseline;
  private final double nullMargin;
  private final double rangeMargin;
  private final double medianMargin;
  private final int maxValues;
  private final long minCount;
  private final double minRatio;
  private final double maxRatio;

  private Suggestions(
      Profile profile,
      Optional<org.apache.avro.Schema> schema,
      Optional<String> baseline,
      double nullMargin,
      double rangeMargin,
      double medianMargin,
      int maxValues,
      long minCount,
      double minRatio,
      double maxRatio) {
    this.profile = profile;
    this.schema = schema;
    this.baseline = baseline;
    this.nullMargin = nullMargin;
    this.rangeMargin = rangeMargin;
    this.medianMargin = medianMargin;
    this.maxValues = maxValues;
    this.minCount = minCount;
    this.minRatio = minRatio;
    this.maxRatio = maxRatio;
  }

  /** Suggestions from {@code profile}, with a schema derived from its fields. */
  public static Suggestions from(Profile profile) {
    Objects.requireNonNull(profile, "profile");
    return new Suggestions(
        profile, Optional.empty(), Optional.empty(), 0.01, 0.1, 0.25, 20, 5, 0.5, 2.0);
  }

  /** Suggestions from {@code profile}, annotating a copy of {@code schema}, the data's schema. */
  public static Suggestions from(Profile profile, org.apache.avro.Schema schema) {
    Objects.requireNonNull(schema, "schema");
    Suggestions s = from(profile);
    return new Suggestions(
        profile,
        Optional.of(schema),
        s.baseline,
        s.nullMargin,
        s.rangeMargin,
        s.medianMargin,
        s.maxValues,
        s.minCount,
        s.minRatio,
        s.maxRatio);
  }

  /**
   * These suggestions, with the row count relative to the profile at {@code path} (written into the
   * checks as their baseline) instead of absolute bounds.
   */
  public Suggestions baseline(String path) {
    Objects.requireNonNull(path, "path");
    return new Suggestions(
        profile,
        schema,
        Optional.of(path),
        nullMargin,
        rangeMargin,
        medianMargin,
        maxValues,
        minCount,
        minRatio,
        maxRatio);
  }

  /** The least a completeness bound lies below the profile's filled share (default 0.01). */
  public Suggestions nullMargin(double margin) {
    if (!(margin >= 0 && margin <= 1)) {
      throw WickException.usage(
              "The null margin must be between 0 and 1, got "
                  + Numbers.text(margin)
                  + "; give a share of the rows.")
          .about("nullMargin", "The null margin");
    }
    return new Suggestions(
        profile,
        schema,
        baseline,
        margin,
        rangeMargin,
        medianMargin,
        maxValues,
        minCount,
        minRatio,
        maxRatio);
  }

  /** How far ranges reach beyond min and max, as a share of max - min (default 0.1). */
  public Suggestions rangeMargin(double margin) {
    if (!(margin >= 0 && Double.isFinite(margin))) {
      throw WickException.usage(
              "The range margin must be 0 or more, got "
                  + Numbers.text(margin)
                  + "; give a share of the span from min to max.")
          .about("rangeMargin", "The range margin");
    }
    return new Suggestions(
        profile,
        schema,
        baseline,
        nullMargin,
        margin,
        medianMargin,
        maxValues,
        minCount,
        minRatio,
        maxRatio);
  }

  /** How far the median may move, as a share of the interquartile range (default 0.25). */
  public Suggestions medianMargin(double margin) {
    if (!(margin >= 0 && Double.isFinite(margin))) {
      throw WickException.usage(
          "The median margin must be 0 or more, got "
              + Numbers.text(margin)
              + "; give a share of the interquartile range.");
    }
    return new Suggestions(
        profile,
        schema,
        baseline,
        nullMargin,
        rangeMargin,
        margin,
        maxValues,
        minCount,
        minRatio,
        maxRatio);
  }

  /**
   * Allowed values for text fields of at most {@code maxValues} values, each seen at least {@code
   * minCount} times (defaults 20 and 5).
   */
  public Suggestions allowedValues(int maxValues, long minCount) {
    if (maxValues < 1 || minCount < 1) {
      throw WickException.usage(
          "Allowed values need at least 1 value seen at least once, got "
              + maxValues
              + " values seen "
              + minCount
              + " times; give numbers of 1 or more.");
    }
    return new Suggestions(
        profile,
        schema,
        baseline,
        nullMargin,
        rangeMargin,
        medianMargin,
        maxValues,
        minCount,
        minRatio,
        maxRatio);
  }

  /** The row count's bounds as multiples of the profile's rows (defaults 0.5 and 2). */
  public Suggestions rowCountRatios(double min, double max) {
    if (!(min >= 0 && max >= min && Double.isFinite(max))) {
      throw WickException.usage(
          "Row count ratios must satisfy 0 <= min <= max, got "
              + Numbers.text(min)
              + " and "
              + Numbers.text(max)
              + "; give a smaller minimum and a larger maximum.");
    }
    return new Suggestions(
        profile,
        schema,
        baseline,
        nullMargin,
        rangeMargin,
        medianMargin,
        maxValues,
        minCount,
        min,
        max);
  }

  /**
   * The suggestions. Fails with a usage error when the given schema does not match the profile's
   * fields, or when no schema was given and a profiled field's type cannot be written back as Avro.
   */
  public SuggestedChecks suggest() {
    Schema model = schema.map(Schemas::fromAvro).orElseGet(this::derived);
    schema.ifPresent(a -> matches(model));
    List<Suggestion> out = new ArrayList<>();
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
        unique(f).ifPresent(out::add);
        allowed(f).ifPresent(out::add);
        semantic(f, storage, existing).ifPresent(out::add);
      } else if (f.kind() == FieldKind.NUMERIC && f.numeric().isPresent()) {
        numeric(f, f.numeric().get(), storage, existing, out);
      }
    }
    Checks checks = Checks.none();
    for (Suggestion s : out) {
      if (s.check().isPresent()) {
        checks = checks.and(s.check().get());
      }
    }
    if (baseline.isPresent()) {
      checks = checks.baseline(baseline.get());
    }
    return new SuggestedChecks(
        profile, checks, SchemaAnnotator.annotate(schema, model, out), schema.isEmpty(), out);
  }

  private Suggestion rowCount() {
    long rows = profile.rowCount();
    String because =
        "the profile has " + Numbers.count(rows, "row") + "; between " + Numbers.text(minRatio);
    if (baseline.isPresent()) {
      return new Suggestion(
          "",
          Optional.of(
              Check.rowCountRatio(OptionalDouble.of(minRatio), OptionalDouble.of(maxRatio))),
          Optional.empty(),
          because + " and " + Numbers.text(maxRatio) + " times that, relative to the baseline");
    }
    long min = (long) Math.floor(rows * minRatio);
    long max = (long) Math.ceil(rows * maxRatio);
    return new Suggestion(
        "",
        Optional.of(Check.rowCount(OptionalLong.of(min), OptionalLong.of(max))),
        Optional.empty(),
        because + " and " + Numbers.text(maxRatio) + " times that: " + min + " to " + max);
  }

  private Optional<Suggestion> completeness(FieldProfile f) {
    double filled = (double) f.nonNull() / f.count();
    if (f.nonNull() == 0) {
      return Optional.empty();
    }
    String seen = Numbers.percent(f.nullRate()) + " nulls in " + Numbers.count(f.count(), "value");
    if (f.nulls() == 0) {
      return Optional.of(
          new Suggestion(
              f.path(),
              Optional.of(Check.completeness(f.path(), 1.0)),
              Optional.empty(),
              "no nulls in " + Numbers.count(f.count(), "value") + ": always filled"));
    }
    double error = 4 * Math.sqrt(filled * (1 - filled) / f.count());
    double margin = Math.max(nullMargin, error);
    double min = Math.max(0, Math.floor((filled - margin) * 10_000) / 10_000);
    return Optional.of(
        new Suggestion(
            f.path(),
            Optional.of(Check.completeness(f.path(), min)),
            Optional.empty(),
            seen
                + ": at least "
                + Numbers.percent(min)
                + " filled (a margin of "
                + Numbers.percent(filled - min)
                + ")"));
  }

  private static Optional<Suggestion> unique(FieldProfile f) {
    if (f.distinct().isEmpty() || f.nulls() > 1 || f.nonNull() < 2) {
      return Optional.empty();
    }
    var d = f.distinct().get();
    long n = f.nonNull();
    boolean repeats = !f.topValues().isEmpty() && f.topValues().get(0).count() > 1;
    if (n < d.lower() || n > d.upper() || repeats) {
      return Optional.empty();
    }
    return Optional.of(
        new Suggestion(
            f.path(),
            Optional.of(Check.unique(f.path())),
            Optional.empty(),
            "about "
                + d.rounded()
                + " distinct values (between "
                + Math.round(d.lower())
                + " and "
                + Math.round(d.upper())
                + ") for "
                + Numbers.count(n, "value")
                + (f.topValues().isEmpty() ? ", none frequent" : ", the most frequent seen once")));
  }

  private Optional<Suggestion> allowed(FieldProfile f) {
    List<ValueCount> top = f.topValues();
    long covered = top.stream().mapToLong(ValueCount::count).sum();
    if (f.redacted()
        || top.isEmpty()
        || top.size() > maxValues
        || covered != f.nonNull()
        || top.get(top.size() - 1).count() < minCount) {
      return Optional.empty();
    }
    List<String> values = top.stream().map(ValueCount::value).sorted().toList();
    return Optional.of(
        new Suggestion(
            f.path(),
            Optional.of(Check.allowedValues(f.path(), values)),
            Optional.empty(),
            Numbers.count(top.size(), "top value")
                + " cover all "
                + Numbers.count(f.nonNull(), "non-null value")
                + ", the rarest seen "
                + top.get(top.size() - 1).count()
                + " times"));
  }

  private static Optional<Suggestion> semantic(
      FieldProfile f, DataType storage, Optional<SemanticSpec> existing) {
    if (existing.isPresent()) {
      return Optional.of(
          new Suggestion(
              f.path(),
              Optional.of(Check.semantic(f.path(), existing.get().text())),
              existing.map(SemanticSpec::text),
              "the schema gives it the semantic type " + existing.get().text()));
    }
    List<String> values = samples(f);
    if (values.isEmpty() || f.text().isEmpty()) {
      return Optional.empty();
    }
    String seen =
        f.topValues().isEmpty()
            ? Numbers.count(values.size(), "value") + " sampled by the frequent-items sketch"
            : Numbers.count(values.size(), "top value");
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
      return Optional.of(
          new Suggestion(
              f.path(),
              Optional.of(Check.semantic(f.path(), spec.text())),
              Optional.of(spec.text()),
              "all " + seen + " are valid " + spec.name() + " values, " + length));
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

  private void numeric(
      FieldProfile f,
      NumericStats s,
      DataType storage,
      Optional<SemanticSpec> existing,
      List<Suggestion> out) {
    if (s.n() == 0 || !Double.isFinite(s.min()) || !Double.isFinite(s.max())) {
      return;
    }
    boolean integral = storage instanceof DataType.IntType || storage instanceof DataType.LongType;
    double span = s.max() - s.min();
    double reach = rangeMargin * (span > 0 ? span : Math.max(1, Math.abs(s.max())));
    double lo = s.min() - reach;
    double hi = s.max() + reach;
    boolean nonNegative = s.min() >= 0 && lo < 0;
    if (s.min() >= 0) {
      lo = Math.max(0, lo);
    }
    lo = integral ? Math.floor(lo) : round(lo, false);
    hi = integral ? Math.ceil(hi) : round(hi, true);
    String seen =
        "min "
            + Numbers.text(s.min())
            + ", max "
            + Numbers.text(s.max())
            + " in "
            + Numbers.count(s.n(), "value")
            + ", widened by "
            + Numbers.percent(rangeMargin)
            + " of the span"
            + (nonNegative ? " and kept non-negative" : "");
    SemanticSpec range =
        SemanticSpec.parse("range(min=" + Numbers.text(lo) + ", max=" + Numbers.text(hi) + ")");
    Optional<String> annotation =
        existing.isPresent() || !SemanticTypes.create(range, f.path()).supports(storage)
            ? Optional.empty()
            : Optional.of(range.text());
    out.add(
        new Suggestion(
            f.path(),
            Optional.of(Check.range(f.path(), OptionalDouble.of(lo), OptionalDouble.of(hi))),
            annotation,
            seen));
    existing.ifPresent(
        e ->
            out.add(
                new Suggestion(
                    f.path(),
                    Optional.of(Check.semantic(f.path(), e.text())),
                    Optional.of(e.text()),
                    "the schema gives it the semantic type " + e.text())));
    Double p25 = s.quantiles().get("p25");
    Double p75 = s.quantiles().get("p75");
    double median = s.median();
    if (p25 != null && p75 != null && Double.isFinite(median) && p75 > p25) {
      double iqr = p75 - p25;
      double mlo = round(median - medianMargin * iqr, false);
      double mhi = round(median + medianMargin * iqr, true);
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
                  + Numbers.percent(medianMargin)
                  + " of that range"));
    }
  }

  /** {@code v} to four significant digits, rounded outward (down for a lower bound). */
  private static double round(double v, boolean up) {
    if (v == 0 || !Double.isFinite(v)) {
      return v;
    }
    double scale = Math.pow(10, 3 - Math.floor(Math.log10(Math.abs(v))));
    double r = up ? Math.ceil(v * scale) / scale : Math.floor(v * scale) / scale;
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
