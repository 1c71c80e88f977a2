package dev.wick.core.schema;

import dev.wick.core.WickException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.sql.Date;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Conversions;
import org.apache.avro.LogicalTypes;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificRecord;
import org.apache.spark.sql.Row;

/**
 * Avro generic and specific records from Spark {@code Row}s, field by field by name: the direction
 * of {@link RowCodec#toGenericRecord} and {@link RowCodec#toSpecificRecord}.
 */
final class RowToAvro {
  private static final Conversions.DecimalConversion DECIMALS = new Conversions.DecimalConversion();

  private RowToAvro() {}

  /**
   * An Avro generic record of {@code avro} (a record schema) from a Row whose fields match by name.
   */
  static GenericRecord toGenericRecord(Row row, org.apache.avro.Schema avro) {
    return (GenericRecord) toAvro(row, avro, "");
  }

  /** An instance of a generated SpecificRecord class from a Row whose fields match by name. */
  static <T extends SpecificRecord> T toSpecificRecord(Row row, Class<T> type) {
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
          int idx = RowValues.indexOf(row, f.name());
          if (idx < 0) {
            throw WickException.usage(
                "Row has no column '"
                    + fieldPath
                    + "' for Avro record "
                    + s.getFullName()
                    + "; "
                    + RowValues.columnsOf(row, "columns"));
          }
          rec.put(f.pos(), toAvro(row.get(idx), f.schema(), fieldPath));
        }
        return rec;
      }
      case ARRAY -> {
        List<Object> out = new ArrayList<>();
        for (Object e : RowValues.iterate(v)) {
          out.add(toAvro(e, s.getElementType(), path + "[]"));
        }
        return new GenericData.Array<>(s, out);
      }
      case MAP -> {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : RowValues.asJavaMap(v).entrySet()) {
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
        return new GenericData.Fixed(s, RowValues.bytes(v));
      }
      case BYTES -> {
        if (logical instanceof LogicalTypes.Decimal d) {
          return DECIMALS.toBytes(((BigDecimal) v).setScale(d.getScale()), s, logical);
        }
        return ByteBuffer.wrap(RowValues.bytes(v));
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
}
