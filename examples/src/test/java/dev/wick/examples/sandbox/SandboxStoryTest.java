package dev.wick.examples.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.cli.Wick;
import dev.wick.core.ExitCode;
import dev.wick.core.job.Jobs;
import dev.wick.core.spark.WickSpark;
import dev.wick.examples.plays.TrackPlayCountJob;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sandbox story of docs/getting-started.md, end to end: sample the bundled plays by user, run
 * the optimized count job on the sample in a sandbox with a production output path, find its output
 * below the sandbox (and nothing at the production path), list the run, and clean it up.
 */
class SandboxStoryTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  private record Run(int exit, String out, String err) {}

  private static Run wick(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit =
        Wick.run(
            args,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(
        exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void theOptimizedJobRunsOnASampleInASandboxAndIsCleanedUp(@TempDir Path tmp) throws IOException {
    Path sample = tmp.resolve("plays-sample");
    Run sampled =
        wick(
            "sample",
            "--in",
            ROOT.resolve("examples/data/track_plays").toString(),
            "--out",
            sample.toString(),
            "--fraction",
            "0.1",
            "--by",
            "user_id");
    assertThat(sampled.exit()).as(sampled.err()).isZero();

    Path production = tmp.resolve("warehouse/track_counts");
    Path sandboxRoot = tmp.resolve("wick-sandbox");
    ByteArrayOutputStream jobOut = new ByteArrayOutputStream();
    ByteArrayOutputStream jobErr = new ByteArrayOutputStream();
    ExitCode code =
        Jobs.run(
            new TrackPlayCountJob(),
            new String[] {
              "--plays=" + sample,
              "--out=" + production,
              "--wick.env=sandbox",
              "--wick.sandbox.root=" + sandboxRoot
            },
            new PrintStream(jobOut, true, StandardCharsets.UTF_8),
            new PrintStream(jobErr, true, StandardCharsets.UTF_8));
    String printed = jobOut.toString(StandardCharsets.UTF_8);
    assertThat(code).as(jobErr.toString(StandardCharsets.UTF_8)).isEqualTo(ExitCode.OK);

    // Nothing lands at the production location; the output is below the sandbox, and said so.
    assertThat(production).doesNotExist();
    Path written;
    try (Stream<Path> files = Files.walk(sandboxRoot)) {
      written =
          files
              .filter(p -> p.getFileName().toString().equals("_SUCCESS"))
              .map(Path::getParent)
              .findFirst()
              .orElseThrow();
    }
    assertThat(written.toString()).endsWith("track_counts");
    assertThat(printed).contains("sandbox: " + production + " -> ").contains(written.toString());

    // The counts are those of the sample: every valid sampled play is counted once.
    SparkSession spark = WickSpark.local(2);
    long validPlays =
        spark.read().format("avro").load(sample.toString()).where("ms_played >= 0").count();
    List<Row> counts = spark.read().parquet(written.toString()).collectAsList();
    assertThat(counts.stream().mapToLong(r -> r.<Long>getAs("plays")).sum())
        .isEqualTo(validPlays)
        .isPositive();

    Run list = wick("sandbox", "list", "--root", sandboxRoot.toString());
    assertThat(list.exit()).as(list.err()).isZero();
    assertThat(list.out()).contains(TrackPlayCountJob.class.getName());
    Run clean = wick("sandbox", "clean", "--root", sandboxRoot.toString(), "--older-than", "0s");
    assertThat(clean.exit()).as(clean.err()).isZero();
    assertThat(clean.out()).endsWith("1 run deleted from " + sandboxRoot + "\n");
    assertThat(written).doesNotExist();
  }
}
