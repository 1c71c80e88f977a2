package dev.wick.checks;

import java.math.BigDecimal;
import java.math.MathContext;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * How checks write bounds (numbers a user may copy back into a checks file) and durations; counts
 * and shares read as {@link dev.wick.core.report.Wording} writes them.
 */
final class Numbers {
  private Numbers() {}

  /** {@code 3} for 3.0, {@code 0.25}, six significant digits at most. */
  static String text(double value) {
    if (!Double.isFinite(value)) {
      return String.valueOf(value);
    }
    if (value == Math.rint(value) && Math.abs(value) < 1e15) {
      return String.valueOf((long) value);
    }
    return new BigDecimal(value).round(new MathContext(6)).stripTrailingZeros().toPlainString();
  }

  /** A duration as {@link dev.wick.core.Durations} reads it, or null when it is none. */
  static Duration parseDuration(String text) {
    return dev.wick.core.Durations.parse(text).orElse(null);
  }

  /** A duration in the short form when it is a whole number of days, hours, minutes or seconds. */
  static String duration(Duration d) {
    long s = d.getSeconds();
    if (d.getNano() == 0 && s > 0) {
      if (s % 86400 == 0) {
        return s / 86400 + "d";
      }
      if (s % 3600 == 0) {
        return s / 3600 + "h";
      }
      if (s % 60 == 0) {
        return s / 60 + "m";
      }
      return s + "s";
    }
    return d.toString();
  }

  /** A duration for people, to the minute: {@code 2h 13m}, {@code 1d 12h}, {@code 40s}. */
  static String span(Duration d) {
    long s = d.getSeconds();
    List<String> parts = new ArrayList<>();
    if (s >= 86400) {
      parts.add(s / 86400 + "d");
    }
    if (s % 86400 >= 3600) {
      parts.add(s % 86400 / 3600 + "h");
    }
    if (s % 3600 >= 60) {
      parts.add(s % 3600 / 60 + "m");
    }
    if (parts.isEmpty()) {
      parts.add(s + "s");
    }
    return String.join(" ", parts);
  }
}
