package dev.wick.core.validation.internal;

import dev.wick.core.schema.DataType;
import dev.wick.core.schema.DataType.DecimalType;
import dev.wick.core.schema.DataType.TimestampType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Optional;
import java.util.UUID;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericEnumSymbol;

/**
 * Brings values into Wick's Java form (what {@code SemanticType.check} receives) and renders them
 * the way Spark casts them to strings, so that reasons read the same in Java and on Spark.
 *
 * <p>Internal: not part of Wick's API.
 */
public final class JavaForms {
  private static final DateTimeFormatter SECONDS =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

  private JavaForms() {}

  /**
   * The Java form of a value held by a Java record, an Avro record or a Spark row, for a field of
   * the given storage type: {@code CharSequence} becomes {@code String}, Avro's raw numbers for
   * dates, timestamps and decimals become {@code LocalDate}, {@code Instant} and {@code
   * BigDecimal}, {@code java.sql} dates and timestamps become {@code java.time} values.
   */
  public static Object normalize(Object value, DataType storage) {
    if (value == null) {
      return null;
    }
    if (value instanceof Optional<?> o) {
      return normalize(o.orElse(null), storage);
    }
    if (value instanceof CharSequence s) {
      return s.toString();
    }
    if (value instanceof GenericEnumSymbol<?>
        || value instanceof Enum<?>
        || value instanceof UUID) {
      return value instanceof Enum<?> e ? e.name() : value.toString();
    }
    if (value instanceof Short || value instanceof Byte) {
      return ((Number) value).intValue();
    }
    if (value instanceof Character c) {
      return (int) c;
    }
    if (value instanceof java.sql.Timestamp t) {
      return storage instanceof TimestampType ts && !ts.utcAdjusted()
          ? t.toLocalDateTime()
          : t.toInstant();
    }
    if (value instanceof java.sql.Date d) {
      return d.toLocalDate();
    }
    if (value instanceof ByteBuffer b) {
      if (storage instanceof DecimalType dt) {
        return new BigDecimal(new BigInteger(bytes(b)), dt.scale());
      }
      return bytes(b);
    }
    if (value instanceof GenericData.Fixed f) {
      if (storage instanceof DecimalType dt) {
        return new BigDecimal(new BigInteger(f.bytes()), dt.scale());
      }
      return f.bytes().clone();
    }
    if (storage instanceof DataType.DateType && value instanceof Integer days) {
      return LocalDate.ofEpochDay(days);
    }
    if (storage instanceof TimestampType ts && value instanceof Long n) {
      Instant instant =
          ts.precision() == DataType.Precision.MILLIS
              ? Instant.ofEpochMilli(n)
              : Instant.ofEpochSecond(
                  Math.floorDiv(n, 1_000_000L), Math.floorMod(n, 1_000_000L) * 1000L);
      return ts.utcAdjusted() ? instant : LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
    }
    return value;
  }

  private static byte[] bytes(ByteBuffer b) {
    ByteBuffer d = b.duplicate();
    byte[] out = new byte[d.remaining()];
    d.get(out);
    return out;
  }

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
