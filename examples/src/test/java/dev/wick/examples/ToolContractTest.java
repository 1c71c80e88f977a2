package dev.wick.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.bigdiff.BigDiff;
import dev.wick.bigdiff.DiffSummary;
import dev.wick.bigdiff.DiffThresholds;
import dev.wick.core.gate.GateResult;
import dev.wick.core.gate.Violation;
import dev.wick.core.io.DatasetReader;
import dev.wick.core.io.Format;
import dev.wick.core.io.Output;
import dev.wick.core.schema.Schemas;
import dev.wick.core.spark.WickSpark;
import dev.wick.core.validation.Validation;
import dev.wick.core.validation.ValidationSummary;
import dev.wick.core.validation.ValidationThresholds;
import dev.wick.profiler.Drift;
import dev.wick.profiler.DriftThresholds;
import dev.wick.profiler.Profile;
import dev.wick.profiler.Profiler;
import dev.wick.sampler.Sample;
import dev.wick.sampler.Sampler;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tool contract as a library user meets it, on the bundled data: each tool is an immutable
 * options value, {@code run} gives a result, the result writes itself to an {@link Output} the
 * caller owns, and a result plus thresholds gives a {@link GateResult}. {@code docs/library.md}
 * quotes the snippet between the {@code README} markers.
 */
class ToolContractTest {
  private static final Path DATA =
      Path.of("..").toAbsolutePath().normalize().resolve("examples/data");

  @Test
  void everyToolConfiguresRunsWritesAndGatesTheSameWay(@TempDir Path tmp) throws Exception {
    SparkSession spark = WickSpark.local(2);
    Dataset<Row> plays = DatasetReader.read(spark, DATA.resolve("track_plays").toString());
    Dataset<Row> baseline = DatasetReader.read(spark, DATA.resolve("counts_baseline").toString());
    Dataset<Row> candidate = DatasetReader.read(spark, DATA.resolve("counts_candidate").toString());
    org.apache.avro.Schema avro;
    try (InputStream in = getClass().getResourceAsStream("/TrackPlay.avsc")) {
      avro = new org.apache.avro.Schema.Parser().parse(in);
    }
    String out = tmp.resolve("validated").toString();

    // README: contract
    // 1. options: immutable values, each setting checked as it is given
    Validation rules = Validation.of(Schemas.fromAvro(avro));
    BigDiff diff = BigDiff.key("track_id").tolerance("total_ms", 0.5);
    Profiler profiler = Profiler.defaults().top(10);
    Sampler sampler = Sampler.fraction(0.1).by("user_id");

    // 2. run: datasets in, a result out (a lazy one where the result is data)
    DiffSummary diffed = diff.summarize(baseline, candidate);
    Profile profile = profiler.profile(plays, "plays");
    Sample sample = sampler.sample(plays);

    // 3. write: the caller owns the output and commits it; a failed run leaves nothing behind
    ValidationSummary validated;
    try (Output output = Output.create(spark, out, false, List.of())) {
      validated = rules.run(plays).writeTo(output, "valid", "invalid", Format.PARQUET);
      output.commit();
    }

    // 4. gate: a result and thresholds give the violations, a value; no exit codes, no throws
    GateResult gate =
        validated
            .gate(ValidationThresholds.maxInvalidFraction(0.001))
            .and(diffed.gate(DiffThresholds.maxDiffFraction(0.01)))
            .and(Drift.compare(profile, profile).gate(DriftThresholds.score(0.1)));
    for (Violation v : gate.violations()) {
      System.out.println(v.message());
    }
    // README: end

    assertThat(validated.invalid()).isEqualTo(71);
    assertThat(diffed.global().different()).isEqualTo(133);
    assertThat(profile.rowCount()).isEqualTo(20_000);
    assertThat(sample.data().count()).isBetween(1_500L, 2_500L);
    assertThat(gate.violations()).hasSize(2);
    assertThat(gate.violations().get(0).message())
        .isEqualTo("71 of 20,000 records (0.36%) are invalid; at most 0.10% may be.");
    assertThat(gate.violations().get(1).message()).startsWith("133 of 500 keys are not SAME");
    assertThat(tmp.resolve("validated/invalid/_SUCCESS")).exists();
  }

  @Test
  void theLibraryPageQuotesTheSnippetAsItIsHere() throws Exception {
    Path root = DATA.getParent().getParent();
    List<String> source =
        Files.readAllLines(
            root.resolve("examples/src/test/java/dev/wick/examples/ToolContractTest.java"));
    int from = source.indexOf("    // README: contract");
    int to = source.indexOf("    // README: end");
    assertThat(from).isPositive();
    String snippet =
        source.subList(from + 1, to).stream()
            .map(l -> l.length() >= 4 ? l.substring(4) : l)
            .collect(Collectors.joining("\n"));
    assertThat(Files.readString(root.resolve("docs/library.md")))
        .contains("```java\n" + snippet + "\n```");
  }
}
