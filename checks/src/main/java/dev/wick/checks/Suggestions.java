package dev.wick.checks;

import dev.wick.core.schema.DataType;
import dev.wick.core.schema.ResolvedPath;
import dev.wick.core.schema.Schema;
import dev.wick.core.schema.SemanticSpec;
import dev.wick.profiler.FieldKind;
import dev.wick.profiler.FieldProfile;
import dev.wick.profiler.Profile;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
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
    return ProfiledSchema.model(profile, settings.schema());
  }

  /**
   * The per-field dispatch: the row count, then for each field path outside arrays and maps its
   * completeness and, by the field's kind, the suggestions of text ({@link KeySuggestion}, {@link
   * AllowedValuesSuggestion}, {@link DistinctSuggestion}, {@link SemanticSuggestions}), numeric
   * ({@link NumericSuggestions}, {@link DistinctSuggestion}) or temporal fields ({@link
   * FreshnessSuggestion}), in that order; then the checks, the annotated schema and the findings.
   */
  private SuggestedChecks suggest(Schema model, Evidence evidence) {
    List<Suggestion> out = new ArrayList<>();
    List<Finding> findings = new ArrayList<>();
    long maxRows = settings.maxRows(profile.rowCount());
    out.add(RowCountSuggestion.suggest(profile, settings));
    for (FieldProfile f : profile.fields()) {
      if (f.path().contains("[]") || f.path().contains("{}") || f.count() == 0) {
        continue;
      }
      Optional<ResolvedPath> resolved = ProfiledSchema.resolve(model, f.path());
      if (resolved.isEmpty() || f.kind() == FieldKind.RECORD) {
        continue;
      }
      CompletenessSuggestion.suggest(f, settings).ifPresent(out::add);
      if (f.nonNull() == 0) {
        continue;
      }
      DataType storage = resolved.get().type();
      Optional<SemanticSpec> existing = resolved.get().field().semantic();
      if (f.kind() == FieldKind.TEXT) {
        Optional<Suggestion> key = KeySuggestion.suggest(f, evidence, findings);
        key.ifPresent(out::add);
        Optional<Suggestion> allowed = AllowedValuesSuggestion.suggest(f, settings);
        allowed.ifPresent(out::add);
        if (allowed.isEmpty() && key.isEmpty()) {
          DistinctSuggestion.suggest(
                  f, OptionalDouble.empty(), OptionalDouble.empty(), maxRows, settings)
              .ifPresent(out::add);
        }
        Optional<Suggestion> declared =
            existing.flatMap(
                e -> SemanticSuggestions.declared(f, storage, e, evidence, findings, settings));
        if (existing.isPresent()) {
          declared.ifPresent(out::add);
        } else {
          SemanticSuggestions.guessed(f, storage, evidence).ifPresent(out::add);
        }
      } else if (f.kind() == FieldKind.NUMERIC && f.numeric().isPresent()) {
        Optional<Suggestion> range =
            NumericSuggestions.suggest(
                f, f.numeric().get(), storage, existing, evidence, findings, out, settings);
        boolean integral =
            storage instanceof DataType.IntType || storage instanceof DataType.LongType;
        OptionalDouble lo = OptionalDouble.empty();
        OptionalDouble hi = OptionalDouble.empty();
        if (range.isPresent() && range.get().check().get().rule() instanceof RangeCheck r) {
          lo = r.min();
          hi = r.max();
        }
        DistinctSuggestion.suggest(
                f,
                integral ? lo : OptionalDouble.empty(),
                integral ? hi : OptionalDouble.empty(),
                maxRows,
                settings)
            .ifPresent(out::add);
      } else if (f.kind() == FieldKind.TEMPORAL && f.numeric().isPresent()) {
        FreshnessSuggestion.suggest(f, f.numeric().get(), storage, findings, profile, settings)
            .ifPresent(out::add);
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
}
