package dev.wick.testkit.generators.internal;

import dev.wick.core.schema.DataType;
import dev.wick.core.schema.DataType.DateType;
import dev.wick.core.schema.DataType.IntType;
import dev.wick.core.schema.DataType.RecordType;
import dev.wick.core.schema.DataType.TimestampType;
import dev.wick.core.schema.RowCodec;
import dev.wick.core.schema.Schema;
import java.sql.Date;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.expressions.GenericRowWithSchema;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.CharType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.VarcharType;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Spark's external types, as {@code RowCodec} and {@code createDataFrame} use them: {@code
 * java.sql.Date} and {@code Timestamp}, {@code LocalDateTime} for local timestamps, Scala {@code
 * Seq} and {@code Map}, and nested {@code Row}s that carry their schema (so that fields can be read
 * by name). Nodes are Spark data types.
 */
class RowForm extends ValueForm {
  static final RowForm INSTANCE = new RowForm();

  RowForm() {}

  @Override
  Object fieldNode(Object recordNode, int index) {
    return ((StructType) recordNode).fields()[index].dataType();
  }

  @Override
  Object elementNode(Object arrayNode) {
    return ((ArrayType) arrayNode).elementType();
  }

  @Override
  Object keyNode(Object mapNode) {
    return ((MapType) mapNode).keyType();
  }

  @Override
  Object valueNode(Object mapNode) {
    return ((MapType) mapNode).valueType();
  }

  @Override
  Object branchNode(Object unionNode, int index) {
    throw new IllegalStateException("Spark rows hold no unions");
  }

  @Override
  Function<Object, Object> leaf(DataType type, Object node) {
    if (type instanceof DateType) {
      return v -> Date.valueOf((LocalDate) v);
    } else if (type instanceof TimestampType t && t.utcAdjusted()) {
      // As Spark makes them (DateTimeUtils.toJavaTimestamp): the same local date-time in the JVM's
      // zone, read in the hybrid Julian calendar. Timestamp.from would shift dates before 1582 by
      // days once Spark converts them back, so a row would not survive createDataFrame.
      return v -> Timestamp.valueOf(LocalDateTime.ofInstant((Instant) v, ZoneId.systemDefault()));
    } else if (type instanceof IntType && node instanceof ShortType) {
      return v -> ((Integer) v).shortValue();
    } else if (type instanceof IntType && node instanceof ByteType) {
      return v -> ((Integer) v).byteValue();
    }
    return null;
  }

  @Override
  Function<Object[], Object> record(RecordType type, Object node) {
    StructType struct = (StructType) node;
    return values -> new GenericRowWithSchema(values, struct);
  }

  @Override
  Function<List<Object>, Object> list(Object node) {
    return values -> scala.collection.immutable.ArraySeq.unsafeWrapArray(values.toArray());
  }

  @Override
  Function<Map<Object, Object>, Object> map(Object node) {
    return values -> scala.collection.immutable.Map.from(CollectionConverters.asScala(values));
  }

  @Override
  Object recordFromJava(Object value, RecordType type, Object node, String path) {
    Row row = RowCodec.toRow(value, new Schema(type));
    return withSchema(row, (StructType) node);
  }

  /** The same values with the schema attached, nested rows included. */
  static Object withSchema(Object value, org.apache.spark.sql.types.DataType type) {
    if (value == null) {
      return null;
    }
    if (type instanceof StructType struct) {
      Row row = (Row) value;
      Object[] values = new Object[struct.fields().length];
      for (int i = 0; i < values.length; i++) {
        values[i] = withSchema(row.get(i), struct.fields()[i].dataType());
      }
      return new GenericRowWithSchema(values, struct);
    } else if (type instanceof ArrayType a) {
      List<Object> out = new java.util.ArrayList<>();
      for (Object e : CollectionConverters.asJava((scala.collection.Iterable<?>) value)) {
        out.add(withSchema(e, a.elementType()));
      }
      return CollectionConverters.asScala(out).toSeq();
    } else if (type instanceof MapType m) {
      Map<Object, Object> out = new java.util.LinkedHashMap<>();
      CollectionConverters.asJava((scala.collection.Map<?, ?>) value)
          .forEach((k, v) -> out.put(k, withSchema(v, m.valueType())));
      return scala.collection.immutable.Map.from(CollectionConverters.asScala(out));
    }
    return value;
  }

  @Override
  long[] intRange(Object node) {
    if (node instanceof ShortType) {
      return new long[] {Short.MIN_VALUE, Short.MAX_VALUE};
    } else if (node instanceof ByteType) {
      return new long[] {Byte.MIN_VALUE, Byte.MAX_VALUE};
    }
    return super.intRange(node);
  }

  @Override
  int maxTextLength(Object node) {
    if (node instanceof VarcharType v) {
      return v.length();
    } else if (node instanceof CharType c) {
      return c.length();
    }
    return super.maxTextLength(node);
  }
}
