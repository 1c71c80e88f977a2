package dev.wick.testkit.generators.internal;

import dev.wick.core.schema.DataType;
import dev.wick.core.schema.DataType.DateType;
import dev.wick.core.schema.DataType.DecimalType;
import dev.wick.core.schema.DataType.EnumType;
import dev.wick.core.schema.DataType.IntType;
import dev.wick.core.schema.DataType.RecordType;
import dev.wick.core.schema.DataType.StringType;
import dev.wick.core.schema.DataType.TimestampType;
import dev.wick.core.schema.DataType.UuidType;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.CatalystTypeConverters;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.util.ArrayBasedMapData;
import org.apache.spark.sql.catalyst.util.GenericArrayData;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Spark's internal row format, what a data source hands to Spark: {@code UTF8String}s (made
 * straight from generated UTF-8 bytes), {@code int} days, {@code long} micros, {@code Decimal},
 * {@code GenericArrayData}, {@code ArrayBasedMapData} and {@code GenericInternalRow}. The bulk
 * backend draws in this form so that Spark converts nothing.
 */
final class InternalRowForm extends RowForm {
  static final InternalRowForm INSTANCE = new InternalRowForm();

  private InternalRowForm() {}

  @Override
  boolean utf8Strings() {
    return true;
  }

  @Override
  Function<Object, Object> leaf(DataType type, Object node) {
    if (type instanceof StringType || type instanceof UuidType || type instanceof EnumType) {
      return v ->
          v instanceof byte[] b ? UTF8String.fromBytes(b) : UTF8String.fromString((String) v);
    } else if (type instanceof DecimalType d) {
      return v -> Decimal.apply((BigDecimal) v, d.precision(), d.scale());
    } else if (type instanceof DateType) {
      return v -> (int) ((LocalDate) v).toEpochDay();
    } else if (type instanceof TimestampType t) {
      return t.utcAdjusted()
          ? v -> micros((Instant) v)
          : v -> micros(((LocalDateTime) v).toInstant(ZoneOffset.UTC));
    } else if (type instanceof IntType && node instanceof ShortType) {
      return v -> ((Integer) v).shortValue();
    } else if (type instanceof IntType && node instanceof ByteType) {
      return v -> ((Integer) v).byteValue();
    }
    return null;
  }

  private static long micros(Instant i) {
    return Math.addExact(Math.multiplyExact(i.getEpochSecond(), 1_000_000L), i.getNano() / 1000);
  }

  @Override
  Function<Object[], Object> record(RecordType type, Object node) {
    return GenericInternalRow::new;
  }

  @Override
  Function<List<Object>, Object> list(Object node) {
    return values -> new GenericArrayData(values.toArray());
  }

  @Override
  Function<Map<Object, Object>, Object> map(Object node) {
    return values ->
        new ArrayBasedMapData(
            new GenericArrayData(values.keySet().toArray()),
            new GenericArrayData(values.values().toArray()));
  }

  @Override
  Object recordFromJava(Object value, RecordType type, Object node, String path) {
    Row row = (Row) super.recordFromJava(value, type, node, path);
    return CatalystTypeConverters.createToCatalystConverter((StructType) node).apply(row);
  }
}
