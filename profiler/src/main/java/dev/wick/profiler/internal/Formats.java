package dev.wick.profiler.internal;

import dev.wick.core.report.Wording;
import dev.wick.profiler.FieldKind;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Locale;

/**
 * How reports show the values of temporal fields and p-values; numbers read as {@link Wording}
 * writes them.
 */
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
    return Wording.number(v);
  }

  /**
   * A field's mean as {@link #value} writes a value, but a timestamp's to the second: the mean is
   * no moment of the data, so the data's own precision does not apply to it.
   */
  public static String mean(FieldKind kind, String type, double v) {
    boolean timestamp = kind == FieldKind.TEMPORAL && !type.equals("date") && Double.isFinite(v);
    return value(kind, type, timestamp ? Math.round(v / 1e6) * 1e6 : v);
  }

  /** A p-value in four decimals, {@code < 0.0001} when smaller than that. */
  public static String pValue(double p) {
    if (Double.isNaN(p)) {
      return "-";
    }
    return p < 1e-4 ? "< 0.0001" : String.format(Locale.ROOT, "%.4f", p);
  }
}
