package dev.wick.sampler;

import dev.wick.core.WickException;
import dev.wick.core.io.DatasetReader;
import dev.wick.core.io.Format;
import dev.wick.core.io.Output;
import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.List;
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
 * Samples a dataset on disk into a new output folder: what {@code wick sample} runs.
 *
 * <pre>{@code
 * SampleFiles.Written w =
 *     SampleFiles.from(spark, "plays/").to("plays-sample/").run(
 *         Sampler.fraction(0.01).by("user_id").build());
 * }</pre>
 *
 * <p>The input is read through core's {@link DatasetReader} (a file, folder, glob or {@code
 * table:NAME}); the output is written through core's {@link Output}: staged and moved into place
 * only when complete, refused when it exists (unless overwriting) or touches the input, with a
 * {@code _SUCCESS} marker and {@code _wick_sample.json} (the {@link SampleResult}) inside. The
 * output keeps the input's format (Parquet for a table) and schema; an Avro output keeps the
 * input's own Avro schema (record names, enums, logical types).
 */
public final class SampleFiles {
  /** The summary file written inside the output folder. */
  public static final String SUMMARY_FILE = "_wick_sample.json";

  private final SparkSession spark;
  private final String input;
  private Optional<Format> inputFormat = Optional.empty();
  private String output;
  private Optional<Format> outputFormat = Optional.empty();
  private boolean overwrite;

  private SampleFiles(SparkSession spark, String input) {
    this.spark = Objects.requireNonNull(spark, "spark");
    this.input = Objects.requireNonNull(input, "input");
  }

  /** Samples the dataset at {@code input} (a file, folder, glob or {@code table:NAME}). */
  public static SampleFiles from(SparkSession spark, String input) {
    return new SampleFiles(spark, input);
  }

  /** Reads the input in this format instead of the one its file extensions name. */
  public SampleFiles inputFormat(Format format) {
    this.inputFormat = Optional.of(format);
    return this;
  }

  /** Writes the sample to this folder. */
  public SampleFiles to(String output) {
    this.output = Objects.requireNonNull(output, "output");
    return this;
  }

  /** Writes the sample in this format instead of the input's. */
  public SampleFiles outputFormat(Format format) {
    this.outputFormat = Optional.of(format);
    return this;
  }

  /** Replaces an existing output (never an input). */
  public SampleFiles overwrite(boolean overwrite) {
    this.overwrite = overwrite;
    return this;
  }

  /** What was written where, and what the sample kept. */
  public record Written(String output, Format format, SampleResult result) {}

  /** Reads, samples, writes and commits; a failure leaves no output behind. */
  public Written run(SampleSpec spec) {
    if (output == null) {
      throw WickException.usage("No output given; call to(folder) with the folder for the sample.");
    }
    Dataset<Row> data = DatasetReader.read(spark, input, inputFormat);
    boolean table = input.startsWith(DatasetReader.TABLE_PREFIX);
    Format inFormat =
        table ? Format.PARQUET : inputFormat.orElseGet(() -> DatasetReader.detect(spark, input));
    Format format = outputFormat.orElse(inFormat);
    try (Output out = Output.create(spark, output, overwrite, List.of(input))) {
      Sample sample = spec.select(data);
      Map<String, String> options =
          format == Format.AVRO && inFormat == Format.AVRO && !table
              ? avroSchemaOption(data)
              : Map.of();
      SampleResult result = sample.write(out, "", format, options);
      Map<String, String> context = new LinkedHashMap<>();
      context.put("input", input);
      context.put("output", out.destination());
      context.put("format", format.sparkName());
      out.writeString(SUMMARY_FILE, result.toJson(context));
      return new Written(out.commit(), format, result);
    }
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
