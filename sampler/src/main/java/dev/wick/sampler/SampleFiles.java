package dev.wick.sampler;

import dev.wick.core.io.DatasetReader;
import dev.wick.core.io.Format;
import dev.wick.core.io.Output;
import dev.wick.core.io.Source;
import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apache.avro.file.DataFileStream;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.hadoop.fs.FileStatus;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.avro.SchemaConverters;

/**
 * Samples a dataset on disk into an {@link Output} the caller owns: what {@code wick sample} runs.
 *
 * <pre>{@code
 * SampleFiles plays = SampleFiles.read(spark, "plays/", Optional.empty());
 * try (Output out = Output.create(spark, "plays-sample/", false, List.of("plays/"))) {
 *   SampleFiles.Written w = plays.write(Sampler.fraction(0.01).by("user_id").build(), out);
 *   out.commit();
 * }
 * }</pre>
 *
 * <p>The input is read through core's {@link DatasetReader} (a file, folder, glob or {@code
 * table:NAME}) when this value is made, so that a bad input fails before any output is opened.
 * {@link #writeTo} puts the sample and {@code _wick_sample.json} (the {@link SampleResult}) into
 * the caller's output, which stages, refuses and commits as {@link Output} does. The sample keeps
 * the input's format (Parquet for a table) and schema unless another format is given; an Avro
 * sample of an Avro input keeps the input's own Avro schema (record names, enums, logical types).
 */
public final class SampleFiles {
  /** The summary file written inside the output folder. */
  public static final String SUMMARY_FILE = "_wick_sample.json";

  private final SparkSession spark;
  private final String input;
  private final Dataset<Row> data;
  private final Format inputFormat;
  private final boolean table;

  private SampleFiles(
      SparkSession spark, String input, Dataset<Row> data, Format inputFormat, boolean table) {
    this.spark = spark;
    this.input = input;
    this.data = data;
    this.inputFormat = inputFormat;
    this.table = table;
  }

  /**
   * Reads the dataset at {@code input} (a file, folder, glob or {@code table:NAME}), in {@code
   * format} when given, else in the format its file extensions name.
   */
  public static SampleFiles read(SparkSession spark, String input, Optional<Format> format) {
    Objects.requireNonNull(input, "input");
    Objects.requireNonNull(format, "format");
    return read(spark, Source.of(input).format(format));
  }

  /**
   * Reads {@code source} (files, a catalog, Delta or Iceberg table, with reader options and a row
   * filter); the sample keeps the files' format, Parquet for a table.
   */
  public static SampleFiles read(SparkSession spark, Source source) {
    Objects.requireNonNull(spark, "spark");
    Objects.requireNonNull(source, "source");
    Dataset<Row> data = source.read(spark);
    String input = source.location();
    boolean table = DatasetReader.isTable(input);
    Format inFormat =
        table
            ? Format.PARQUET
            : source.format().orElseGet(() -> DatasetReader.detect(spark, input));
    return new SampleFiles(spark, input, data, inFormat, table);
  }

  /** The input's format: the one given, or its files' (Parquet for a table). */
  public Format inputFormat() {
    return inputFormat;
  }

  /** What was written, in which format, and what the sample kept. */
  public record Written(Format format, SampleResult result) {}

  /** Samples into {@code out} in the input's format; the caller commits. */
  public Written writeTo(SampleSpec spec, Output out) {
    return writeTo(spec, out, Optional.empty());
  }

  /** Samples into {@code out} in {@code format} (else the input's); the caller commits. */
  public Written writeTo(SampleSpec spec, Output out, Optional<Format> format) {
    Objects.requireNonNull(spec, "spec");
    Objects.requireNonNull(out, "out");
    Format written = format.orElse(inputFormat);
    Sample sample = spec.select(data);
    Map<String, String> options =
        written == Format.AVRO && inputFormat == Format.AVRO && !table
            ? avroSchemaOption(data)
            : Map.of();
    SampleResult result = sample.writeTo(out, "", written, options);
    Map<String, String> context = new LinkedHashMap<>();
    context.put("input", input);
    context.put("output", out.destination());
    context.put("format", written.sparkName());
    out.writeString(SUMMARY_FILE, result.toJson(context));
    return new Written(written, result);
  }

  /**
   * The input's own Avro schema (from its first data file), when it is the schema Spark read: then
   * the sample keeps record names, enums and logical types that Spark's own Avro schema would lose.
   */
  private Map<String, String> avroSchemaOption(Dataset<Row> data) {
    FileStatus first = DatasetReader.dataFiles(spark, input).get(0);
    try (InputStream in =
            first
                .getPath()
                .getFileSystem(spark.sparkContext().hadoopConfiguration())
                .open(first.getPath());
        DataFileStream<GenericRecord> stream =
            new DataFileStream<>(in, new GenericDatumReader<>())) {
      org.apache.avro.Schema schema = stream.getSchema();
      if (SchemaConverters.toSqlType(schema).dataType().sameType(data.schema())) {
        return Map.of("avroSchema", schema.toString());
      }
      return Map.of();
    } catch (IOException | RuntimeException e) {
      // Not readable as one Avro schema: Spark's own Avro schema for the same columns will do.
      return Map.of();
    }
  }
}
