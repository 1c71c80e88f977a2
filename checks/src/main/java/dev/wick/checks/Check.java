package dev.wick.checks;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * One dataset-level check: what it demands ({@link Rule}), how a failure counts ({@link Severity})
 * and the name its results and messages use. Immutable; {@link #warn()} and {@link #named} return
 * changed copies.
 *
 * <pre>{@code
 * Check.completeness("country", 0.99).warn();
 * Check.unique("play_id");
 * Check.predicate("ended_at >= started_at", 0.999).named("ends after start");
 * }</pre>
 *
 * @param rule what the check demands of the data
 * @param severity whether a failure fails the gate
 * @param name the name in results and messages; by default the rule's {@link Rule#describe()}
 */
public record Check(Rule rule, Severity severity, String name) {

  public Check {
    Objects.requireNonNull(rule, "rule");
    Objects.requireNonNull(severity, "severity");
    Objects.requireNonNull(name, "name");
  }

  /** A check of {@code rule} that fails the gate, named after the rule. */
  public static Check of(Rule rule) {
    return new Check(rule, Severity.ERROR, rule.describe());
  }

  /** This check, only reported when it fails. */
  public Check warn() {
    return new Check(rule, Severity.WARN, name);
  }

  /** This check with {@code severity}. */
  public Check severity(Severity severity) {
    return new Check(rule, severity, name);
  }

  /** This check, named {@code name} in results and messages. */
  public Check named(String name) {
    return new Check(rule, severity, name);
  }

  /** Between {@code min} and {@code max} rows (either may be absent). */
  public static Check rowCount(OptionalLong min, OptionalLong max) {
    return of(new RowCountCheck(min, max));
  }

  /** Between {@code minRatio} and {@code maxRatio} times the baseline profile's row count. */
  public static Check rowCountRatio(OptionalDouble minRatio, OptionalDouble maxRatio) {
    return of(new RowCountRatioCheck(minRatio, maxRatio));
  }

  /** At least {@code min} (0 to 1) of the rows have a value in {@code field}. */
  public static Check completeness(String field, double min) {
    return of(new CompletenessCheck(field, min));
  }

  /** No value (or combination of values) of {@code fields} occurs in more than one row. */
  public static Check unique(String... fields) {
    return of(new UniqueCheck(List.of(fields)));
  }

  /** About between {@code min} and {@code max} distinct values in {@code field}. */
  public static Check distinct(String field, OptionalLong min, OptionalLong max) {
    return of(new DistinctCheck(field, min, max));
  }

  /**
   * About between {@code minRatio} and {@code maxRatio} distinct values of {@code field} per
   * non-null value (0 to 1; 1 when every value is distinct).
   */
  public static Check distinctRatio(
      String field, OptionalDouble minRatio, OptionalDouble maxRatio) {
    return of(new DistinctRatioCheck(field, minRatio, maxRatio));
  }

  /** Every value of {@code field} is one of {@code values}. */
  public static Check allowedValues(String field, List<?> values) {
    return of(new AllowedValuesCheck(field, values, 1.0));
  }

  /** Every value of {@code field} lies between {@code min} and {@code max}. */
  public static Check range(String field, OptionalDouble min, OptionalDouble max) {
    return of(new RangeCheck(field, min, max));
  }

  /** The mean of {@code field} lies between {@code min} and {@code max}. */
  public static Check mean(String field, OptionalDouble min, OptionalDouble max) {
    return of(new MeanCheck(field, min, max));
  }

  /** The sum of {@code field}'s values (0 when there are none) lies between {@code min} and max. */
  public static Check sum(String field, OptionalDouble min, OptionalDouble max) {
    return of(new SumCheck(field, min, max));
  }

  /** The {@code q} quantile of {@code field} lies (approximately) between {@code min} and max. */
  public static Check quantile(String field, double q, OptionalDouble min, OptionalDouble max) {
    return of(new QuantileCheck(field, q, min, max));
  }

  /** Every value of {@code field} matches the regular expression {@code pattern} entirely. */
  public static Check regex(String field, String pattern) {
    return of(new RegexCheck(field, pattern, 1.0));
  }

  /** Every value of {@code field} is valid for the semantic type {@code type}. */
  public static Check semantic(String field, String type) {
    return of(new SemanticCheck(field, type, 1.0));
  }

  /** At least {@code minFraction} of the rows satisfy the SQL predicate {@code sql}. */
  public static Check predicate(String sql, double minFraction) {
    return of(new PredicateCheck(sql, minFraction));
  }

  /** Every value of {@code field} occurs in {@code dataset}'s field {@code datasetField}. */
  public static Check references(String field, String dataset, String datasetField) {
    return of(new ReferencesCheck(field, dataset, datasetField));
  }

  /** The newest value of {@code field} is at most {@code maxAge} before now (or {@code at}). */
  public static Check freshness(String field, Duration maxAge, Optional<Instant> at) {
    return of(new FreshnessCheck(field, maxAge, at));
  }

  /**
   * What a check demands of the data. Each kind has its name in a checks file ({@link #kind()}) and
   * a short description, the check's default name ({@link #describe()}). Each kind is a record of
   * its own: {@link RangeCheck}, {@link UniqueCheck}, ...
   */
  public sealed interface Rule
      permits RowCountCheck,
          RowCountRatioCheck,
          CompletenessCheck,
          UniqueCheck,
          DistinctCheck,
          DistinctRatioCheck,
          AllowedValuesCheck,
          RangeCheck,
          MeanCheck,
          SumCheck,
          QuantileCheck,
          RegexCheck,
          SemanticCheck,
          PredicateCheck,
          ReferencesCheck,
          FreshnessCheck {
    /** The kind's name in a checks file ({@code completeness}). */
    default String kind() {
      return CheckKinds.of(this).name();
    }

    /** A short description: the kind and what it applies to ({@code completeness(country)}). */
    String describe();
  }
}
