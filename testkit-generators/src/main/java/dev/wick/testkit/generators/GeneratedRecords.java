package dev.wick.testkit.generators;

import dev.wick.core.WickException;
import dev.wick.core.io.Format;
import dev.wick.core.io.Output;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * The result of a {@link BulkGeneration}: the generated records as a lazy Spark dataset, with what
 * made them. Each Spark action draws the same records again (from the same seeds), so reading
 * {@link #rows()} twice gives equal data.
 */
public final class GeneratedRecords {
  /** The formats that hold nested records, maps and binary values. */
  private static final List<Format> FORMATS =
      List.of(Format.AVRO, Format.PARQUET, Format.JSON, Format.ORC);

  private final Dataset<Row> rows;
  private final long count;
  private final long seed;
  private final long partitions;
  private final Optional<org.apache.avro.Schema> avro;

  GeneratedRecords(
      Dataset<Row> rows,
      long count,
      long seed,
      long partitions,
      Optional<org.apache.avro.Schema> avro) {
    this.rows = rows;
    this.count = count;
    this.seed = seed;
    this.partitions = partitions;
    this.avro = avro;
  }

  /** The records, as rows of the schema's Spark form, one partition per chunk. */
  public Dataset<Row> rows() {
    return rows;
  }

  /** How many records there are. */
  public long count() {
    return count;
  }

  /** The seed they were drawn from. */
  public long seed() {
    return seed;
  }

  /** How many partitions (and so files, once written) hold them. */
  public long partitions() {
    return partitions;
  }

  /**
   * Writes the records as the whole of {@code out} (which the caller commits) in {@code format}:
   * one file per partition. Avro keeps the Avro schema the generation was built from (names, enums,
   * fixed sizes, logical types), not Spark's derived one.
   *
   * @throws WickException a usage error for a format that cannot hold nested records (csv, text)
   */
  public void writeTo(Output out, Format format) {
    Objects.requireNonNull(out, "out");
    Objects.requireNonNull(format, "format");
    if (!FORMATS.contains(format)) {
      throw WickException.usage(
          "Generated records cannot be written as "
              + format.sparkName()
              + ", which cannot hold nested records and binary values; write avro, parquet, json"
              + " or orc.");
    }
    Map<String, String> options =
        format == Format.AVRO && avro.isPresent()
            ? Map.of("avroSchema", avro.get().toString())
            : Map.of();
    out.writeDataset("", rows, format, options);
  }
}
