package dev.wick.testkit.generators.engine;

import dev.wick.core.WickException;
import dev.wick.core.schema.DataType;
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
import dev.wick.core.schema.RowCodec;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.UUID;
import org.apache.avro.generic.GenericEnumSymbol;

/**
 * Wick's Java form of leaf values, the form the domains draw and semantic types generate: {@code
 * Boolean}, {@code Integer}, {@code Long}, {@code Float}, {@code Double}, {@code String} (also for
 * uuid and enum symbols), {@code byte[]} (bytes and fixed), {@code BigDecimal}, {@code LocalDate},
 * {@code Integer}/{@code Long} times of day, {@code Instant} and {@code LocalDateTime}.
 *
 * <p>{@link #leaf} brings a value a user or a semantic type supplied into that form, accepting the
 * obvious alternatives ({@code UUID}, enum constants, {@code LocalTime}, {@code java.sql} dates,
 * Avro's {@code Utf8}, {@code ByteBuffer}, {@code GenericFixed}), and fails with one sentence
 * naming the field, the value and the expected type otherwise.
 */
final class JavaValues {
  private JavaValues() {}

  static final long MILLIS_PER_DAY = 86_400_000L;

  /** The Java-form value of a leaf type, or a usage error; {@code value} is never null. */
  static Object leaf(Object value, DataType type, String path) {
    Object v = value instanceof Optional<?> o ? o.orElse(null) : value;
    if (v == null) {
      return null;
    }
    Object out = convert(v, type);
    if (out == null) {
      throw WickException.usage(
          "The value for field '"
              + path
              + "' is a "
              + v.getClass().getSimpleName()
              + " ("
              + show(v)
              + "), but the field is a "
              + type.describe()
              + "; give "
              + expected(type)
              + " values.");
    }
    return out;
  }

  private static Object convert(Object v, DataType type) {
    if (type instanceof BooleanType) {
      return v instanceof Boolean ? v : null;
    } else if (type instanceof IntType) {
      if (v instanceof Integer) {
        return v;
      }
      return v instanceof Short || v instanceof Byte ? ((Number) v).intValue() : null;
    } else if (type instanceof LongType) {
      return v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte
          ? ((Number) v).longValue()
          : null;
    } else if (type instanceof FloatType) {
      return v instanceof Float ? v : null;
    } else if (type instanceof DoubleType) {
      return v instanceof Double || v instanceof Float ? ((Number) v).doubleValue() : null;
    } else if (type instanceof StringType) {
      return v instanceof CharSequence ? v.toString() : null;
    } else if (type instanceof UuidType) {
      if (v instanceof UUID u) {
        return u.toString();
      }
      if (v instanceof CharSequence s) {
        try {
          return UUID.fromString(s.toString()).toString();
        } catch (IllegalArgumentException e) {
          return null;
        }
      }
      return null;
    } else if (type instanceof EnumType e) {
      String symbol =
          v instanceof Enum<?> constant
              ? constant.name()
              : v instanceof CharSequence || v instanceof GenericEnumSymbol<?>
                  ? v.toString()
                  : null;
      return symbol != null && e.symbols().contains(symbol) ? symbol : null;
    } else if (type instanceof BytesType) {
      return bytes(v);
    } else if (type instanceof FixedType f) {
      byte[] b = bytes(v);
      return b != null && b.length == f.size() ? b : null;
    } else if (type instanceof DecimalType d) {
      return decimal(v, d);
    } else if (type instanceof DateType) {
      if (v instanceof LocalDate) {
        return v;
      }
      return v instanceof java.sql.Date d ? d.toLocalDate() : null;
    } else if (type instanceof TimeType t) {
      long micros;
      if (v instanceof LocalTime lt) {
        micros = lt.toNanoOfDay() / 1000;
      } else if (t.precision() == Precision.MILLIS && v instanceof Integer i) {
        micros = i * 1000L;
      } else if (t.precision() == Precision.MICROS && v instanceof Long l) {
        micros = l;
      } else {
        return null;
      }
      if (micros < 0 || micros >= MILLIS_PER_DAY * 1000) {
        return null;
      }
      return t.precision() == Precision.MILLIS ? (Object) (int) (micros / 1000) : (Object) micros;
    } else if (type instanceof TimestampType t) {
      ChronoUnit unit = t.precision() == Precision.MILLIS ? ChronoUnit.MILLIS : ChronoUnit.MICROS;
      if (t.utcAdjusted()) {
        Instant i =
            v instanceof Instant x ? x : v instanceof java.sql.Timestamp ts ? ts.toInstant() : null;
        return i == null ? null : i.truncatedTo(unit);
      }
      return v instanceof LocalDateTime ldt ? ldt.truncatedTo(unit) : null;
    }
    throw new IllegalArgumentException(type.describe() + " is not a leaf type");
  }

  private static byte[] bytes(Object v) {
    return RowCodec.bytesOf(v);
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
  static String expected(DataType type) {
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

  static String show(Object v) {
    String s =
        v instanceof byte[] b
            ? "byte[" + b.length + "]"
            : v instanceof String str ? "\"" + str + "\"" : String.valueOf(v);
    return s.length() > 60 ? s.substring(0, 57) + "..." : s;
  }
}
