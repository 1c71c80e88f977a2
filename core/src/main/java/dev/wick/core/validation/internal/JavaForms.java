package dev.wick.core.validation.internal;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * Renders values in Wick's Java form ({@link dev.wick.core.schema.JavaValues}) the way Spark casts
 * them to strings, so that reasons read the same in Java and on Spark.
 *
 * <p>Internal: not part of Wick's API.
 */
public final class JavaForms {
  private static final DateTimeFormatter SECONDS =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

  private JavaForms() {}

  /**
   * A value as a reason shows it: strings in single quotes, everything else as Spark's {@code
   * cast(value as string)} prints it (timestamps in UTC).
   */
  public static String render(Object value) {
    if (value == null) {
      return "null";
    }
    if (value instanceof String s) {
      return "'" + s + "'";
    }
    if (value instanceof BigDecimal d) {
      return d.toPlainString();
    }
    if (value instanceof Instant i) {
      return render(LocalDateTime.ofInstant(i, ZoneOffset.UTC));
    }
    if (value instanceof LocalDateTime t) {
      String base = t.format(SECONDS);
      int micros = t.getNano() / 1000;
      if (micros == 0) {
        return base;
      }
      String fraction = String.format("%06d", micros);
      int end = fraction.length();
      while (fraction.charAt(end - 1) == '0') {
        end--;
      }
      return base + "." + fraction.substring(0, end);
    }
    if (value instanceof byte[] b) {
      return "<" + b.length + " bytes>";
    }
    return String.valueOf(value);
  }
}
