package dev.wick.core.io;

import dev.wick.core.WickException;
import dev.wick.core.schema.Schema;
import dev.wick.core.schema.Schemas;
import dev.wick.core.schema.internal.RecordNames;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.avro.file.DataFileStream;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.sql.DataFrameReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructType;

/**
 * Reads datasets: a file, a folder or a glob of Avro, Parquet, ORC, JSON lines, CSV or text files,
 * a catalog table written {@code table:NAME}, or a Delta or Iceberg table written {@code
 * delta:PATH} or {@code iceberg:PATH} (with a version after {@code @}; see {@link Source}). The
 * format comes from an explicit option or from the files' extensions; a missing path, an empty or
 * mixed folder, a table's folder read as files, and an unreadable file are errors with one clear
 * sentence.
 */
public final class DatasetReader {
  /** The prefix that names a catalog table instead of a path: {@code table:db.plays}. */
  public static final String TABLE_PREFIX = "table:";

  /**
   * The name of the setting that gives an input's format instead of its files' extensions, as
   * errors about an undetectable format name it ({@link WickException#settings()}).
   */
  public static final String FORMAT = "format";

  /** The words of those errors that stand for {@link #FORMAT}. */
  static final String NAME_FORMAT = "name the format";

  private DatasetReader() {}

  /** Reads {@code location} in {@code format}, or in the format its files' extensions name. */
  public static Dataset<Row> read(SparkSession spark, String location, Optional<Format> format) {
    return read(spark, location, format, Map.of());
  }

  /**
   * Reads {@code location} with {@code options} for Spark's reader (see {@link Source} for the
   * {@code schema} option and the CSV defaults).
   */
  static Dataset<Row> read(
      SparkSession spark, String location, Optional<Format> format, Map<String, String> options) {
    if (location.startsWith(TABLE_PREFIX)) {
      String table = location.substring(TABLE_PREFIX.length());
      requireTable(spark, table);
      return spark.read().options(options).table(table);
    }
    Optional<LakeTable> lake = LakeTable.parse(location);
    if (lake.isPresent()) {
      return lake.get().read(spark, options);
    }
    List<FileStatus> files = dataFiles(spark, location);
    Format f = format.orElseGet(() -> FormatDetection.detect(files, location));
    FormatDetection.refuseUnreadableFiles(spark, location, f, files);
    Dataset<Row> data = load(spark, location, f, options);
    if (f == Format.JSON && onlyCorruptRecords(spark, data.schema())) {
      throw WickException.usage(
              "Cannot read "
                  + location
                  + " as json: no line of its files is a JSON record; check that they hold JSON"
                  + " lines, or "
                  + NAME_FORMAT
                  + ".")
          .about(FORMAT, NAME_FORMAT);
    }
    return data;
  }

  /** Whether Spark's schema of a JSON read is its corrupt-record column alone. */
  private static boolean onlyCorruptRecords(SparkSession spark, StructType schema) {
    String corrupt = spark.conf().get("spark.sql.columnNameOfCorruptRecord", "_corrupt_record");
    return schema.fields().length == 1 && schema.fields()[0].name().equals(corrupt);
  }

  /**
   * True when {@code location} names a table ({@code table:}, {@code delta:} or {@code iceberg:})
   * rather than files.
   */
  public static boolean isTable(String location) {
    return location.startsWith(TABLE_PREFIX) || LakeTable.names(location);
  }

  /** Reads {@code location}, detecting the format from the files' extensions. */
  public static Dataset<Row> read(SparkSession spark, String location) {
    return read(spark, location, Optional.empty());
  }

  /**
   * The schema of a dataset in the model. For Avro files it is the writer schema stored in the
   * files (with its nullability, logical types, enums and {@code wick.semantic} properties), which
   * says more than Spark's reading of it; for every other source it is Spark's schema (file sources
   * read every column as nullable).
   */
  public static Schema schema(SparkSession spark, String location, Optional<Format> format) {
    if (!isTable(location)) {
      Format f = format.orElseGet(() -> detect(spark, location));
      if (f == Format.AVRO) {
        return Schemas.fromAvro(avroSchema(spark, location));
      }
    }
    Dataset<Row> data = read(spark, location, format);
    return Schemas.fromSpark(data.schema(), recordName(location));
  }

  /** The writer schema of the first Avro data file under {@code location}. */
  public static org.apache.avro.Schema avroSchema(SparkSession spark, String location) {
    List<FileStatus> files = dataFiles(spark, location);
    FormatDetection.refuseUnreadableFiles(spark, location, Format.AVRO, files);
    FileStatus first = files.get(0);
    try {
      FileSystem fs = first.getPath().getFileSystem(spark.sparkContext().hadoopConfiguration());
      try (var in = fs.open(first.getPath());
          var stream = new DataFileStream<>(in, new GenericDatumReader<Object>())) {
        return stream.getSchema();
      }
    } catch (IOException e) {
      throw WickException.usage(
          "Cannot read the Avro schema of "
              + first.getPath()
              + " ("
              + ScanErrors.firstLine(e.getMessage())
              + "); is it an Avro data file?",
          e);
    }
  }

  /** A record name from a path or table name: {@code data/track_plays.avro -> TrackPlays}. */
  static String recordName(String location) {
    Optional<LakeTable> lake = LakeTable.parse(location);
    if (lake.isPresent()) {
      String table = lake.get().table();
      return lake.get().byPath()
          ? recordName(table)
          : toRecordName(table.substring(table.lastIndexOf('.') + 1));
    }
    if (location.startsWith(TABLE_PREFIX)) {
      String table = location.substring(TABLE_PREFIX.length());
      return toRecordName(table.substring(table.lastIndexOf('.') + 1));
    }
    String path = location.replaceAll("[*?\\[\\]{}]", "");
    while (path.endsWith("/")) {
      path = path.substring(0, path.length() - 1);
    }
    return toRecordName(path.substring(path.lastIndexOf('/') + 1));
  }

  private static String toRecordName(String base) {
    int dot = base.indexOf('.');
    if (dot > 0) {
      base = base.substring(0, dot);
    }
    return RecordNames.camelCase(base, "Dataset");
  }

  /** Reads a catalog table, failing clearly when it does not exist. */
  public static Dataset<Row> readTable(SparkSession spark, String table) {
    requireTable(spark, table);
    return spark.table(table);
  }

  /** Fails with one sentence when {@code table} is not a table name or not in the catalog. */
  private static void requireTable(SparkSession spark, String table) {
    Tables.identifier(spark, table);
    if (!spark.catalog().tableExists(table)) {
      throw WickException.usage(
          "Table '"
              + table
              + "' does not exist in the catalog; check its name (db.table) or create it.");
    }
  }

  static Dataset<Row> load(SparkSession spark, String location, Format f) {
    return load(spark, location, f, Map.of());
  }

  private static Dataset<Row> load(
      SparkSession spark, String location, Format f, Map<String, String> options) {
    String path = Locations.forSpark(location, spark.sparkContext().hadoopConfiguration());
    DataFrameReader reader = spark.read().format(f.sparkName());
    if (f == Format.CSV) {
      reader = reader.option("header", "true").option("inferSchema", "true");
    }
    for (Map.Entry<String, String> o : options.entrySet()) {
      reader =
          o.getKey().equals(Source.SCHEMA_OPTION)
              ? withSchema(reader, o.getValue())
              : reader.option(o.getKey(), o.getValue());
    }
    if (f == Format.PARQUET && options.isEmpty()) {
      Optional<StructType> written = ParquetFooterSchema.read(spark, location);
      if (written.isPresent()) {
        reader = reader.schema(written.get());
      }
    }
    try {
      return reader.load(path);
    } catch (Exception e) {
      // SparkException is a checked exception that Scala code throws undeclared.
      throw ScanErrors.unreadable(location, f, e);
    }
  }

  private static DataFrameReader withSchema(DataFrameReader reader, String ddl) {
    try {
      return reader.schema(StructType.fromDDL(ddl));
    } catch (Exception e) {
      throw WickException.usage(
              "The reader option schema=\""
                  + ddl
                  + "\" is not a schema ("
                  + ScanErrors.withoutErrorClass(Locations.message(e))
                  + "); write it as DDL, such as \"user_id STRING, ms_played BIGINT\", in the"
                  + " reader option.",
              e)
          .about(Source.OPTION, "the reader option");
    }
  }

  /**
   * One sentence for a job that failed because its scan met a file Spark could not read. Spark
   * learns a schema from the first files only, so a corrupt or truncated file among good ones is
   * found only when a task reaches it, long after {@link #read} returned; every command and job
   * turns such a failure into this usage error naming the file. Empty when {@code failure} is
   * something else, or a {@link WickException} already.
   */
  public static Optional<WickException> explainScanFailure(Throwable failure) {
    return ScanErrors.explainScanFailure(failure);
  }

  /** The format a path's data files' extensions name; an error when none or several do. */
  public static Format detect(SparkSession spark, String location) {
    return FormatDetection.detect(dataFiles(spark, location), location);
  }

  /** Fails with a clear sentence when nothing exists at {@code location}. */
  public static void requireExists(SparkSession spark, String location) {
    dataFiles(spark, location);
  }

  /**
   * The data files below a file, folder or glob, skipping hidden and marker files ({@code _*},
   * {@code .*}) as Spark does.
   */
  public static List<FileStatus> dataFiles(SparkSession spark, String location) {
    return DataFiles.list(spark, location);
  }
}
