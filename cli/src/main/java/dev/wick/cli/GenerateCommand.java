package dev.wick.cli;

import dev.wick.core.WickException;
import dev.wick.core.io.Format;
import dev.wick.core.io.Output;
import dev.wick.core.report.Wording;
import dev.wick.core.schema.Schemas;
import dev.wick.testkit.generators.BulkGeneration;
import dev.wick.testkit.generators.GeneratedRecords;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
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
    header = "Write records generated from an Avro schema, repeatably.",
    mixinStandardHelpOptions = true,
    description =
        "Write N records generated from an Avro schema (.avsc): edge cases, unicode, nulls and"
            + " semantic types included, ids unique. Generation runs in parallel Spark tasks, each"
            + " with its own seed derived from --seed, so the same seed and count give the same"
            + " files, byte for byte. Writes avro for any schema (unions, recursive records), or"
            + " parquet or json with --out-format.")
final class GenerateCommand implements Callable<Integer> {
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

  @Mixin OutputOptions output;

  @Mixin OutFormatOption outFormat;

  @Option(names = "--format", hidden = true, converter = FormatConverter.class)
  void format(Format f) {
    outFormat.set(f);
  }

  @Mixin SeedOption seed;

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
              + BulkGeneration.DEFAULT_ROWS_PER_PARTITION
              + ").")
  Long rowsPerFile;

  @Option(
      names = "--key",
      split = ",",
      paramLabel = "FIELD",
      description = "Fields kept unique in the data, like ids (uuid and base62 ids always are).")
  List<String> keys = List.of();

  @Mixin LikeOptions like;

  @Mixin ValuesFromOptions valuesFrom;

  @Override
  public Integer call() {
    // Everything that can be checked without Spark is checked first.
    if (count < 0) {
      throw WickException.usage(
          "--count must be 0 or more, got " + count + "; pass how many records to write.");
    }
    Format target = outFormat.format().orElse(Format.AVRO);
    if (!FORMATS.contains(target)) {
      throw WickException.usage(
          "wick generate writes avro, parquet or json, not "
              + target.sparkName()
              + "; pass --out-format avro, parquet or json.");
    }
    org.apache.avro.Schema avro = Schemas.parseAvsc(Path.of(schema));
    long chosenSeed = seed.value();
    BulkGeneration generation =
        BulkGeneration.of(avro).seed(chosenSeed).key(keys.toArray(String[]::new));
    if (nullProbability != null) {
      generation = generation.nullProbability(nullProbability);
    }
    if (rowsPerFile != null) {
      generation = generation.rowsPerPartition(rowsPerFile);
    }
    generation = like.apply(generation);

    SparkSession session = spark.spark();
    List<String> inputs = new java.util.ArrayList<>(like.inputs());
    inputs.add(schema);
    generation = valuesFrom.apply(generation, session, inputs);
    GeneratedRecords records = generation.run(session, count);
    String written;
    try (Output out = Output.create(session, output.out, output.overwrite, inputs)) {
      // Avro is written with the user's own schema: names, enums, fixed sizes and logical types.
      records.writeTo(out, target);
      written = Inputs.local(out.commit());
    }
    var stdout = spec.commandLine().getOut();
    stdout.printf(
        "Wrote %s to %s as %s in %s (seed %d%s).%n",
        Wording.count(count, avro.getFullName() + " record"),
        written,
        target.sparkName(),
        Wording.count(records.partitions(), "file"),
        chosenSeed,
        seed.given() ? "" : ", the default; pass --seed to choose another");
    stdout.flush();
    return 0;
  }
}
