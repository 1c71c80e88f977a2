package dev.wick.core.report;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Locale;

/**
 * How numbers read in Wick's console lines, messages and reports, so that one count prints the same
 * in every command: counts with thousands separated ({@code 20,000 rows}), shares as percentages
 * with two decimals, measured values in about six significant digits, and numbers that a user may
 * copy back into a setting or SQL in plain notation; moments of Wick's own (when a profile was
 * made) to the second, and spans of time as durations ({@code 2d 4h}), never as a count of
 * microseconds.
 */
public final class Wording {
  private Wording() {}

  /** A number in plain notation without trailing zeros: {@code 0.01}, {@code 1}, {@code 1e-7}. */
  public static String plain(double value) {
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      return String.valueOf(value);
    }
    if (value == Math.rint(value) && Math.abs(value) < 1e15) {
      return String.valueOf((long) value);
    }
    return new BigDecimal(Double.toString(value)).stripTrailingZeros().toPlainString();
  }

  /** A count with thousands separated: {@code 20,000}. */
  public static String count(long n) {
    return String.format(Locale.ROOT, "%,d", n);
  }

  /** A count and its noun in the right number: {@code 1 row}, {@code 20,000 rows}. */
  public static String count(long n, String singular) {
    return count(n) + " " + (n == 1 ? singular : singular + "s");
  }

  /** A share as a percentage with two decimals: {@code 0.975} reads {@code 97.50%}. */
  public static String percent(double share) {
    return String.format(Locale.ROOT, "%.2f%%", share * 100);
  }

  /**
   * A measured value in about six significant digits: whole numbers, and any number of a million or
   * more, with thousands separated and no fraction ({@code 5,436,912}), up to four decimals below
   * that ({@code 135,918.7323}), very large or small ones in scientific notation, {@code -} for NaN
   * and {@code inf} for infinities.
   */
  public static String number(double v) {
    if (Double.isNaN(v)) {
      return "-";
    }
    if (Double.isInfinite(v)) {
      return v > 0 ? "inf" : "-inf";
    }
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return count((long) v);
    }
    double a = Math.abs(v);
    if (a >= 1e6 && a < 1e15) {
      return count(Math.round(v));
    }
    if (a >= 1e15 || a < 1e-3) {
      return String.format(Locale.ROOT, "%.4g", v);
    }
    return String.format(Locale.ROOT, "%,.4f", v).replaceAll("0+$", "").replaceAll("\\.$", "");
  }

  /**
   * A moment of Wick's own, such as when a profile was made, to the second: {@code
   * 2026-12-04T21:25:45Z}. Moments in the data keep their own precision and are not worded here.
   */
  public static String time(Instant t) {
    return t.truncatedTo(ChronoUnit.SECONDS).toString();
  }

  /**
   * {@link #time(Instant)} of an ISO-8601 instant written as text ({@code
   * 2026-12-04T21:25:45.418436843Z} reads {@code 2026-12-04T21:25:45Z}); text that is no instant is
   * returned as it is.
   */
  public static String time(String instant) {
    try {
      return time(Instant.parse(instant));
    } catch (DateTimeParseException e) {
      return instant;
    }
  }

  /**
   * A span of time for people, in its two largest units and rounded to the smaller: {@code 2d 4h},
   * {@code 3h 12m}, {@code 4m 10s}, {@code 12s}; under a second {@code 250ms}, {@code 40µs} or
   * {@code 7ns}; {@code 0s} for none and a leading {@code -} for a negative span.
   */
  public static String duration(Duration d) {
    if (d.isNegative()) {
      return "-" + duration(d.negated());
    }
    long seconds = d.getSeconds();
    if (seconds >= 86_400) {
      return pair(Math.round(seconds(d) / 3600), 24, "d", "h");
    }
    if (seconds >= 3600) {
      return pair(Math.round(seconds(d) / 60), 60, "h", "m");
    }
    if (seconds >= 60) {
      return pair(Math.round(seconds(d)), 60, "m", "s");
    }
    if (seconds > 0) {
      double s = seconds(d);
      return s == Math.rint(s) || s >= 10
          ? Math.round(s) + "s"
          : String.format(Locale.ROOT, "%.1fs", s).replace(".0s", "s");
    }
    long nanos = d.getNano();
    if (nanos >= 1_000_000) {
      return Math.round(nanos / 1e6) + "ms";
    }
    if (nanos >= 1000) {
      return Math.round(nanos / 1e3) + "µs";
    }
    return nanos == 0 ? "0s" : nanos + "ns";
  }

  /**
   * {@link #duration(Duration)} of a span given as a number of microseconds, as Spark counts
   * timestamps; {@code -} for NaN and {@code inf} for infinities.
   */
  public static String durationOfMicros(double micros) {
    if (Double.isNaN(micros)) {
      return "-";
    }
    if (Double.isInfinite(micros) || Math.abs(micros) >= 9e18) {
      return Double.isInfinite(micros) ? (micros > 0 ? "inf" : "-inf") : number(micros) + "µs";
    }
    double whole = Math.floor(micros / 1e6);
    long nanos = Math.round((micros - whole * 1e6) * 1000);
    return duration(Duration.ofSeconds((long) whole).plusNanos(nanos));
  }

  private static double seconds(Duration d) {
    return d.getSeconds() + d.getNano() / 1e9;
  }

  /** {@code units} of the smaller unit as {@code 2d 4h}, the smaller part left out when zero. */
  private static String pair(long units, int perLarger, String larger, String smaller) {
    long big = units / perLarger;
    long small = units % perLarger;
    return small == 0 ? big + larger : big + larger + " " + small + smaller;
  }
}
