package dev.wick.testkit.generators.internal;

import dev.wick.core.WickException;
import dev.wick.core.schema.DataType;
import dev.wick.core.schema.DataType.BytesType;
import dev.wick.core.schema.DataType.DateType;
import dev.wick.core.schema.DataType.DecimalType;
import dev.wick.core.schema.DataType.EnumType;
import dev.wick.core.schema.DataType.FixedType;
import dev.wick.core.schema.DataType.Precision;
import dev.wick.core.schema.DataType.RecordType;
import dev.wick.core.schema.DataType.TimestampType;
import dev.wick.core.schema.RowCodec;
import dev.wick.core.schema.Schema;
import dev.wick.core.schema.Schemas;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.avro.Conversions;
import org.apache.avro.LogicalType;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.IndexedRecord;
import org.apache.spark.sql.Row;

/**
 * Avro's generic representation, which {@code GenericData.validate} and {@code GenericDatumWriter}
 * accept: {@code GenericData.Record}, {@code EnumSymbol}, {@code Fixed}, {@code ByteBuffer},
 * decimals encoded per their logical type, dates as {@code int} days and timestamps as {@code long}
 * millis or micros. Nodes are Avro schemas with the null branch of a nullable union removed.
 */
final class AvroForm extends ValueForm {
  static final AvroForm INSTANCE = new AvroForm();
  private static final Conversions.DecimalConversion DECIMALS = new Conversions.DecimalConversion();

  private AvroForm() {}

  /** The non-null part of a schema: the one non-null branch of a union, or the schema itself. */
  static org.apache.avro.Schema strip(org.apache.avro.Schema s) {
    if (s.getType() != org.apache.avro.Schema.Type.UNION) {
      return s;
    }
    List<org.apache.avro.Schema> nonNull = nonNull(s);
    return nonNull.size() == 1 ? nonNull.get(0) : s;
  }

  private static List<org.apache.avro.Schema> nonNull(org.apache.avro.Schema union) {
    List<org.apache.avro.Schema> out = new ArrayList<>();
    for (org.apache.avro.Schema b : union.getTypes()) {
      if (b.getType() != org.apache.avro.Schema.Type.NULL) {
        out.add(b);
      }
    }
    return out;
  }

  private static org.apache.avro.Schema avro(Object node) {
    return (org.apache.avro.Schema) node;
  }

  @Override
  Object fieldNode(Object recordNode, int index) {
    return strip(avro(recordNode).getFields().get(index).schema());
  }

  @Override
  Object elementNode(Object arrayNode) {
    return strip(avro(arrayNode).getElementType());
  }

  @Override
  Object keyNode(Object mapNode) {
    return org.apache.avro.Schema.create(org.apache.avro.Schema.Type.STRING);
  }

  @Override
  Object valueNode(Object mapNode) {
    return strip(avro(mapNode).getValueType());
  }

  @Override
  Object branchNode(Object unionNode, int index) {
    return nonNull(avro(unionNode)).get(index);
  }

  @Override
  Function<Object, Object> leaf(DataType type, Object node) {
    org.apache.avro.Schema s = avro(node);
    LogicalType logical = s.getLogicalType();
    if (type instanceof DecimalType) {
      return s.getType() == org.apache.avro.Schema.Type.FIXED
          ? v -> DECIMALS.toFixed((BigDecimal) v, s, logical)
          : v -> DECIMALS.toBytes((BigDecimal) v, s, logical);
    } else if (type instanceof EnumType) {
      return v -> new GenericData.EnumSymbol(s, (String) v);
    } else if (type instanceof FixedType) {
      return v -> new GenericData.Fixed(s, (byte[]) v);
    } else if (type instanceof BytesType) {
      return v -> ByteBuffer.wrap((byte[]) v);
    } else if (type instanceof DateType) {
      return v -> (int) ((LocalDate) v).toEpochDay();
    } else if (type instanceof TimestampType t) {
      boolean millis = t.precision() == Precision.MILLIS;
      return t.utcAdjusted()
          ? v -> epoch((Instant) v, millis)
          : v -> epoch(((LocalDateTime) v).toInstant(ZoneOffset.UTC), millis);
    }
    return null;
  }

  private static long epoch(Instant i, boolean millis) {
    return millis
        ? i.toEpochMilli()
        : Math.addExact(Math.multiplyExact(i.getEpochSecond(), 1_000_000L), i.getNano() / 1000);
  }

  @Override
  Function<Object[], Object> record(RecordType type, Object node) {
    org.apache.avro.Schema s = avro(node);
    return values -> {
      GenericData.Record r = new GenericData.Record(s);
      for (int i = 0; i < values.length; i++) {
        r.put(i, values[i]);
      }
      return r;
    };
  }

  @Override
  Function<List<Object>, Object> list(Object node) {
    org.apache.avro.Schema s = avro(node);
    return values -> new GenericData.Array<>(s, values);
  }

  @Override
  Function<Map<Object, Object>, Object> map(Object node) {
    return values -> values;
  }

  @Override
  Object recordFromJava(Object value, RecordType type, Object node, String path) {
    org.apache.avro.Schema s = avro(node);
    if (value instanceof IndexedRecord r) {
      if (!r.getSchema().equals(s)) {
        throw WickException.usage(
            "The record given for field '"
                + path
                + "' has the Avro schema "
                + r.getSchema().getFullName()
                + ", but the field holds "
                + s.getFullName()
                + "; give records of the field's own schema.");
      }
      return r;
    }
    Schema model = new Schema(type);
    Row row = (Row) RowForm.withSchema(RowCodec.toRow(value, model), Schemas.toSpark(model));
    return RowCodec.toGenericRecord(row, s);
  }
}
