package dev.wick.checks;

import dev.wick.core.report.Wording;
import dev.wick.core.schema.DataType;
import dev.wick.profiler.FieldProfile;
import dev.wick.profiler.NumericStats;
import dev.wick.profiler.Profile;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;

/**
 * The freshness check of {@link Suggestions} for timestamp and date fields: the age of the newest
 * value when the profile was made, widened by {@link SuggestSettings#freshnessMargin}; none for
 * future times, and a {@link Finding} instead for stale data.
 */
final class FreshnessSuggestion {
  private FreshnessSuggestion() {}

  /** How many times the span its values cover (at least a day) a field's newest value may age. */
  private static final int STALE_FACTOR = 4;

  /**
   * A freshness check from the age of a timestamp or date field's newest value when the profile was
   * made. A newest value after the profile's time by more than clock skew (5 minutes; 14 hours, the
   * widest time-zone offset, for dates and local timestamps, which the check reads as UTC) marks a
   * field of future times, such as expiry dates, and gets none. Stale data gets none either, and a
   * {@link Finding}: a newest value older than {@value #STALE_FACTOR} times the span the field's
   * values cover (at least a day), which no fresh batch of the same data would be.
   */
  static Optional<Suggestion> suggest(
      FieldProfile f,
      NumericStats s,
      DataType storage,
      List<Finding> findings,
      Profile profile,
      SuggestSettings settings) {
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
}
