package dev.wick.core.job;

import dev.wick.core.io.Format;
import java.util.Objects;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.specific.SpecificRecord;
import org.apache.spark.sql.Row;

/**
 * Where a job reads or writes, as a value: two descriptors for the same kind of IO and location are
 * equal, which is how {@code JobTest} matches a job's reads and writes to registered test data. The
 * type parameter is the element type a test sees: a SpecificRecord class, {@code GenericRecord}, a
 * Java record, {@code Row} or {@code String}.
 *
 * <pre>{@code
 * Io<TrackPlay> plays = Io.avro("gs://bucket/plays", TrackPlay.class);
 * Io<Row> users = Io.parquet("gs://bucket/users");
 * Io<String> counts = Io.text("gs://bucket/counts");
 * }</pre>
 */
public sealed interface Io<T> {

  /** The path, or for a table its name. */
  String location();

  /** A readable description: {@code avro(plays.avro, TrackPlay)}. */
  String describe();

  /** Avro files holding records of a generated SpecificRecord class. */
  static <T extends SpecificRecord> Io<T> avro(String path, Class<T> type) {
    return new AvroIo<>(path, type, null);
  }

  /** Avro files holding generic records of a schema. */
  static Io<GenericRecord> avro(String path, org.apache.avro.Schema schema) {
    return new AvroIo<>(path, GenericRecord.class, schema);
  }

  /** Parquet files, as rows. */
  static Io<Row> parquet(String path) {
    return new FileIo<>(Format.PARQUET, path, Row.class);
  }

  /** Parquet files holding Java records of {@code type}. */
  static <R extends Record> Io<R> parquet(String path, Class<R> type) {
    return new FileIo<>(Format.PARQUET, path, type);
  }

  /** ORC files, as rows. */
  static Io<Row> orc(String path) {
    return new FileIo<>(Format.ORC, path, Row.class);
  }

  /** JSON lines files, as rows. */
  static Io<Row> json(String path) {
    return new FileIo<>(Format.JSON, path, Row.class);
  }

  /** CSV files with a header line, as rows. */
  static Io<Row> csv(String path) {
    return new FileIo<>(Format.CSV, path, Row.class);
  }

  /** Text files, one string per line. */
  static Io<String> text(String path) {
    return new FileIo<>(Format.TEXT, path, String.class);
  }

  /** A catalog table, as rows. */
  static Io<Row> table(String name) {
    return new TableIo<>(name, Row.class);
  }

  /** A catalog table holding Java records of {@code type}. */
  static <R extends Record> Io<R> table(String name, Class<R> type) {
    return new TableIo<>(name, type);
  }

  /**
   * A Delta Lake table by path, as rows, for reading: {@code Io.delta("s3a://lake/plays")}, or a
   * version of it, {@code Io.delta("s3a://lake/plays@v12")} or {@code ...@2026-11-30T00:00:00Z}.
   * Reading needs Delta's Spark connector ({@code io.delta:delta-spark_2.13}) on the class path.
   */
  static Io<Row> delta(String path) {
    return new TableIo<>("delta:" + path, Row.class);
  }

  /** A Delta Lake table by path holding Java records of {@code type}, for reading. */
  static <R extends Record> Io<R> delta(String path, Class<R> type) {
    return new TableIo<>("delta:" + path, type);
  }

  /**
   * An Apache Iceberg table by path or catalog name ({@code cat.db.plays}), as rows, for reading;
   * {@code @SNAPSHOT_ID} or {@code @2026-11-30T00:00:00Z} after it travels back. Reading needs
   * Iceberg's Spark runtime ({@code org.apache.iceberg:iceberg-spark-runtime-4.1_2.13}).
   */
  static Io<Row> iceberg(String table) {
    return new TableIo<>("iceberg:" + table, Row.class);
  }

  /** An Apache Iceberg table holding Java records of {@code type}, for reading. */
  static <R extends Record> Io<R> iceberg(String table, Class<R> type) {
    return new TableIo<>("iceberg:" + table, type);
  }

  /**
   * Avro files. {@code type} is the SpecificRecord class, or {@code GenericRecord} with {@code
   * schema} set.
   */
  record AvroIo<T>(String location, Class<T> type, org.apache.avro.Schema schema) implements Io<T> {
    public AvroIo {
      Objects.requireNonNull(location, "location");
      Objects.requireNonNull(type, "type");
    }

    /** The Avro schema of the records: the given one, or the SpecificRecord class's. */
    public org.apache.avro.Schema avroSchema() {
      if (schema != null) {
        return schema;
      }
      return org.apache.avro.specific.SpecificData.get().getSchema(type);
    }

    @Override
    public String describe() {
      return "avro("
          + location
          + ", "
          + (schema != null ? schema.getFullName() : type.getSimpleName())
          + ")";
    }

    @Override
    public String toString() {
      return describe();
    }
  }

  /** Files of one format; {@code type} is {@code Row}, {@code String} (text) or a Java record. */
  record FileIo<T>(Format format, String location, Class<T> type) implements Io<T> {
    public FileIo {
      Objects.requireNonNull(format, "format");
      Objects.requireNonNull(location, "location");
      Objects.requireNonNull(type, "type");
    }

    @Override
    public String describe() {
      return format.sparkName()
          + "("
          + location
          + (type == Row.class || type == String.class ? "" : ", " + type.getSimpleName())
          + ")";
    }

    @Override
    public String toString() {
      return describe();
    }
  }

  /**
   * A table: a catalog table by name, or a Delta or Iceberg table ({@code delta:PATH}, {@code
   * iceberg:PATH_OR_NAME}).
   */
  record TableIo<T>(String location, Class<T> type) implements Io<T> {
    public TableIo {
      Objects.requireNonNull(location, "location");
      Objects.requireNonNull(type, "type");
    }

    @Override
    public String describe() {
      return "table(" + location + (type == Row.class ? "" : ", " + type.getSimpleName()) + ")";
    }

    @Override
    public String toString() {
      return describe();
    }
  }
}
