package dev.wick.typed;

import dev.wick.core.WickException;
import dev.wick.core.io.DatasetReader;
import dev.wick.core.io.Format;
import dev.wick.core.schema.RowCodec;
import dev.wick.typed.internal.SchemaCheck;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Where typed datasets come from: catalog tables, files, in-memory records, or a DataFrame read by
 * other means. Every entry point checks the data's schema against the record first and fails with
 * one sentence listing what does not match.
 *
 * <pre>{@code
 * var events = Typed.table(spark, AdEvent_.META);                  // the @WickTable's table
 * var plays = Typed.read(spark, "data/plays.parquet", Play_.META);  // a file, folder or glob
 * var test = Typed.of(spark, List.of(new Play("t1", 3)), Play_.META);
 * }</pre>
 *
 * <p>Names and types must match (enums and UUIDs are stored as strings). Nullability is not
 * checked: file formats such as Parquet mark every column nullable, so a non-null record component
 * states what the data is known to hold.
 */
public final class Typed {
  private Typed() {}

  /** The table named by the record's {@link WickTable} annotation. */
  public static <R extends Record, V, N> TypedDataset<R, V, N> table(
      SparkSession spark, Meta<R, V, N> meta) {
    String table =
        meta.table()
            .orElseThrow(
                () ->
                    WickException.usage(
                        meta.recordType().getSimpleName()
                            + " names no table; annotate it with @WickTable(\"name\") or pass the"
                            + " table's name."));
    return table(spark, table, meta);
  }

  /** The catalog table {@code table}. */
  public static <R extends Record, V, N> TypedDataset<R, V, N> table(
      SparkSession spark, String table, Meta<R, V, N> meta) {
    Dataset<Row> rows = DatasetReader.readTable(spark, table);
    return new TypedDataset<>(SchemaCheck.conform(rows, meta, "Table " + table), meta, Set.of());
  }

  /** The files at {@code location} (a file, folder or glob), format from their extensions. */
  public static <R extends Record, V, N> TypedDataset<R, V, N> read(
      SparkSession spark, String location, Meta<R, V, N> meta) {
    return read(spark, location, Optional.empty(), meta);
  }

  /** The files at {@code location} in {@code format}. */
  public static <R extends Record, V, N> TypedDataset<R, V, N> read(
      SparkSession spark, String location, Format format, Meta<R, V, N> meta) {
    return read(spark, location, Optional.of(format), meta);
  }

  private static <R extends Record, V, N> TypedDataset<R, V, N> read(
      SparkSession spark, String location, Optional<Format> format, Meta<R, V, N> meta) {
    Dataset<Row> rows = DatasetReader.read(spark, location, format);
    return new TypedDataset<>(
        SchemaCheck.conform(rows, meta, "Input " + location), meta, Set.of(location));
  }

  /** A dataset of the given records (for tests and small lookup tables). */
  public static <R extends Record, V, N> TypedDataset<R, V, N> of(
      SparkSession spark, List<R> records, Meta<R, V, N> meta) {
    Dataset<Row> rows = RowCodec.createDataFrame(spark, records, meta.schema());
    return new TypedDataset<>(rows, meta, Set.of());
  }

  /**
   * A DataFrame read by other means (such as {@code JobContext.read}), checked against the record;
   * {@code description} names it in errors.
   */
  public static <R extends Record, V, N> TypedDataset<R, V, N> wrap(
      Dataset<Row> rows, String description, Meta<R, V, N> meta) {
    return new TypedDataset<>(SchemaCheck.conform(rows, meta, description), meta, Set.of());
  }
}
