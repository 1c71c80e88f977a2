package dev.wick.core.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.EnvironmentFailure;
import dev.wick.core.ExitCode;
import dev.wick.core.spark.WickSpark;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SandboxTest {
  private static final SparkSession SPARK = WickSpark.local(2);

  /** Reads numbers from --in (parquet) and writes their squares as text to --out. */
  static final class SquaresJob implements WickJob {
    @Override
    public void run(JobContext ctx, Args args) {
      var numbers = ctx.read(Io.parquet(args.string("in")));
      ctx.write(
          Io.text(args.string("out")), numbers.selectExpr("cast(id * id as string) as value"));
    }
  }

  @Test
  void rewritesEveryOutputBelowTheRunFolderAndPrintsTheMapping(@TempDir Path tmp) throws Exception {
    String in = tmp.resolve("numbers").toString();
    SPARK.range(5).write().parquet(in);
    Path prodOut = tmp.resolve("prod/squares");
    Path root = tmp.resolve("sandbox");
    ByteArrayOutputStream out = new ByteArrayOutputStream();

    ExitCode code =
        Jobs.run(
            new SquaresJob(),
            new String[] {
              "--in=" + in,
              "--out=" + prodOut,
              "--wick.env=sandbox",
              "--wick.sandbox.root=" + root,
              "--wick.sandbox.user=ana"
            },
            new PrintStream(out, true, StandardCharsets.UTF_8),
            System.err);

    assertThat(code).isEqualTo(ExitCode.OK);
    assertThat(prodOut).doesNotExist();
    List<Sandbox.Run> runs = Sandbox.list(root.toString(), new Configuration());
    assertThat(runs).hasSize(1);
    Sandbox.Run run = runs.get(0);
    assertThat(run.user()).isEqualTo("ana");
    assertThat(run.job()).isEqualTo(SquaresJob.class.getName());
    Path written =
        Path.of(java.net.URI.create(run.location())).resolve(prodOut.toString().substring(1));
    assertThat(written.resolve("_SUCCESS")).exists();
    assertThat(
            SPARK
                .read()
                .text(written.toString())
                .as(org.apache.spark.sql.Encoders.STRING())
                .collectAsList())
        .containsExactlyInAnyOrder("0", "1", "4", "9", "16");
    String printed = out.toString(StandardCharsets.UTF_8);
    assertThat(printed).contains("sandbox: " + prodOut + " -> ").contains(written.toString());
  }

  @Test
  void twoRunsNeverShareAFolderAndCleanRemovesOldOnes(@TempDir Path tmp) {
    Configuration conf = new Configuration();
    String root = tmp.resolve("sb").toString();
    Sandbox a = Sandbox.open(root, "ana", "JobA", List.of("--x=1"), conf);
    Sandbox b = Sandbox.open(root, "ana", "JobA", List.of("--x=1"), conf);
    assertThat(a.rewrite("gs://bucket/out")).isNotEqualTo(b.rewrite("gs://bucket/out"));
    assertThat(a.rewrite("gs://bucket/out")).startsWith(a.runLocation()).endsWith("/gs/bucket/out");
    assertThat(a.rewrite("/data/out")).isEqualTo(a.runLocation() + "/data/out");
    assertThatThrownBy(() -> a.rewrite("/data/../../etc"))
        .hasMessageContaining("climbs out with '..'");

    assertThat(Sandbox.clean(root, Duration.ofDays(7), Optional.empty(), conf)).isEmpty();
    assertThat(Sandbox.list(root, conf)).hasSize(2);
    assertThat(Sandbox.clean(root, Duration.ZERO, Optional.of("bob"), conf)).isEmpty();
    assertThat(Sandbox.clean(root, Duration.ZERO, Optional.empty(), conf)).hasSize(2);
    assertThat(Sandbox.list(root, conf)).isEmpty();
  }

  @Test
  void refusesTablesAndUnknownEnvironments(@TempDir Path tmp) {
    WickJob tableWriter = (ctx, args) -> ctx.write(Io.table("plays"), ctx.spark().range(1).toDF());
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    ExitCode code =
        Jobs.run(
            tableWriter,
            new String[] {"--wick.env=sandbox", "--wick.sandbox.root=" + tmp},
            System.out,
            new PrintStream(err, true, StandardCharsets.UTF_8));
    assertThat(code).isEqualTo(ExitCode.USAGE);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("is a catalog table, which a sandboxed run cannot write");

    err.reset();
    code =
        Jobs.run(
            tableWriter,
            new String[] {"--wick.env=staging"},
            System.out,
            new PrintStream(err, true, StandardCharsets.UTF_8));
    assertThat(code).isEqualTo(ExitCode.USAGE);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("Unknown environment --wick.env=staging; use prod or sandbox.");
  }

  @Test
  void parsesAges() {
    assertThat(Sandbox.parseAge("7d")).isEqualTo(Duration.ofDays(7));
    assertThat(Sandbox.parseAge("12h")).isEqualTo(Duration.ofHours(12));
    assertThat(Sandbox.parseAge("0s")).isEqualTo(Duration.ZERO);
    assertThatThrownBy(() -> Sandbox.parseAge("week"))
        .hasMessageContaining("is not of the form 7d");
    assertThatThrownBy(() -> Sandbox.parseAge("-1d")).hasMessageContaining("is not of the form 7d");
  }

  private record Ran(ExitCode code, String out, String err) {}

  private static Ran sandboxed(WickJob job, Path root, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    List<String> all = new java.util.ArrayList<>(List.of(args));
    all.add("--wick.env=sandbox");
    all.add("--wick.sandbox.root=" + root);
    all.add("--wick.sandbox.user=ana");
    ExitCode code =
        Jobs.run(
            job,
            all.toArray(String[]::new),
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Ran(
        code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void aWriteOutsideTheJobContextIsRedirectedToo(@TempDir Path tmp) {
    Path prodOut = tmp.resolve("prod/direct");
    WickJob library =
        (ctx, args) ->
            dev.wick.core.io.DatasetWriter.write(
                ctx.spark().range(4).toDF(),
                args.string("out"),
                dev.wick.core.io.Format.PARQUET,
                false,
                List.of());

    Ran run = sandboxed(library, tmp.resolve("sb"), "--out=" + prodOut);

    assertThat(run.code()).as(run.err()).isEqualTo(ExitCode.OK);
    assertThat(prodOut).doesNotExist();
    Sandbox.Run only = Sandbox.list(tmp.resolve("sb").toString(), new Configuration()).get(0);
    Path written =
        Path.of(java.net.URI.create(only.location())).resolve(prodOut.toString().substring(1));
    assertThat(SPARK.read().parquet(written.toString()).count()).isEqualTo(4);
    assertThat(run.out()).contains("sandbox: " + prodOut + " -> ");
  }

  @Test
  void aWriteThroughTheSessionFailsTheSandboxedRun(@TempDir Path tmp) {
    Path prodOut = tmp.resolve("prod/escaped");
    WickJob escaping = (ctx, args) -> ctx.spark().range(3).write().parquet(args.string("out"));

    Ran run = sandboxed(escaping, tmp.resolve("sb"), "--out=" + prodOut);

    assertThat(run.code()).isEqualTo(ExitCode.USAGE);
    assertThat(run.err())
        .startsWith("error: The sandboxed job wrote file:" + prodOut + " outside its sandbox ")
        .endsWith(
            ", through the Spark session rather than its job context; write every output with"
                + " ctx.write(...) so that a sandboxed run stays in its sandbox.\n");
    // Writes through the context in the same kind of run pass.
    WickJob proper =
        (ctx, args) -> ctx.write(Io.parquet(args.string("out")), ctx.spark().range(3).toDF());
    assertThat(sandboxed(proper, tmp.resolve("sb"), "--out=" + prodOut).code())
        .isEqualTo(ExitCode.OK);
  }

  @Test
  void refusesAgesLongerThanAnyRun() {
    assertThatThrownBy(() -> Sandbox.parseAge("999999999999d"))
        .hasMessage("Age '999999999999d' is longer than any run can be old; give at most 36500d.");
    assertThatThrownBy(() -> Sandbox.parseAge("99999999999999999999d"))
        .hasMessageContaining("is not of the form 7d");
  }

  @Test
  void aTableWrittenThroughTheSessionFailsTheSandboxedRun(@TempDir Path tmp) {
    WickJob escaping =
        (ctx, args) -> ctx.spark().range(2).write().mode("overwrite").saveAsTable("sandbox_escape");

    Ran run = sandboxed(escaping, tmp.resolve("sb"));

    assertThat(run.code()).isEqualTo(ExitCode.USAGE);
    assertThat(run.err())
        .startsWith("error: The sandboxed job wrote ")
        .contains(
            "/sandbox_escape, table spark_catalog.default.sandbox_escape outside its sandbox ");
  }

  @Test
  void theEnvironmentsErrorsEndWithExitTwoAndOthersWithThree() {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    WickJob oom =
        (ctx, args) -> {
          throw new OutOfMemoryError("Java heap space");
        };
    WickJob overflow =
        (ctx, args) -> {
          throw new StackOverflowError();
        };
    WickJob broken =
        (ctx, args) -> {
          throw new AssertionError("a bug");
        };

    assertThat(
            Jobs.run(
                oom, new String[0], System.out, new PrintStream(err, true, StandardCharsets.UTF_8)))
        .isEqualTo(ExitCode.USAGE);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .isEqualTo("error: " + EnvironmentFailure.OUT_OF_MEMORY + "\n")
        .contains("WICK_JAVA_OPTS=-Xmx8g");
    err.reset();
    assertThat(
            Jobs.run(
                overflow,
                new String[0],
                System.out,
                new PrintStream(err, true, StandardCharsets.UTF_8)))
        .isEqualTo(ExitCode.USAGE);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .isEqualTo("error: " + EnvironmentFailure.STACK_OVERFLOW + "\n")
        .contains("-Xss64m");
    err.reset();
    assertThat(
            Jobs.run(
                broken,
                new String[0],
                System.out,
                new PrintStream(err, true, StandardCharsets.UTF_8)))
        .isEqualTo(ExitCode.INTERNAL);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .isEqualTo(
            "error: the job failed: java.lang.AssertionError: a bug; run with --wick.verbose.\n");
  }
}
