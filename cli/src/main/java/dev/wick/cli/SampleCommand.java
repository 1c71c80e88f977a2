package dev.wick.cli;

import dev.wick.core.WickException;
import dev.wick.core.io.Format;
import dev.wick.core.io.Output;
import dev.wick.sampler.Distribution;
import dev.wick.sampler.SampleFiles;
import dev.wick.sampler.Sampler;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code wick sample}: deterministic, key-consistent and stratified samples of a dataset. */
@Command(
    name = "sample",
    header = "Write a reproducible, key-consistent sample of a dataset.",
    mixinStandardHelpOptions = true,
    description =
        "Write a sample of a dataset: reproducible for a seed, the same keys in every dataset"
            + " sampled --by them, optionally stratified and exact. The output keeps the input's"
            + " format (unless --out-format) and schema. Its _wick_sample.json holds the counts per"
            + " stratum and the decision as Spark SQL.")
final class SampleCommand implements Callable<Integer> {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Mixin SparkOptions spark;

  @Mixin InputOptions input;

  @Mixin OutputOptions output;

  @Mixin OutFormatOption outFormat;

  @Option(
      names = "--fraction",
      paramLabel = "F",
      description = "Keep this share of the records, in (0, 1].")
  Double fraction;

  @Option(
      names = "--count",
      paramLabel = "N",
      description = "Keep about N records (exactly N with --exact), from one count pass.")
  Long count;

  @Option(
      names = "--by",
      split = ",",
      paramLabel = "FIELD",
      description =
          "Keep a record by the hash of these fields (nested paths such as user.id allowed): the"
              + " same key gets the same decision in every dataset. Without it: Bernoulli.")
  List<String> by = new ArrayList<>();

  @Mixin SeedOption seed;

  @Option(
      names = "--strata",
      split = ",",
      paramLabel = "FIELD",
      description = "Stratify by these fields; each distinct tuple, nulls included, is a stratum.")
  List<String> strata = new ArrayList<>();

  @Option(
      names = "--distribution",
      paramLabel = "D",
      description =
          "With --strata: stratified (each stratum keeps its share, the default) or uniform (the"
              + " same number from every stratum; small strata give all they have).")
  String distribution;

  @Option(
      names = "--exact",
      description =
          "Meet the target exactly (per stratum, within one record), in two passes over the input.")
  boolean exact;

  @Override
  public Integer call() {
    Sampler sampler = sampler();
    Optional<Format> target = outFormat.format();
    if (target.isPresent() && target.get() == Format.TEXT) {
      throw WickException.usage(
          "--out-format text holds one string per line, not a dataset's records; use avro,"
              + " parquet, orc, json or csv.");
    }
    if (!by.isEmpty()) {
      sampler = sampler.by(by);
    }
    if (seed.given()) {
      sampler = sampler.seed(seed.value());
    }
    if (!strata.isEmpty()) {
      sampler = sampler.strata(strata);
    }
    if (distribution != null) {
      sampler = sampler.distribution(Distribution.parse(distribution));
    }
    var sampleSpec = sampler.exact(exact).build();
    SampleFiles files = SampleFiles.read(spark.spark(), input.source());
    SampleFiles.Written written;
    String where;
    try (Output o = Output.create(spark.spark(), output.out, output.overwrite, List.of(input.in))) {
      written = files.writeTo(sampleSpec, o, target);
      where = Inputs.local(o.commit());
    }
    var w = spec.commandLine().getOut();
    w.print(written.result().summary());
    w.println();
    w.println(
        "wrote "
            + where
            + " ("
            + written.format().sparkName()
            + "); details in "
            + SampleFiles.SUMMARY_FILE);
    w.flush();
    return 0;
  }

  /** The sampler for the size options, checked before Spark starts. */
  private Sampler sampler() {
    if (fraction != null && count != null) {
      throw WickException.usage(
          "Give either --fraction or --count, not both; --fraction keeps a share, --count a"
              + " number of records.");
    }
    if (fraction == null && count == null) {
      throw WickException.usage(
          exact
              ? "--exact needs a target to meet; add --count N (or --fraction F)."
              : "Say how much to keep: add --fraction F (such as 0.01) or --count N.");
    }
    return fraction != null ? Sampler.fraction(fraction) : Sampler.count(count);
  }
}
