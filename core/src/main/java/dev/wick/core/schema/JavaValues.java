package dev.wick.core.schema;

import dev.wick.core.WickException;
import dev.wick.core.schema.DataType.BooleanType;
import dev.wick.core.schema.DataType.BytesType;
import dev.wick.core.schema.DataType.DateType;
import dev.wick.core.schema.DataType.DecimalType;
import dev.wick.core.schema.DataType.DoubleType;
import dev.wick.core.schema.DataType.EnumType;
import dev.wick.core.schema.DataType.FixedType;
import dev.wick.core.schema.DataType.FloatType;
import dev.wick.core.schema.DataType.IntType;
import dev.wick.core.schema.DataType.LongType;
import dev.wick.core.schema.DataType.Precision;
import dev.wick.core.schema.DataType.StringType;
import dev.wick.core.schema.DataType.TimeType;
import dev.wick.core.schema.DataType.TimestampType;
import dev.wick.core.schema.DataType.UuidType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.UUID;
import org.apache.avro.generic.GenericEnumSymbol;
import org.apache.avro.generic.GenericFixed;

/**
 * Wick's Java form of leaf values: the form semantic types check and generate, validation compares
 * and generators draw. It is {@code Boolean}, {@code Integer}, {@code Long}, {@code Float}, {@code
 * Double}, {@code String} (also for uuids and enum symbols), {@code byte[]} (bytes and fixed),
 * {@code BigDecimal}, {@code LocalDate}, {@code Integer} millis or {@code Long} micros of the day
 * (times), {@code Instant} (timestamps) and {@code LocalDateTime} (local timestamps).
 *
 * <p>One conversion table brings values into that form, in two strengths:
 *
 * <ul>
 *   <li>{@link #normalize} is lenient: it converts what it recognizes (Avro's {@code Utf8}, enum
 *       symbols and raw logical values, {@code ByteBuffer}, {@code java.sql} dates, {@code UUID},
 *       enum constants, {@code Optional}) and returns anything else unchanged, for checks that
 *       report a value rather than refuse it;
 *   <li>{@link #require} normalizes too, then insists that the result fits the field's type
 *       (widening {@code Integer} to {@code Long} and {@code Float} to {@code Double}, scaling
 *       decimals, truncating timestamps to the type's precision), and refuses anything else with
 *       one sentence naming the field, the value and the Java types the field takes.
 * </ul>
 */
public final class JavaValues {
  private static final long MICROS_PER_DAY = 86_400_000_000L;

  private JavaValues() {}

  /**
   * The Java form of a value held by a Java record, an Avro record or a Spark row, for a field of
   * the given storage type (or {@code null} when unknown): {@code CharSequence} becomes {@code
   * String}, {@code UUID}s and enum constants and symbols their names, {@code Short} and {@code
   * Byte} an {@code Integer}, Avro's raw numbers for dates, timestamps and decimals a {@code
   * LocalDate}, {@code Instant} or {@code LocalDateTime}, and {@code BigDecimal}, {@code LocalTime}
   * the time type's number, {@code java.sql} dates and timestamps {@code java.time} values. Values
   * it does not recognize come back unchanged.
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
    if (value instanceof Enum<?> e) {
      return e.name();
    }
    if (value instanceof GenericEnumSymbol<?> || value instanceof UUID) {
      return value.toString();
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
    if (value instanceof ByteBuffer || value instanceof GenericFixed) {
      byte[] bytes = RowCodec.bytesOf(value);
      if (storage instanceof DecimalType dt) {
        return new BigDecimal(new BigInteger(bytes), dt.scale());
      }
      return value instanceof GenericFixed ? bytes.clone() : bytes;
    }
    if (storage instanceof TimeType t && value instanceof LocalTime lt) {
      long micros = lt.toNanoOfDay() / 1000;
      return t.precision() == Precision.MILLIS ? (Object) (int) (micros / 1000) : (Object) micros;
    }
    if (storage instanceof DateType && value instanceof Integer days) {
      return LocalDate.ofEpochDay(days);
    }
    if (storage instanceof TimestampType ts && value instanceof Long n) {
      Instant instant =
          ts.precision() == Precision.MILLIS
              ? Instant.ofEpochMilli(n)
              : Instant.ofEpochSecond(
                  Math.floorDiv(n, 1_000_000L), Math.floorMod(n, 1_000_000L) * 1000L);
      return ts.utcAdjusted() ? instant : LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
    }
    return value;
  }

  /**
   * The Java form of a value given for a leaf field ({@code null} and an empty {@code Optional}
   * give {@code null}): {@link #normalize} it, then require that it fits {@code type}.
   *
   * @param path the field's path, for the message
   * @throws WickException a usage error naming the field, the value and the Java types the field
   *     takes, when the value does not fit (a wrong class, a number out of range, a string that is
   *     no uuid or not one of the enum's symbols, a fixed of another size, a decimal with more
   *     digits than the type holds)
   * @throws IllegalArgumentException when {@code type} is not a leaf type
   */
  public static Object require(Object value, DataType type, String path) {
    Object v = value instanceof Optional<?> o ? o.orElse(null) : value;
    if (v == null) {
      return null;
    }
    Object fitted = fit(normalize(v, type), type);
    if (fitted == null) {
      throw refused(v, type, path, expected(type));
    }
    return fitted;
  }

  /**
   * The refusal of a value given for a field, in the words {@link #require} uses: one sentence
   * naming the field, the value's class and the value, the field's type and {@code expected}, what
   * the field takes (such as {@code "List"}).
   */
  public static WickException refused(Object value, DataType type, String path, String expected) {
    return WickException.usage(
        "The value for field '"
            + path
            + "' is a "
            + value.getClass().getSimpleName()
            + " ("
            + show(value)
            + "), but the field is a "
            + type.describe()
            + "; give "
            + expected
            + " values.");
  }

  /**
   * A normalized value that fits {@code type}, in its exact Java form, or null when it does not.
   */
  private static Object fit(Object v, DataType type) {
    if (type instanceof BooleanType) {
      return v instanceof Boolean ? v : null;
    } else if (type instanceof IntType) {
      return v instanceof Integer ? v : null;
    } else if (type instanceof LongType) {
      return v instanceof Long || v instanceof Integer ? ((Number) v).longValue() : null;
    } else if (type instanceof FloatType) {
      return v instanceof Float ? v : null;
    } else if (type instanceof DoubleType) {
      return v instanceof Double || v instanceof Float ? ((Number) v).doubleValue() : null;
    } else if (type instanceof StringType) {
      return v instanceof String ? v : null;
    } else if (type instanceof UuidType) {
      return v instanceof String s ? uuid(s) : null;
    } else if (type instanceof EnumType e) {
      return v instanceof String s && e.symbols().contains(s) ? s : null;
    } else if (type instanceof BytesType) {
      return v instanceof byte[] ? v : null;
    } else if (type instanceof FixedType f) {
      return v instanceof byte[] b && b.length == f.size() ? b : null;
    } else if (type instanceof DecimalType d) {
      return decimal(v, d);
    } else if (type instanceof DateType) {
      return v instanceof LocalDate ? v : null;
    } else if (type instanceof TimeType t) {
      long micros;
      if (t.precision() == Precision.MILLIS && v instanceof Integer i) {
        micros = i * 1000L;
      } else if (t.precision() == Precision.MICROS && v instanceof Long l) {
        micros = l;
      } else {
        return null;
      }
      return micros >= 0 && micros < MICROS_PER_DAY ? v : null;
    } else if (type instanceof TimestampType t) {
      ChronoUnit unit = t.precision() == Precision.MILLIS ? ChronoUnit.MILLIS : ChronoUnit.MICROS;
      if (t.utcAdjusted()) {
        return v instanceof Instant i ? i.truncatedTo(unit) : null;
      }
      return v instanceof LocalDateTime ldt ? ldt.truncatedTo(unit) : null;
    }
    throw new IllegalArgumentException(type.describe() + " is not a leaf type");
  }

  private static String uuid(String s) {
    try {
      return UUID.fromString(s).toString();
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  private static BigDecimal decimal(Object v, DecimalType d) {
    BigDecimal bd;
    if (v instanceof BigDecimal b) {
      bd = b;
    } else if (v instanceof BigInteger b) {
      bd = new BigDecimal(b);
    } else if (v instanceof Integer || v instanceof Long) {
      bd = BigDecimal.valueOf(((Number) v).longValue());
    } else {
      return null;
    }
    BigDecimal scaled;
    try {
      scaled = bd.setScale(d.scale());
    } catch (ArithmeticException e) {
      return null; // more digits after the point than the scale holds
    }
    return scaled.precision() - scaled.scale() <= d.precision() - d.scale() || scaled.signum() == 0
        ? scaled
        : null;
  }

  /** The Java types a field of {@code type} takes, for messages. */
  private static String expected(DataType type) {
    if (type instanceof BooleanType) {
      return "Boolean";
    } else if (type instanceof IntType) {
      return "Integer";
    } else if (type instanceof LongType) {
      return "Long";
    } else if (type instanceof FloatType) {
      return "Float";
    } else if (type instanceof DoubleType) {
      return "Double";
    } else if (type instanceof StringType) {
      return "String";
    } else if (type instanceof UuidType) {
      return "UUID (or UUID String)";
    } else if (type instanceof EnumType e) {
      return "String (one of " + String.join(", ", e.symbols()) + ") or enum constant";
    } else if (type instanceof BytesType) {
      return "byte[]";
    } else if (type instanceof FixedType f) {
      return "byte[" + f.size() + "]";
    } else if (type instanceof DecimalType d) {
      return "BigDecimal (at most "
          + (d.precision() - d.scale())
          + " digits before the point and "
          + d.scale()
          + " after)";
    } else if (type instanceof DateType) {
      return "LocalDate";
    } else if (type instanceof TimeType t) {
      return (t.precision() == Precision.MILLIS ? "Integer millis" : "Long micros")
          + " of the day or LocalTime";
    } else if (type instanceof TimestampType t) {
      return t.utcAdjusted() ? "Instant" : "LocalDateTime";
    }
    return type.describe();
  }

  private static String show(Object v) {
    String s =
        v instanceof byte[] b
            ? "byte[" + b.length + "]"
            : v instanceof String str ? "\"" + str + "\"" : String.valueOf(v);
    return s.length() > 60 ? s.substring(0, 57) + "..." : s;
  }
}
