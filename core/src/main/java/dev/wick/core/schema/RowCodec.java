package dev.wick.core.schema;

import dev.wick.core.WickException;
import dev.wick.core.schema.DataType.ArrayType;
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
import dev.wick.core.schema.DataType.MapType;
import dev.wick.core.schema.DataType.Precision;
import dev.wick.core.schema.DataType.RecordRef;
import dev.wick.core.schema.DataType.RecordType;
import dev.wick.core.schema.DataType.StringType;
import dev.wick.core.schema.DataType.TimeType;
import dev.wick.core.schema.DataType.TimestampType;
import dev.wick.core.schema.DataType.UnionType;
import dev.wick.core.schema.DataType.UuidType;
import dev.wick.core.validation.Validated;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.sql.Date;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.apache.avro.Conversions;
import org.apache.avro.LogicalTypes;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericEnumSymbol;
import org.apache.avro.generic.GenericFixed;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.generic.IndexedRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificRecord;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.expressions.GenericRowWithSchema;
import org.apache.spark.sql.types.StructType;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Converts between Spark {@code Row}s and Java records, Avro generic and specific records, through
 * the schema model. This is how Wick moves typed values in and out of DataFrames without {@code
 * Encoders.bean} (which cannot build Java records).
 *
 * <p>Spark-side values are Spark's external types: {@code java.sql.Date} for dates, {@code
 * java.sql.Timestamp} for instants, {@code LocalDateTime} for local timestamps, Scala {@code Seq}
 * and {@code Map} for arrays and maps, nested {@code Row}s for records.
 */
public final class RowCodec {
  private static final Conversions.DecimalConversion DECIMALS = new Conversions.DecimalConversion();

  private RowCodec() {}

  // ------------------------------------------------------------------ to Spark

  /**
   * A Row of {@code schema}'s fields taken from a Java record, an Avro record or a Row. The row and
   * its nested rows carry their Spark schema, so fields can be read by name ({@link #toRecord},
   * {@link #toGenericRecord}, {@code Row.getAs(String)}).
   */
  public static Row toRow(Object value, Schema schema) {
    return recordToRow(value, schema.root(), Schemas.toSpark(schema), "");
  }

  /** A DataFrame of {@code values} (Java records, Avro records or Rows) with {@code schema}. */
  public static Dataset<Row> createDataFrame(SparkSession spark, List<?> values, Schema schema) {
    StructType struct = Schemas.toSpark(schema);
    List<Row> rows = new ArrayList<>(values.size());
    for (Object v : values) {
      rows.add(recordToRow(v, schema.root(), struct, ""));
    }
    return spark.createDataFrame(rows, struct);
  }

  private static Row recordToRow(Object value, RecordType type, StructType struct, String path) {
    List<Field> fields = type.fields();
    Object[] out = new Object[fields.size()];
    for (int i = 0; i < fields.size(); i++) {
      Field f = fields.get(i);
      String fieldPath = path.isEmpty() ? f.name() : path + "." + f.name();
      Object v = fieldValue(value, f.name(), fieldPath);
      if (v instanceof Optional<?> o) {
        v = o.orElse(null);
      }
      if (v == null && !f.nullable()) {
        throw WickException.usage(
            "Field '"
                + fieldPath
                + "' is null but not nullable in the schema; give it a value or make it nullable.");
      }
      out[i] = toSpark(v, f.type(), struct.fields()[i].dataType(), fieldPath);
    }
    return new GenericRowWithSchema(out, struct);
  }

  private static Object fieldValue(Object value, String name, String path) {
    if (value instanceof Row row) {
      int idx = indexOf(row, name);
      if (idx < 0) {
        throw WickException.usage("Row has no field '" + path + "'; " + columnsOf(row, "fields"));
      }
      return row.get(idx);
    }
    if (value instanceof IndexedRecord r) {
      org.apache.avro.Schema.Field f = r.getSchema().getField(name);
      if (f == null) {
        throw WickException.usage(
            "Avro record " + r.getSchema().getFullName() + " has no field '" + path + "'.");
      }
      return r.get(f.pos());
    }
    if (value instanceof Record r) {
      for (RecordComponent c : r.getClass().getRecordComponents()) {
        if (c.getName().equals(name)) {
          try {
            c.getAccessor().setAccessible(true);
            return c.getAccessor().invoke(r);
          } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read " + c + " of " + r.getClass(), e);
          }
        }
      }
      throw WickException.usage(
          "Record " + r.getClass().getName() + " has no component '" + path + "'.");
    }
    if (value instanceof Map<?, ?> m) {
      return m.get(name);
    }
    throw WickException.usage(
        "Cannot read field '"
            + path
            + "' from a "
            + value.getClass().getName()
            + "; pass Java records, Avro records or Rows.");
  }

  /** The end of a "has no column" message: the row's columns, or why it has none to name. */
  private static String columnsOf(Row row, String what) {
    if (row.schema() == null) {
      return "the row carries no schema, so its "
          + what
          + " cannot be found by name; build it with a schema (RowCodec.toRow, or a row of a"
          + " DataFrame).";
    }
    return "its " + what + " are " + List.of(row.schema().fieldNames()) + ".";
  }

  private static int indexOf(Row row, String name) {
    if (row.schema() == null) {
      return -1;
    }
    String[] names = row.schema().fieldNames();
    for (int i = 0; i < names.length; i++) {
      if (names[i].equals(name)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * The Spark external value of a Java or Avro value of model type {@code type}, whose Spark type
   * is {@code sparkType}.
   */
  static Object toSpark(
      Object v, DataType type, org.apache.spark.sql.types.DataType sparkType, String path) {
    if (v == null) {
      return null;
    }
    if (v instanceof Validated
        && v instanceof Record r
        && r.getClass().getRecordComponents().length == 1) {
      v = fieldValue(r, r.getClass().getRecordComponents()[0].getName(), path);
      if (v == null) {
        return null;
      }
    }
    try {
      if (type instanceof BooleanType) {
        return (Boolean) v;
      } else if (type instanceof IntType) {
        return v instanceof Character c ? (int) c : ((Number) v).intValue();
      } else if (type instanceof LongType) {
        return ((Number) v).longValue();
      } else if (type instanceof FloatType) {
        return ((Number) v).floatValue();
      } else if (type instanceof DoubleType) {
        return ((Number) v).doubleValue();
      } else if (type instanceof StringType
          || type instanceof UuidType
          || type instanceof EnumType) {
        return v instanceof Enum<?> e ? e.name() : v.toString();
      } else if (type instanceof BytesType || type instanceof FixedType) {
        return bytes(v);
      } else if (type instanceof DecimalType d) {
        BigDecimal bd =
            v instanceof BigDecimal b
                ? b
                : v instanceof Number n
                    ? new BigDecimal(n.toString())
                    : new BigDecimal(new BigInteger(bytes(v)), d.scale());
        return bd;
      } else if (type instanceof DateType) {
        if (v instanceof LocalDate ld) {
          return Date.valueOf(ld);
        } else if (v instanceof Number n) {
          return Date.valueOf(LocalDate.ofEpochDay(n.longValue()));
        }
        return (Date) v;
      } else if (type instanceof TimeType t) {
        if (v instanceof LocalTime lt) {
          long nanos = lt.toNanoOfDay();
          return t.precision() == Precision.MILLIS
              ? (Object) (int) (nanos / 1_000_000)
              : (Object) (nanos / 1_000);
        }
        return t.precision() == Precision.MILLIS
            ? (Object) ((Number) v).intValue()
            : (Object) ((Number) v).longValue();
      } else if (type instanceof TimestampType t) {
        Instant instant;
        if (v instanceof Instant i) {
          instant = i;
        } else if (v instanceof Timestamp ts) {
          instant = ts.toInstant();
        } else if (v instanceof LocalDateTime ldt) {
          instant = ldt.toInstant(ZoneOffset.UTC);
        } else {
          long n = ((Number) v).longValue();
          instant =
              t.precision() == Precision.MILLIS
                  ? Instant.ofEpochMilli(n)
                  : Instant.ofEpochSecond(
                      Math.floorDiv(n, 1_000_000L), Math.floorMod(n, 1_000_000L) * 1000);
        }
        return t.utcAdjusted()
            ? Timestamp.from(instant)
            : LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
      } else if (type instanceof ArrayType a) {
        List<Object> out = new ArrayList<>();
        for (Object e : iterate(v)) {
          out.add(toSpark(e, a.element(), elementType(sparkType), path + "[]"));
        }
        return CollectionConverters.asScala(out).toSeq();
      } else if (type instanceof MapType m) {
        Map<Object, Object> out = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : asJavaMap(v).entrySet()) {
          out.put(
              toSpark(e.getKey(), m.key(), mapType(sparkType).keyType(), path + "{key}"),
              toSpark(e.getValue(), m.value(), mapType(sparkType).valueType(), path + "{}"));
        }
        return scala.collection.immutable.Map.from(CollectionConverters.asScala(out));
      } else if (type instanceof RecordType r) {
        return recordToRow(v, r, (StructType) sparkType, path);
      } else if (type instanceof RecordRef || type instanceof UnionType) {
        throw WickException.usage(
            "Field '" + path + "' is a " + type.describe() + ", which Spark rows cannot hold.");
      }
    } catch (ClassCastException e) {
      throw WickException.usage(
          "Field '"
              + path
              + "' holds a "
              + v.getClass().getSimpleName()
              + ", which does not fit its type "
              + type.describe()
              + ".");
    }
    throw new IllegalStateException("unhandled data type " + type);
  }

  private static org.apache.spark.sql.types.DataType elementType(
      org.apache.spark.sql.types.DataType arrayType) {
    return ((org.apache.spark.sql.types.ArrayType) arrayType).elementType();
  }

  private static org.apache.spark.sql.types.MapType mapType(
      org.apache.spark.sql.types.DataType mapType) {
    return (org.apache.spark.sql.types.MapType) mapType;
  }

  /**
   * The bytes of a binary value in any of the forms Wick meets: {@code byte[]}, an Avro {@code
   * ByteBuffer} (read without moving its position) or an Avro fixed; null for anything else.
   */
  public static byte[] bytesOf(Object v) {
    if (v instanceof byte[] b) {
      return b;
    } else if (v instanceof ByteBuffer bb) {
      ByteBuffer dup = bb.duplicate();
      byte[] out = new byte[dup.remaining()];
      dup.get(out);
      return out;
    } else if (v instanceof GenericFixed f) {
      return f.bytes();
    }
    return null;
  }

  private static byte[] bytes(Object v) {
    byte[] b = bytesOf(v);
    if (b == null) {
      throw new ClassCastException(v.getClass().getName() + " is not a binary value");
    }
    return b;
  }

  private static Iterable<?> iterate(Object v) {
    if (v instanceof Collection<?> c) {
      return c;
    } else if (v instanceof scala.collection.Iterable<?> s) {
      return CollectionConverters.asJava(s);
    } else if (v.getClass().isArray()) {
      List<Object> out = new ArrayList<>();
      for (int i = 0; i < Array.getLength(v); i++) {
        out.add(Array.get(v, i));
      }
      return out;
    }
    throw new ClassCastException(v.getClass().getName());
  }

  private static Map<?, ?> asJavaMap(Object v) {
    if (v instanceof Map<?, ?> m) {
      return m;
    } else if (v instanceof scala.collection.Map<?, ?> m) {
      return CollectionConverters.asJava(m);
    }
    throw new ClassCastException(v.getClass().getName());
  }

  // ------------------------------------------------------------------ to Java records

  /** A Java record of {@code type} from a Row whose fields match its components by name. */
  public static <R extends Record> R toRecord(Row row, Class<R> type) {
    return type.cast(rowToRecord(row, type, ""));
  }

  private static Object rowToRecord(Row row, Class<?> type, String path) {
    RecordComponent[] comps = type.getRecordComponents();
    Object[] args = new Object[comps.length];
    Class<?>[] types = new Class<?>[comps.length];
    for (int i = 0; i < comps.length; i++) {
      RecordComponent c = comps[i];
      String fieldPath = path.isEmpty() ? c.getName() : path + "." + c.getName();
      int idx = indexOf(row, c.getName());
      if (idx < 0) {
        throw WickException.usage(
            "Row has no column '"
                + fieldPath
                + "' for "
                + type.getSimpleName()
                + "; "
                + columnsOf(row, "columns"));
      }
      args[i] = toJava(row.get(idx), c.getGenericType(), fieldPath);
      types[i] = c.getType();
      if (args[i] == null && c.getType().isPrimitive()) {
        throw WickException.usage(
            "Column '"
                + fieldPath
                + "' is null, but "
                + type.getSimpleName()
                + "."
                + c.getName()
                + " is a primitive "
                + c.getType()
                + "; make the component a boxed or @Nullable type.");
      }
    }
    try {
      Constructor<?> ctor = type.getDeclaredConstructor(types);
      ctor.setAccessible(true);
      return ctor.newInstance(args);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot construct " + type.getName(), e);
    }
  }

  private static Object toJava(Object v, Type target, String path) {
    if (target instanceof ParameterizedType p && p.getRawType() == Optional.class) {
      return Optional.ofNullable(toJava(v, p.getActualTypeArguments()[0], path));
    }
    if (v == null) {
      return null;
    }
    Class<?> raw =
        target instanceof ParameterizedType p ? (Class<?>) p.getRawType() : (Class<?>) target;
    if (raw.isRecord() && Validated.class.isAssignableFrom(raw) && !(v instanceof Row)) {
      RecordComponent inner = raw.getRecordComponents()[0];
      Object innerValue = toJava(v, inner.getGenericType(), path);
      try {
        Constructor<?> ctor = raw.getDeclaredConstructor(inner.getType());
        ctor.setAccessible(true);
        return ctor.newInstance(innerValue);
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException("cannot construct " + raw.getName(), e);
      }
    }
    if (raw.isRecord()) {
      return rowToRecord((Row) v, raw, path);
    }
    if (Collection.class.isAssignableFrom(raw)) {
      Type el = ((ParameterizedType) target).getActualTypeArguments()[0];
      List<Object> out = new ArrayList<>();
      for (Object e : iterate(v)) {
        out.add(toJava(e, el, path + "[]"));
      }
      return java.util.Set.class.isAssignableFrom(raw) ? new java.util.LinkedHashSet<>(out) : out;
    }
    if (Map.class.isAssignableFrom(raw)) {
      Type[] kv = ((ParameterizedType) target).getActualTypeArguments();
      Map<Object, Object> out = new LinkedHashMap<>();
      for (Map.Entry<?, ?> e : asJavaMap(v).entrySet()) {
        out.put(
            toJava(e.getKey(), kv[0], path + "{key}"), toJava(e.getValue(), kv[1], path + "{}"));
      }
      return out;
    }
    if (raw.isArray() && raw != byte[].class) {
      List<Object> items = new ArrayList<>();
      for (Object e : iterate(v)) {
        items.add(toJava(e, raw.getComponentType(), path + "[]"));
      }
      Object arr = Array.newInstance(raw.getComponentType(), items.size());
      for (int i = 0; i < items.size(); i++) {
        Array.set(arr, i, items.get(i));
      }
      return arr;
    }
    if (raw == LocalDate.class) {
      return v instanceof Date d ? d.toLocalDate() : (LocalDate) v;
    }
    if (raw == Instant.class) {
      return v instanceof Timestamp t ? t.toInstant() : (Instant) v;
    }
    if (raw == LocalDateTime.class) {
      return v instanceof Timestamp t ? t.toLocalDateTime() : (LocalDateTime) v;
    }
    if (raw == LocalTime.class) {
      long n = ((Number) v).longValue();
      return v instanceof Integer
          ? LocalTime.ofNanoOfDay(n * 1_000_000)
          : LocalTime.ofNanoOfDay(n * 1_000);
    }
    if (raw == UUID.class) {
      return UUID.fromString(v.toString());
    }
    if (raw.isEnum()) {
      for (Object constant : raw.getEnumConstants()) {
        if (((Enum<?>) constant).name().equals(v.toString())) {
          return constant;
        }
      }
      throw WickException.usage(
          "Column '"
              + path
              + "' holds '"
              + v
              + "', which is not a constant of "
              + raw.getSimpleName()
              + ".");
    }
    if (raw == ByteBuffer.class) {
      return ByteBuffer.wrap((byte[]) v);
    }
    if (raw == int.class || raw == Integer.class) {
      return ((Number) v).intValue();
    } else if (raw == long.class || raw == Long.class) {
      return ((Number) v).longValue();
    } else if (raw == short.class || raw == Short.class) {
      return ((Number) v).shortValue();
    } else if (raw == byte.class || raw == Byte.class) {
      return ((Number) v).byteValue();
    } else if (raw == float.class || raw == Float.class) {
      return ((Number) v).floatValue();
    } else if (raw == double.class || raw == Double.class) {
      return ((Number) v).doubleValue();
    } else if (raw == boolean.class || raw == Boolean.class) {
      return (Boolean) v;
    } else if (raw == char.class || raw == Character.class) {
      return (char) ((Number) v).intValue();
    } else if (raw == String.class || raw == CharSequence.class) {
      return v.toString();
    } else if (raw == boolean.class) {
      // Class.cast cannot unbox: boolean.class.cast(Boolean.TRUE) throws.
      return (Boolean) v;
    }
    return raw.cast(v);
  }

  // ------------------------------------------------------------------ to Avro

  /**
   * An Avro generic record of {@code avro} (a record schema) from a Row whose fields match by name.
   */
  public static GenericRecord toGenericRecord(Row row, org.apache.avro.Schema avro) {
    return (GenericRecord) toAvro(row, avro, "");
  }

  /** An instance of a generated SpecificRecord class from a Row whose fields match by name. */
  public static <T extends SpecificRecord> T toSpecificRecord(Row row, Class<T> type) {
    org.apache.avro.Schema schema = org.apache.avro.specific.SpecificData.get().getSchema(type);
    GenericRecord generic = toGenericRecord(row, schema);
    // A binary round trip lets the generated class apply its own logical-type conversions.
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(bytes, null);
      new GenericDatumWriter<GenericRecord>(schema).write(generic, encoder);
      encoder.flush();
      SpecificDatumReader<T> reader = new SpecificDatumReader<>(type);
      return reader.read(null, DecoderFactory.get().binaryDecoder(bytes.toByteArray(), null));
    } catch (IOException e) {
      throw new IllegalStateException("cannot convert a row to " + type.getName(), e);
    }
  }

  private static Object toAvro(Object v, org.apache.avro.Schema s, String path) {
    if (s.getType() == org.apache.avro.Schema.Type.UNION) {
      if (v == null) {
        return null;
      }
      for (org.apache.avro.Schema branch : s.getTypes()) {
        if (branch.getType() != org.apache.avro.Schema.Type.NULL) {
          return toAvro(v, branch, path);
        }
      }
    }
    if (v == null) {
      if (s.getType() == org.apache.avro.Schema.Type.NULL) {
        return null;
      }
      throw WickException.usage(
          "Field '"
              + path
              + "' is null but its Avro type "
              + s.getType().getName()
              + " is not nullable.");
    }
    var logical = s.getLogicalType();
    switch (s.getType()) {
      case RECORD -> {
        Row row = (Row) v;
        GenericData.Record rec = new GenericData.Record(s);
        for (org.apache.avro.Schema.Field f : s.getFields()) {
          String fieldPath = path.isEmpty() ? f.name() : path + "." + f.name();
          int idx = indexOf(row, f.name());
          if (idx < 0) {
            throw WickException.usage(
                "Row has no column '"
                    + fieldPath
                    + "' for Avro record "
                    + s.getFullName()
                    + "; "
                    + columnsOf(row, "columns"));
          }
          rec.put(f.pos(), toAvro(row.get(idx), f.schema(), fieldPath));
        }
        return rec;
      }
      case ARRAY -> {
        List<Object> out = new ArrayList<>();
        for (Object e : iterate(v)) {
          out.add(toAvro(e, s.getElementType(), path + "[]"));
        }
        return new GenericData.Array<>(s, out);
      }
      case MAP -> {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : asJavaMap(v).entrySet()) {
          out.put(String.valueOf(e.getKey()), toAvro(e.getValue(), s.getValueType(), path + "{}"));
        }
        return out;
      }
      case ENUM -> {
        return new GenericData.EnumSymbol(s, v.toString());
      }
      case FIXED -> {
        if (logical instanceof LogicalTypes.Decimal) {
          return DECIMALS.toFixed(
              ((BigDecimal) v).setScale(((LogicalTypes.Decimal) logical).getScale()), s, logical);
        }
        return new GenericData.Fixed(s, bytes(v));
      }
      case BYTES -> {
        if (logical instanceof LogicalTypes.Decimal d) {
          return DECIMALS.toBytes(((BigDecimal) v).setScale(d.getScale()), s, logical);
        }
        return ByteBuffer.wrap(bytes(v));
      }
      case INT -> {
        if (logical instanceof LogicalTypes.Date) {
          return v instanceof Date d ? (int) d.toLocalDate().toEpochDay() : ((Number) v).intValue();
        }
        return ((Number) v).intValue();
      }
      case LONG -> {
        if (v instanceof Timestamp || v instanceof LocalDateTime) {
          Instant i =
              v instanceof Timestamp t
                  ? t.toInstant()
                  : ((LocalDateTime) v).toInstant(ZoneOffset.UTC);
          boolean millis =
              logical instanceof LogicalTypes.TimestampMillis
                  || logical instanceof LogicalTypes.LocalTimestampMillis;
          return millis
              ? i.toEpochMilli()
              : Math.addExact(
                  Math.multiplyExact(i.getEpochSecond(), 1_000_000L), i.getNano() / 1000);
        }
        return ((Number) v).longValue();
      }
      case FLOAT -> {
        return ((Number) v).floatValue();
      }
      case DOUBLE -> {
        return ((Number) v).doubleValue();
      }
      case BOOLEAN -> {
        return (Boolean) v;
      }
      case STRING -> {
        return v.toString();
      }
      default -> throw new IllegalStateException("unhandled Avro type " + s);
    }
  }

  /** A GenericEnumSymbol's or Utf8's text. */
  static String text(Object v) {
    return v instanceof GenericEnumSymbol<?> e ? e.toString() : String.valueOf(v);
  }
}
