package dev.wick.profiler.internal;

import dev.wick.core.report.Html;
import dev.wick.profiler.FieldKind;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Locale;

/** How reports show numbers, shares and the values of temporal fields. */
public final class Formats {
  private Formats() {}

  /** A value of a field of this kind and type: dates and timestamps from their epoch numbers. */
  public static String value(FieldKind kind, String type, double v) {
    if (Double.isNaN(v)) {
      return "-";
    }
    if (kind == FieldKind.TEMPORAL) {
      if (type.equals("date")) {
        return LocalDate.ofEpochDay(Math.round(v)).toString();
      }
      long micros = Math.round(v);
      Instant t =
          Instant.ofEpochSecond(
              Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000L);
      return type.startsWith("local-")
          ? LocalDateTime.ofInstant(t, ZoneOffset.UTC).toString()
          : t.toString();
    }
    return number(v);
  }

  /** A number in at most about six significant digits, whole numbers without a fraction. */
  public static String number(double v) {
    if (Double.isNaN(v)) {
      return "-";
    }
    if (Double.isInfinite(v)) {
      return v > 0 ? "inf" : "-inf";
    }
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return String.format(Locale.ROOT, "%,d", (long) v);
    }
    double a = Math.abs(v);
    if (a >= 1e6 || a < 1e-3) {
      return String.format(Locale.ROOT, "%.4g", v);
    }
    return String.format(Locale.ROOT, "%,.4f", v).replaceAll("0+$", "").replaceAll("\\.$", "");
  }

  /** A share as a percentage with two decimals. */
  public static String percent(double share) {
    return String.format(Locale.ROOT, "%.2f%%", share * 100);
  }

  /** A p-value: scientific notation when small. */
  public static String pValue(double p) {
    return p < 1e-4 ? String.format(Locale.ROOT, "%.1e", p) : String.format(Locale.ROOT, "%.4f", p);
  }

  /** Text escaped for HTML element content and attribute values. */
  public static String html(String s) {
    return Html.escape(s);
  }
}
