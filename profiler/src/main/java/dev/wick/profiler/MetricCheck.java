package dev.wick.profiler;

import dev.wick.core.report.Wording;
import dev.wick.profiler.internal.Formats;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One metric of the newest profile judged against the same metric in the earlier profiles.
 *
 * @param field the field path, or empty for the whole dataset (the row count)
 * @param metric what was measured: {@code rowCount}, {@code nullRate}, {@code distinct}, {@code
 *     mean}, {@code p05} ... {@code p95}, {@code topShare} (of {@code category}), {@code
 *     invalidRate}, or a distance to the window's merged sketches: {@code ks}, {@code psi}, {@code
 *     js}
 * @param category the value whose share {@code topShare} is, else empty
 * @param value the newest profile's value
 * @param method how the band was made: {@code ROBUST} (median and MAD of the window), {@code
 *     SEASONAL} (the same weekday's values), or {@code NOT_JUDGED} (too few earlier values)
 * @param center the expected value
 * @param lower the band's lower end ({@code -Infinity} for distances: only large ones count)
 * @param upper the band's upper end
 * @param anomalous whether the value is outside the band
 * @param series the earlier values the band was made from, oldest first, then the newest
 * @param timeType the field's type when the metric is a moment of a temporal field (its mean or a
 *     quantile, in the profile's epoch numbers: days for dates, microseconds else), else empty
 */
public record MetricCheck(
    Optional<String> field,
    String metric,
    Optional<String> category,
    double value,
    Method method,
    double center,
    double lower,
    double upper,
    boolean anomalous,
    List<Point> series,
    Optional<String> timeType) {

  public MetricCheck {
    Objects.requireNonNull(timeType, "timeType");
    Objects.requireNonNull(field, "field");
    Objects.requireNonNull(metric, "metric");
    Objects.requireNonNull(category, "category");
    Objects.requireNonNull(method, "method");
    series = List.copyOf(series);
  }

  /** A check of a metric that is no moment of a temporal field. */
  public MetricCheck(
      Optional<String> field,
      String metric,
      Optional<String> category,
      double value,
      Method method,
      double center,
      double lower,
      double upper,
      boolean anomalous,
      List<Point> series) {
    this(
        field,
        metric,
        category,
        value,
        method,
        center,
        lower,
        upper,
        anomalous,
        series,
        Optional.empty());
  }

  /**
   * This check, its values moments of a temporal field of {@code type} ({@code timestamp}, ...).
   */
  public MetricCheck asTime(String type) {
    return new MetricCheck(
        field,
        metric,
        category,
        value,
        method,
        center,
        lower,
        upper,
        anomalous,
        series,
        Optional.of(type));
  }

  /** How a band was made. */
  public enum Method {
    /** The median of the window's values, plus and minus a multiple of their MAD. */
    ROBUST,
    /** The median of the same weekday's values, with the window's weekday-residual scale. */
    SEASONAL,
    /** Too few earlier values to judge. */
    NOT_JUDGED
  }

  /** One value of a metric's series. */
  public record Point(Instant at, double value) {}

  /** Whether the metric was judged (enough earlier values). */
  public boolean judged() {
    return method != Method.NOT_JUDGED;
  }

  /** One line for people: {@code field 'email' null rate: 0.35, band 0.03 to 0.07 (robust)}. */
  public String summary() {
    return describe()
        + ": "
        + word(value)
        + (judged()
            ? ", band " + band() + (method == Method.SEASONAL ? " (same weekday)" : " (robust)")
            : " (not judged)");
  }

  /**
   * Whether this metric counts something (rows, distinct values): it then reads as a whole number.
   */
  public boolean isCount() {
    return metric.equals("rowCount") || metric.equals("distinct");
  }

  /**
   * A value of this metric for people: a count as a whole number with thousands separated ({@code
   * 1,842}, though the band around it or a distinct estimate may have a fraction), anything else as
   * {@link Wording#number} writes it.
   */
  public String word(double v) {
    if (timeType.isPresent()) {
      return Formats.mean(FieldKind.TEMPORAL, timeType.get(), v);
    }
    return isCount() && Double.isFinite(v) ? Wording.count(Math.round(v)) : Wording.number(v);
  }

  /**
   * The band for people: {@code 378 to 418}, or {@code at most 0.1027} when it has no lower end
   * (the distances to the window).
   */
  public String band() {
    if (lower == Double.NEGATIVE_INFINITY && upper != Double.POSITIVE_INFINITY) {
      return "at most " + word(upper);
    }
    return word(lower) + " to " + word(upper);
  }

  /**
   * The metric for people: {@code row count}, {@code email null rate}, {@code country share of
   * 'XX'}.
   */
  public String describe() {
    String what =
        switch (metric) {
          case "rowCount" -> "row count";
          case "nullRate" -> "null rate";
          case "distinct" -> "distinct count";
          case "topShare" -> "share of '" + category.orElse("") + "'";
          case "invalidRate" -> "invalid rate";
          case "ks" -> "KS distance to the window";
          case "psi" -> "PSI to the window";
          case "js" -> "Jensen-Shannon distance to the window";
          default -> metric;
        };
    return field.map(f -> "field '" + f + "' " + what).orElse(what);
  }
}
