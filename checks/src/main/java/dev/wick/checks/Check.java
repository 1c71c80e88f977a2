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
    return of(new RowCount(min, max));
  }

  /** Between {@code minRatio} and {@code maxRatio} times the baseline profile's row count. */
  public static Check rowCountRatio(OptionalDouble minRatio, OptionalDouble maxRatio) {
    return of(new RowCountRatio(minRatio, maxRatio));
  }

  /** At least {@code min} (0 to 1) of the rows have a value in {@code field}. */
  public static Check completeness(String field, double min) {
    return of(new Completeness(field, min));
  }

  /** No value (or combination of values) of {@code fields} occurs in more than one row. */
  public static Check unique(String... fields) {
    return of(new Unique(List.of(fields)));
  }

  /** About between {@code min} and {@code max} distinct values in {@code field}. */
  public static Check distinct(String field, OptionalLong min, OptionalLong max) {
    return of(new Distinct(field, min, max));
  }

  /**
   * About between {@code minRatio} and {@code maxRatio} distinct values of {@code field} per
   * non-null value (0 to 1; 1 when every value is distinct).
   */
  public static Check distinctRatio(
      String field, OptionalDouble minRatio, OptionalDouble maxRatio) {
    return of(new DistinctRatio(field, minRatio, maxRatio));
  }

  /** Every value of {@code field} is one of {@code values}. */
  public static Check allowedValues(String field, List<?> values) {
    return of(new AllowedValues(field, values, 1.0));
  }

  /** Every value of {@code field} lies between {@code min} and {@code max}. */
  public static Check range(String field, OptionalDouble min, OptionalDouble max) {
    return of(new Range(field, min, max));
  }

  /** The mean of {@code field} lies between {@code min} and {@code max}. */
  public static Check mean(String field, OptionalDouble min, OptionalDouble max) {
    return of(new Mean(field, min, max));
  }

  /** The {@code q} quantile of {@code field} lies (approximately) between {@code min} and max. */
  public static Check quantile(String field, double q, OptionalDouble min, OptionalDouble max) {
    return of(new Quantile(field, q, min, max));
  }

  /** Every value of {@code field} matches the regular expression {@code pattern} entirely. */
  public static Check regex(String field, String pattern) {
    return of(new Regex(field, pattern, 1.0));
  }

  /** Every value of {@code field} is valid for the semantic type {@code type}. */
  public static Check semantic(String field, String type) {
    return of(new Semantic(field, type, 1.0));
  }

  /** At least {@code minFraction} of the rows satisfy the SQL predicate {@code sql}. */
  public static Check predicate(String sql, double minFraction) {
    return of(new Predicate(sql, minFraction));
  }

  /** Every value of {@code field} occurs in {@code dataset}'s field {@code datasetField}. */
  public static Check references(String field, String dataset, String datasetField) {
    return of(new References(field, dataset, datasetField));
  }

  /** The newest value of {@code field} is at most {@code maxAge} before now (or {@code at}). */
  public static Check freshness(String field, Duration maxAge, Optional<Instant> at) {
    return of(new Freshness(field, maxAge, at));
  }

  /**
   * What a check demands of the data. Each kind has its name in a checks file ({@link #kind()}) and
   * a short description, the check's default name ({@link #describe()}).
   */
  public sealed interface Rule
      permits RowCount,
          RowCountRatio,
          Completeness,
          Unique,
          Distinct,
          DistinctRatio,
          AllowedValues,
          Range,
          Mean,
          Quantile,
          Regex,
          Semantic,
          Predicate,
          References,
          Freshness {
    /** The kind's name in a checks file ({@code completeness}). */
    String kind();

    /** A short description: the kind and what it applies to ({@code completeness(country)}). */
    String describe();
  }

  /**
   * The number of rows is within bounds.
   *
   * @param min the fewest rows allowed
   * @param max the most rows allowed
   */
  public record RowCount(OptionalLong min, OptionalLong max) implements Rule {
    public RowCount {
      Objects.requireNonNull(min, "min");
      Objects.requireNonNull(max, "max");
    }

    @Override
    public String kind() {
      return "rowCount";
    }

    @Override
    public String describe() {
      return "rowCount";
    }
  }

  /**
   * The number of rows is within bounds relative to a baseline profile's row count.
   *
   * @param minRatio the fewest rows allowed, as a multiple of the baseline's
   * @param maxRatio the most rows allowed, as a multiple of the baseline's
   */
  public record RowCountRatio(OptionalDouble minRatio, OptionalDouble maxRatio) implements Rule {
    public RowCountRatio {
      Objects.requireNonNull(minRatio, "minRatio");
      Objects.requireNonNull(maxRatio, "maxRatio");
    }

    @Override
    public String kind() {
      return "rowCount";
    }

    @Override
    public String describe() {
      return "rowCount";
    }
  }

  /**
   * At least {@code min} of the rows have a (non-null) value in {@code field}.
   *
   * @param field the field path
   * @param min the smallest filled fraction, 0 to 1
   */
  public record Completeness(String field, double min) implements Rule {
    @Override
    public String kind() {
      return "completeness";
    }

    @Override
    public String describe() {
      return "completeness(" + field + ")";
    }
  }

  /**
   * No combination of values of {@code fields} occurs in more than one row (exact; nulls count as a
   * value).
   *
   * @param fields the field paths of the key
   */
  public record Unique(List<String> fields) implements Rule {
    public Unique {
      fields = List.copyOf(fields);
    }

    @Override
    public String kind() {
      return "unique";
    }

    @Override
    public String describe() {
      return "unique(" + String.join(", ", fields) + ")";
    }
  }

  /**
   * The number of distinct non-null values of {@code field} is within bounds (approximate: a
   * DataSketches HLL estimate with a relative standard error of about 1.6% for ints, longs, strings
   * and bytes, HyperLogLog++ with 2% for other types).
   *
   * @param field the field path
   * @param min the fewest distinct values allowed
   * @param max the most distinct values allowed
   */
  public record Distinct(String field, OptionalLong min, OptionalLong max) implements Rule {
    @Override
    public String kind() {
      return "distinct";
    }

    @Override
    public String describe() {
      return "distinct(" + field + ")";
    }
  }

  /**
   * The number of distinct non-null values of {@code field} per non-null value is within bounds (0
   * to 1; approximate, the distinct count estimated as {@link Distinct} does): a field whose values
   * are nearly all distinct keeps {@code minRatio: 0.9} as its row count grows.
   *
   * @param field the field path
   * @param minRatio the smallest share of distinct values allowed
   * @param maxRatio the largest share of distinct values allowed
   */
  public record DistinctRatio(String field, OptionalDouble minRatio, OptionalDouble maxRatio)
      implements Rule {
    public DistinctRatio {
      Objects.requireNonNull(field, "field");
      Objects.requireNonNull(minRatio, "minRatio");
      Objects.requireNonNull(maxRatio, "maxRatio");
    }

    @Override
    public String kind() {
      return "distinct";
    }

    @Override
    public String describe() {
      return "distinct(" + field + ")";
    }
  }

  /**
   * At least {@code minFraction} of the non-null values of {@code field} are one of {@code values}.
   *
   * @param field the field path
   * @param values the allowed values (strings, numbers or booleans)
   * @param minFraction the smallest share of allowed values, 0 to 1
   */
  public record AllowedValues(String field, List<?> values, double minFraction) implements Rule {
    public AllowedValues {
      values =
          values.stream()
              .map(
                  v ->
                      v instanceof Integer || v instanceof Short || v instanceof Byte
                          ? (Object) ((Number) v).longValue()
                          : v instanceof Float f
                              ? (Object) f.doubleValue()
                              : Objects.requireNonNull(v, "an allowed value"))
              .toList();
    }

    @Override
    public String kind() {
      return "allowedValues";
    }

    @Override
    public String describe() {
      return "allowedValues(" + field + ")";
    }
  }

  /**
   * The smallest value of {@code field} is at least {@code min} and its largest at most {@code
   * max}.
   *
   * @param field the field path of a numeric field
   * @param min the lower bound
   * @param max the upper bound
   */
  public record Range(String field, OptionalDouble min, OptionalDouble max) implements Rule {
    @Override
    public String kind() {
      return "range";
    }

    @Override
    public String describe() {
      return "range(" + field + ")";
    }
  }

  /**
   * The mean of {@code field}'s values is within bounds.
   *
   * @param field the field path of a numeric field
   * @param min the lower bound
   * @param max the upper bound
   */
  public record Mean(String field, OptionalDouble min, OptionalDouble max) implements Rule {
    @Override
    public String kind() {
      return "mean";
    }

    @Override
    public String describe() {
      return "mean(" + field + ")";
    }
  }

  /**
   * The {@code q} quantile of {@code field}'s values is within bounds (approximate: Spark's {@code
   * percentile_approx} with an accuracy of 10000, a rank error of about 0.01%).
   *
   * @param field the field path of a numeric field
   * @param q the quantile, 0 to 1 (0.5 is the median)
   * @param min the lower bound
   * @param max the upper bound
   */
  public record Quantile(String field, double q, OptionalDouble min, OptionalDouble max)
      implements Rule {
    @Override
    public String kind() {
      return "quantile";
    }

    @Override
    public String describe() {
      return "quantile(" + field + ", " + Numbers.text(q) + ")";
    }
  }

  /**
   * At least {@code minFraction} of {@code field}'s non-null values match {@code pattern} entirely.
   *
   * @param field the field path of a string field
   * @param pattern a Java regular expression
   * @param minFraction the smallest share of matching values, 0 to 1
   */
  public record Regex(String field, String pattern, double minFraction) implements Rule {
    @Override
    public String kind() {
      return "regex";
    }

    @Override
    public String describe() {
      return "regex(" + field + ")";
    }
  }

  /**
   * At least {@code minFraction} of {@code field}'s non-null values are valid for a semantic type
   * of core's registry ({@code country_code}, {@code email}, {@code range(min=0, max=1)}, ...).
   *
   * @param field the field path
   * @param type the semantic type, as written in schemas
   * @param minFraction the smallest share of valid values, 0 to 1
   */
  public record Semantic(String field, String type, double minFraction) implements Rule {
    @Override
    public String kind() {
      return "semantic";
    }

    @Override
    public String describe() {
      return "semantic(" + field + ")";
    }
  }

  /**
   * At least {@code minFraction} of the rows satisfy a Spark SQL predicate over the row (a null
   * result fails).
   *
   * @param sql the predicate, such as {@code ended_at >= started_at}
   * @param minFraction the smallest share of rows that satisfy it, 0 to 1
   */
  public record Predicate(String sql, double minFraction) implements Rule {
    @Override
    public String kind() {
      return "predicate";
    }

    @Override
    public String describe() {
      return "predicate(" + sql + ")";
    }
  }

  /**
   * Every non-null value of {@code field} occurs in the field {@code datasetField} of another
   * dataset, {@code dataset} (referential integrity: {@code user_id in users.user_id}).
   *
   * @param field the field path in the checked data
   * @param dataset the name of the referenced dataset
   * @param datasetField the field path in the referenced dataset
   */
  public record References(String field, String dataset, String datasetField) implements Rule {
    @Override
    public String kind() {
      return "references";
    }

    @Override
    public String describe() {
      return "references(" + field + " in " + dataset + "." + datasetField + ")";
    }
  }

  /**
   * The newest value of a timestamp or date {@code field} is at most {@code maxAge} before {@code
   * at}, or before the time of the run when {@code at} is absent.
   *
   * @param field the field path of a timestamp or date field
   * @param maxAge the largest age allowed
   * @param at the time to measure the age from (default: now)
   */
  public record Freshness(String field, Duration maxAge, Optional<Instant> at) implements Rule {
    public Freshness {
      Objects.requireNonNull(maxAge, "maxAge");
      Objects.requireNonNull(at, "at");
    }

    @Override
    public String kind() {
      return "freshness";
    }

    @Override
    public String describe() {
      return "freshness(" + field + ")";
    }
  }
}
