package dev.wick.checks;

import dev.wick.core.WickException;
import java.util.Objects;
import java.util.Optional;

/**
 * The settings of one {@link Suggestions}, as it holds them: the one immutable value of them,
 * changed through its {@code withX} copies. Each value is checked here, once, when a settings value
 * is made, with the usage error {@code Suggestions}' setters give.
 *
 * @param schema the data's Avro schema to annotate; empty to derive one from the profile
 * @param baseline the profile the row count is relative to; empty for absolute bounds
 * @param nullMargin the least a completeness bound lies below the filled share, 0 to 1
 * @param rangeMargin how far ranges reach beyond min and max, as a share of the span, 0 or more
 * @param medianMargin how far the median may move, as a share of the interquartile range, 0 or more
 * @param maxValues the most values an allowed-values list holds, 1 or more
 * @param minCount the fewest times each allowed value was seen, 1 or more
 * @param minRatio the row count's lower bound as a multiple of the profile's rows, 0 or more
 * @param maxRatio the row count's upper bound as a multiple of the profile's rows, at least {@code
 *     minRatio}
 * @param distinctFactor how far distinct-count bounds reach beyond the profile's, as a factor, at
 *     least {@link #MIN_DISTINCT_FACTOR}
 * @param freshnessMargin how much longer than the newest value's age a freshness check allows, as a
 *     share of that age, 0 or more
 */
record SuggestSettings(
    Optional<org.apache.avro.Schema> schema,
    Optional<String> baseline,
    double nullMargin,
    double rangeMargin,
    double medianMargin,
    int maxValues,
    long minCount,
    double minRatio,
    double maxRatio,
    double distinctFactor,
    double freshnessMargin) {

  /** The narrowest distinct factor: wider than three standard errors of the checks' sketch. */
  static final double MIN_DISTINCT_FACTOR = 1.1;

  /**
   * The defaults: a derived schema, absolute row counts, a null margin of 0.01, a range margin of
   * 0.1, a median margin of 0.25, at most 20 allowed values seen at least 5 times each, row count
   * ratios of 0.5 and 2, a distinct factor of 2 and a freshness margin of 1.
   */
  static final SuggestSettings DEFAULTS =
      new SuggestSettings(
          Optional.empty(), Optional.empty(), 0.01, 0.1, 0.25, 20, 5, 0.5, 2.0, 2.0, 1.0);

  SuggestSettings {
    Objects.requireNonNull(schema, "schema");
    Objects.requireNonNull(baseline, "baseline");
    if (!(nullMargin >= 0 && nullMargin <= 1)) {
      throw WickException.usage(
              "The null margin must be between 0 and 1, got "
                  + Numbers.text(nullMargin)
                  + "; give a share of the rows.")
          .about("nullMargin", "The null margin");
    }
    if (!(rangeMargin >= 0 && Double.isFinite(rangeMargin))) {
      throw WickException.usage(
              "The range margin must be 0 or more, got "
                  + Numbers.text(rangeMargin)
                  + "; give a share of the span from min to max.")
          .about("rangeMargin", "The range margin");
    }
    if (!(medianMargin >= 0 && Double.isFinite(medianMargin))) {
      throw WickException.usage(
          "The median margin must be 0 or more, got "
              + Numbers.text(medianMargin)
              + "; give a share of the interquartile range.");
    }
    if (maxValues < 1 || minCount < 1) {
      throw WickException.usage(
          "Allowed values need at least 1 value seen at least once, got "
              + maxValues
              + " values seen "
              + minCount
              + " times; give numbers of 1 or more.");
    }
    if (!(minRatio >= 0 && maxRatio >= minRatio && Double.isFinite(maxRatio))) {
      throw WickException.usage(
          "Row count ratios must satisfy 0 <= min <= max, got "
              + Numbers.text(minRatio)
              + " and "
              + Numbers.text(maxRatio)
              + "; give a smaller minimum and a larger maximum.");
    }
    if (!(distinctFactor >= MIN_DISTINCT_FACTOR && Double.isFinite(distinctFactor))) {
      throw WickException.usage(
              "The distinct factor must be at least "
                  + Numbers.text(MIN_DISTINCT_FACTOR)
                  + ", got "
                  + Numbers.text(distinctFactor)
                  + "; give a factor such as 2 (half to double), which leaves room for the 2%"
                  + " error of a checked distinct count.")
          .about("distinctFactor", "The distinct factor");
    }
    if (!(freshnessMargin >= 0 && Double.isFinite(freshnessMargin))) {
      throw WickException.usage(
              "The freshness margin must be 0 or more, got "
                  + Numbers.text(freshnessMargin)
                  + "; give a share of the newest value's age.")
          .about("freshnessMargin", "The freshness margin");
    }
  }

  SuggestSettings withSchema(org.apache.avro.Schema next) {
    Objects.requireNonNull(next, "schema");
    return new SuggestSettings(
        Optional.of(next),
        baseline,
        nullMargin,
        rangeMargin,
        medianMargin,
        maxValues,
        minCount,
        minRatio,
        maxRatio,
        distinctFactor,
        freshnessMargin);
  }

  SuggestSettings withBaseline(String path) {
    Objects.requireNonNull(path, "path");
    return new SuggestSettings(
        schema,
        Optional.of(path),
        nullMargin,
        rangeMargin,
        medianMargin,
        maxValues,
        minCount,
        minRatio,
        maxRatio,
        distinctFactor,
        freshnessMargin);
  }

  SuggestSettings withNullMargin(double next) {
    return new SuggestSettings(
        schema,
        baseline,
        next,
        rangeMargin,
        medianMargin,
        maxValues,
        minCount,
        minRatio,
        maxRatio,
        distinctFactor,
        freshnessMargin);
  }

  SuggestSettings withRangeMargin(double next) {
    return new SuggestSettings(
        schema,
        baseline,
        nullMargin,
        next,
        medianMargin,
        maxValues,
        minCount,
        minRatio,
        maxRatio,
        distinctFactor,
        freshnessMargin);
  }

  SuggestSettings withMedianMargin(double next) {
    return new SuggestSettings(
        schema,
        baseline,
        nullMargin,
        rangeMargin,
        next,
        maxValues,
        minCount,
        minRatio,
        maxRatio,
        distinctFactor,
        freshnessMargin);
  }

  SuggestSettings withAllowedValues(int nextMaxValues, long nextMinCount) {
    return new SuggestSettings(
        schema,
        baseline,
        nullMargin,
        rangeMargin,
        medianMargin,
        nextMaxValues,
        nextMinCount,
        minRatio,
        maxRatio,
        distinctFactor,
        freshnessMargin);
  }

  SuggestSettings withRowCountRatios(double nextMin, double nextMax) {
    return new SuggestSettings(
        schema,
        baseline,
        nullMargin,
        rangeMargin,
        medianMargin,
        maxValues,
        minCount,
        nextMin,
        nextMax,
        distinctFactor,
        freshnessMargin);
  }

  SuggestSettings withDistinctFactor(double next) {
    return new SuggestSettings(
        schema,
        baseline,
        nullMargin,
        rangeMargin,
        medianMargin,
        maxValues,
        minCount,
        minRatio,
        maxRatio,
        next,
        freshnessMargin);
  }

  SuggestSettings withFreshnessMargin(double next) {
    return new SuggestSettings(
        schema,
        baseline,
        nullMargin,
        rangeMargin,
        medianMargin,
        maxValues,
        minCount,
        minRatio,
        maxRatio,
        distinctFactor,
        next);
  }

  /**
   * The margin a share measured on {@code n} values keeps below it: the larger of {@link
   * #nullMargin} and four standard errors of the share. Completeness and semantic shares use it.
   */
  double margin(double share, long n) {
    return Math.max(nullMargin, 4 * Math.sqrt(share * (1 - share) / n));
  }

  /** {@code share} less its {@link #margin}, rounded down to four decimals, at least 0. */
  double lessMargin(double share, long n) {
    return Math.max(0, Math.floor((share - margin(share, n)) * 10_000) / 10_000);
  }

  /** The most rows the row count check allows for a profile of {@code rows} rows. */
  long maxRows(long rows) {
    return (long) Math.floor(rows * maxRatio);
  }
}
