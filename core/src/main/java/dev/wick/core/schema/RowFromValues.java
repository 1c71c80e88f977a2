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
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Date;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.avro.generic.IndexedRecord;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.expressions.GenericRowWithSchema;
import org.apache.spark.sql.types.StructType;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Spark {@code Row}s from Java records, Avro records, Rows or maps, through the schema model: the
 * direction of {@link RowCodec#toRow} and {@link RowCodec#createDataFrame}. Values become Spark's
 * external types, and every row carries its Spark schema.
 */
final class RowFromValues {
  private RowFromValues() {}

  /** A Row of {@code schema}'s fields taken from a Java record, an Avro record or a Row. */
  static Row toRow(Object value, Schema schema) {
    return recordToRow(value, schema.root(), Schemas.toSpark(schema), "");
  }

  /** A DataFrame of {@code values} (Java records, Avro records or Rows) with {@code schema}. */
  static Dataset<Row> createDataFrame(SparkSession spark, List<?> values, Schema schema) {
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
      int idx = RowValues.indexOf(row, name);
      if (idx < 0) {
        throw WickException.usage(
            "Row has no field '" + path + "'; " + RowValues.columnsOf(row, "fields"));
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

  /**
   * The Spark external value of a Java or Avro value of model type {@code type}, whose Spark type
   * is {@code sparkType}.
   */
  private static Object toSpark(
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
        return RowValues.bytes(v);
      } else if (type instanceof DecimalType d) {
        BigDecimal bd =
            v instanceof BigDecimal b
                ? b
                : v instanceof Number n
                    ? new BigDecimal(n.toString())
                    : new BigDecimal(new BigInteger(RowValues.bytes(v)), d.scale());
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
        for (Object e : RowValues.iterate(v)) {
          out.add(toSpark(e, a.element(), elementType(sparkType), path + "[]"));
        }
        return CollectionConverters.asScala(out).toSeq();
      } else if (type instanceof MapType m) {
        Map<Object, Object> out = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : RowValues.asJavaMap(v).entrySet()) {
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
}
