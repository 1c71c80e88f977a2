package dev.wick.core.schema;

import java.util.List;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.specific.SpecificRecord;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Converts between Spark {@code Row}s and Java records, Avro generic and specific records, through
 * the schema model. This is how Wick moves typed values in and out of DataFrames without {@code
 * Encoders.bean} (which cannot build Java records).
 *
 * <p>Spark-side values are Spark's external types: {@code java.sql.Date} for dates, {@code
 * java.sql.Timestamp} for instants, {@code LocalDateTime} for local timestamps, Scala {@code Seq}
 * and {@code Map} for arrays and maps, nested {@code Row}s for records.
 *
 * <p>Each direction is a class of this package: {@code RowFromValues} (to Spark), {@code
 * RowToRecord} (to Java records) and {@code RowToAvro} (to Avro records).
 */
public final class RowCodec {
  private RowCodec() {}

  /**
   * A Row of {@code schema}'s fields taken from a Java record, an Avro record or a Row. The row and
   * its nested rows carry their Spark schema, so fields can be read by name ({@link #toRecord},
   * {@link #toGenericRecord}, {@code Row.getAs(String)}).
   */
  public static Row toRow(Object value, Schema schema) {
    return RowFromValues.toRow(value, schema);
  }

  /** A DataFrame of {@code values} (Java records, Avro records or Rows) with {@code schema}. */
  public static Dataset<Row> createDataFrame(SparkSession spark, List<?> values, Schema schema) {
    return RowFromValues.createDataFrame(spark, values, schema);
  }

  /**
   * The bytes of a binary value in any of the forms Wick meets: {@code byte[]}, an Avro {@code
   * ByteBuffer} (read without moving its position) or an Avro fixed; null for anything else.
   */
  public static byte[] bytesOf(Object v) {
    return RowValues.bytesOf(v);
  }

  /** A Java record of {@code type} from a Row whose fields match its components by name. */
  public static <R extends Record> R toRecord(Row row, Class<R> type) {
    return RowToRecord.toRecord(row, type);
  }

  /**
   * An Avro generic record of {@code avro} (a record schema) from a Row whose fields match by name.
   */
  public static GenericRecord toGenericRecord(Row row, org.apache.avro.Schema avro) {
    return RowToAvro.toGenericRecord(row, avro);
  }

  /** An instance of a generated SpecificRecord class from a Row whose fields match by name. */
  public static <T extends SpecificRecord> T toSpecificRecord(Row row, Class<T> type) {
    return RowToAvro.toSpecificRecord(row, type);
  }
}
