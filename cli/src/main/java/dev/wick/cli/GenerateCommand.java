package dev.wick.cli;

import dev.wick.core.WickException;
import dev.wick.core.io.Format;
import dev.wick.core.io.Output;
import dev.wick.core.schema.Schemas;
import dev.wick.testkit.generators.engine.BulkGenerator;
import dev.wick.testkit.generators.engine.GenerationSettings;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code wick generate}: writes records generated from an Avro schema, in parallel Spark tasks (a
 * seed per partition), so the same seed and count give the same files.
 */
@Command(
    name = "generate",
    mixinStandardHelpOptions = true,
    description = {
      "Write N records generated from an Avro schema (.avsc): edge cases, unicode, nulls and",
      "semantic types included. Generation runs in parallel Spark tasks, each with its own seed",
      "derived from --seed, so the same seed and count give identical data."
    })
final class GenerateCommand implements Callable<Integer> {
  /** The seed used when none is given; printed so that a run can be repeated. */
  static final long DEFAULT_SEED = 1;

  private static final List<Format> FORMATS = List.of(Format.AVRO, Format.PARQUET, Format.JSON);

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Mixin SparkOptions spark;

  @Option(
      names = "--schema",
      required = true,
      paramLabel = "FILE",
      description = "The Avro schema file (.avsc) of the records.")
  String schema;

  @Option(
      names = "--count",
      required = true,
      paramLabel = "N",
      description = "How many records to write.")
  long count;

  @Option(
      names = "--out",
      required = true,
      paramLabel = "PATH",
      description = "The output folder (refused if it exists, unless --overwrite).")
  String out;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      defaultValue = "avro",
      description = "avro (default, with the schema as written), parquet or json.")
  String format;

  @Option(
      names = "--seed",
      paramLabel = "N",
      description = "The seed (default " + DEFAULT_SEED + ").")
  Long seed;

  @Option(
      names = "--null-probability",
      paramLabel = "P",
      description = "Chance that a nullable field is null (default 0.1).")
  Double nullProbability;

  @Option(
      names = "--rows-per-file",
      paramLabel = "N",
      description =
          "Records per Spark task and output file (default "
              + BulkGenerator.DEFAULT_ROWS_PER_PARTITION
              + ").")
  Long rowsPerFile;

  @Option(names = "--overwrite", description = "Replace the output if it exists.")
  boolean overwrite;

  @Override
  public Integer call() {
    // Everything that can be checked without Spark is checked first.
    if (count < 0) {
      throw WickException.usage(
          "--count must be 0 or more, got " + count + "; pass how many records to write.");
    }
    Format target = Format.parse(format);
    if (!FORMATS.contains(target)) {
      throw WickException.usage(
          "wick generate writes avro, parquet or json, not "
              + format.toLowerCase(Locale.ROOT)
              + "; pass --format avro, parquet or json.");
    }
    GenerationSettings settings = GenerationSettings.defaults();
    if (nullProbability != null) {
      settings = settings.withNullProbability(nullProbability);
    }
    org.apache.avro.Schema avro = Schemas.parseAvsc(Path.of(schema));
    long chosenSeed = seed == null ? DEFAULT_SEED : seed;
    BulkGenerator generator = BulkGenerator.of(avro).seed(chosenSeed).settings(settings);
    if (rowsPerFile != null) {
      generator = generator.rowsPerPartition(rowsPerFile);
    }

    SparkSession session = spark.spark();
    Dataset<Row> records = generator.generate(session, count);
    String written;
    try (Output output = Output.create(session, out, overwrite, List.of(schema))) {
      // Avro is written with the user's own schema: names, enums, fixed sizes and logical types.
      Map<String, String> options =
          target == Format.AVRO ? Map.of("avroSchema", avro.toString()) : Map.of();
      output.writeDataset("", records, target, options);
      written = output.commit();
    }
    var stdout = spec.commandLine().getOut();
    stdout.printf(
        "Wrote %d %s records to %s as %s in %d files (seed %d%s).%n",
        count,
        avro.getFullName(),
        written,
        target.sparkName(),
        generator.partitions(count),
        chosenSeed,
        seed == null ? ", the default; pass --seed to choose another" : "");
    stdout.flush();
    return 0;
  }
}
