package dev.wick.testkit.generators;

import dev.wick.core.WickException;
import dev.wick.core.io.Format;
import dev.wick.core.io.Locations;
import dev.wick.core.io.Output;
import dev.wick.testkit.generators.internal.BulkGenerator;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The result of a {@link BulkGeneration}: the generated records, with what made them. Nothing is
 * drawn until they are written or {@link #rows()} runs a Spark action; each time draws the same
 * records again (from the same seeds), so reading {@link #rows()} twice gives equal data, and
 * writing them twice gives the same files, byte for byte, under the same names.
 */
public final class GeneratedRecords {
  /** The formats that hold nested records, maps and binary values. */
  private static final List<Format> FORMATS =
      List.of(Format.AVRO, Format.PARQUET, Format.JSON, Format.ORC);

  /** A Spark part file's name: its partition, the write's random id, a counter, the extension. */
  private static final Pattern SPARK_PART =
      Pattern.compile("part-(\\d+)-[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}-c000(\\..+)");

  private final SparkSession spark;
  private final BulkGenerator generator;
  private final long count;
  private final Optional<org.apache.avro.Schema> avro;

  GeneratedRecords(
      SparkSession spark,
      BulkGenerator generator,
      long count,
      Optional<org.apache.avro.Schema> avro) {
    this.spark = spark;
    this.generator = generator;
    this.count = count;
    this.avro = avro;
  }

  /**
   * The records, as rows of the schema's Spark form, one partition per chunk.
   *
   * @throws WickException a usage error naming the field when Spark cannot express the schema (a
   *     union of several types, a recursive record): such records can only be written as Avro
   */
  public Dataset<Row> rows() {
    return generator.generate(spark, count);
  }

  /** How many records there are. */
  public long count() {
    return count;
  }

  /** The seed they were drawn from. */
  public long seed() {
    return generator.seed();
  }

  /** How many partitions (and so files, once written) hold them. */
  public long partitions() {
    return generator.partitions(count);
  }

  /**
   * Writes the records as the whole of {@code out} (which the caller commits) in {@code format}:
   * one file per partition, named after its index ({@code part-00000.avro}), the same bytes for the
   * same seed, count and rows per partition.
   *
   * <p>Records of an Avro schema are written as Avro straight from Avro records, in parallel Spark
   * tasks, keeping the schema as it was given (names, enums, fixed sizes, logical types, unions,
   * recursive records). The other formats are written through Spark, which needs a schema it can
   * express.
   *
   * @throws WickException a usage error for a format that cannot hold nested records (csv, text),
   *     or a schema the format cannot hold, naming the field
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
    if (format == Format.AVRO && avro.isPresent() && generator.hasAvroSchema()) {
      out.writeWith(
          () -> generator.writeAvro(spark, Locations.path(out.stagingLocation("")), count));
      return;
    }
    Dataset<Row> rows;
    try {
      rows = rows();
    } catch (WickException e) {
      String why = e.getMessage();
      int fix = why.lastIndexOf("; ");
      throw WickException.usage(
          (fix < 0 ? why : why.substring(0, fix))
              + ", so "
              + format.sparkName()
              + " cannot hold it; write avro, which holds every Avro schema.");
    }
    Map<String, String> options =
        format == Format.AVRO && avro.isPresent()
            ? Map.of("avroSchema", avro.get().toString())
            : Map.of();
    out.writeDataset("", rows, format, options);
    nameByIndex(out);
  }

  /**
   * Renames Spark's part files ({@code part-00003-<random id>-c000.snappy.parquet}) after their
   * partition alone ({@code part-00003.snappy.parquet}), so that two runs name them alike.
   */
  private void nameByIndex(Output out) {
    Path dir = Locations.path(out.stagingLocation(""));
    try {
      FileSystem fs = dir.getFileSystem(spark.sparkContext().hadoopConfiguration());
      for (FileStatus file : fs.listStatus(dir)) {
        Matcher m = SPARK_PART.matcher(file.getPath().getName());
        if (m.matches()) {
          Path target = Locations.child(dir, "part-" + m.group(1) + m.group(2));
          if (!fs.rename(file.getPath(), target)) {
            throw new IOException("cannot rename " + file.getPath() + " to " + target);
          }
        }
      }
    } catch (IOException e) {
      throw WickException.internal("Cannot name the generated files in " + dir + ".", e);
    }
  }
}
