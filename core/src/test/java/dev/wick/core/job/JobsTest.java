package dev.wick.core.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.ExitCode;
import dev.wick.core.WickException;
import dev.wick.core.io.DatasetReader;
import dev.wick.core.io.DatasetWriter;
import dev.wick.core.io.Format;
import dev.wick.core.schema.RowCodec;
import dev.wick.core.spark.WickSpark;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.spark.api.java.function.ForeachFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.util.LongAccumulator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link Jobs} running real {@link WickJob}s on real files, and {@link SparkJobContext}. */
class JobsTest {
  private static SparkSession spark;

  @TempDir static Path inputs;
  private static Path plays;
  @TempDir Path dir;

  @BeforeAll
  static void writePlays() {
    spark = WickSpark.local(2);
    plays = inputs.resolve("plays");
    DatasetWriter.write(
        spark.range(0, 30, 1, 2).selectExpr("concat('t', id % 3) as track", "id * 1000 as ms"),
        plays.toString(),
        Format.PARQUET,
        false,
        List.of());
  }

  /** Counts plays per track: reads Parquet, writes text, counts plays in a counter. */
  static final class TrackCountJob implements WickJob {
    @Override
    public void run(JobContext ctx, Args args) {
      Dataset<Row> plays = ctx.read(Io.parquet(args.string("plays")));
      LongAccumulator seen = ctx.counter("plays");
      plays.foreach((ForeachFunction<Row>) row -> seen.add(1));
      Dataset<Row> counts =
          plays
              .groupBy("track")
              .count()
              .selectExpr("concat(track, '\\t', count) as value")
              .orderBy("value");
      ctx.write(Io.text(args.string("out")), counts);
    }
  }

  private record Run(ExitCode code, String out, String err) {}

  private static Run run(WickJob job, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    ExitCode code =
        Jobs.run(
            job,
            args,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(
        code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  private static List<String> lines(Path textOutput) throws IOException {
    try (Stream<Path> files = Files.list(textOutput)) {
      return files
          .filter(p -> p.getFileName().toString().startsWith("part-"))
          .sorted()
          .flatMap(
              p -> {
                try {
                  return Files.readAllLines(p).stream();
                } catch (IOException e) {
                  throw new java.io.UncheckedIOException(e);
                }
              })
          .sorted()
          .toList();
    }
  }

  @Test
  void runsAJobEndToEndOnRealFiles() throws IOException {
    Path out = dir.resolve("counts");

    Run run = run(new TrackCountJob(), "--plays=" + plays, "--out=" + out);

    assertThat(run.code()).isEqualTo(ExitCode.OK);
    assertThat(run.err()).isEmpty();
    assertThat(run.out()).isEqualTo("wrote " + out + "\ncounter plays = 30\n");
    assertThat(lines(out)).containsExactly("t0\t10", "t1\t10", "t2\t10");
    assertThat(out.resolve("_SUCCESS")).isRegularFile();
  }

  @Test
  void printsLocalOutputsAsPathsAndOtherLocationsAsTheyAre() {
    assertThat(Jobs.shown("file:/tmp/wick runs/counts")).isEqualTo("/tmp/wick runs/counts");
    assertThat(Jobs.shown("file:///tmp/counts")).isEqualTo("/tmp/counts");
    assertThat(Jobs.shown("hdfs://namenode:8020/data/counts"))
        .isEqualTo("hdfs://namenode:8020/data/counts");
    assertThat(Jobs.shown("s3a://bucket/counts")).isEqualTo("s3a://bucket/counts");
    assertThat(Jobs.shown("analytics.play_counts")).isEqualTo("analytics.play_counts");
  }

  @Test
  void missingArgumentIsAUsageError() {
    Run run = run(new TrackCountJob(), "--plays=" + plays);

    assertThat(run.code()).isEqualTo(ExitCode.USAGE);
    assertThat(run.code().code()).isEqualTo(2);
    assertThat(run.err()).isEqualTo("error: Missing argument --out=VALUE; given: --plays.\n");
    assertThat(run.out()).isEmpty();
  }

  @Test
  void malformedArgumentIsAUsageError() {
    Run run = run(new TrackCountJob(), "plays");

    assertThat(run.code()).isEqualTo(ExitCode.USAGE);
    assertThat(run.err())
        .isEqualTo(
            "error: Argument 'plays' is not of the form --name=value; write it as --name=value.\n");
  }

  @Test
  void missingInputIsAUsageError() {
    Path missing = dir.resolve("missing");
    Run run = run(new TrackCountJob(), "--plays=" + missing, "--out=" + dir.resolve("counts"));

    assertThat(run.code()).isEqualTo(ExitCode.USAGE);
    assertThat(run.err())
        .isEqualTo(
            "error: Input "
                + missing
                + " does not exist; check the path (a file, a folder or a glob).\n");
  }

  @Test
  void existingOutputIsAUsageErrorUntilOverwriteIsAsked() throws IOException {
    Path out = Files.createDirectories(dir.resolve("counts"));
    Files.writeString(out.resolve("old.txt"), "old");

    Run refused = run(new TrackCountJob(), "--plays=" + plays, "--out=" + out);

    assertThat(refused.code()).isEqualTo(ExitCode.USAGE);
    assertThat(refused.err())
        .isEqualTo(
            "error: Output "
                + out
                + " already exists; pass --wick.overwrite=true to replace it, or choose another"
                + " path.\n");
    assertThat(out.resolve("old.txt")).hasContent("old");
    Run notADataset =
        run(new TrackCountJob(), "--plays=" + plays, "--out=" + out, "--wick.overwrite=true");
    assertThat(notADataset.code()).isEqualTo(ExitCode.USAGE);
    assertThat(notADataset.err())
        .isEqualTo(
            "error: Output "
                + out
                + " is not a dataset folder (it holds old.txt, and no _SUCCESS marker); Wick"
                + " replaces only folders that Wick or Spark wrote, so delete it yourself or"
                + " choose another path.\n");
    Files.createFile(out.resolve("_SUCCESS"));

    Run replaced =
        run(new TrackCountJob(), "--plays=" + plays, "--out=" + out, "--wick.overwrite=true");

    assertThat(replaced.code()).isEqualTo(ExitCode.OK);
    assertThat(out.resolve("old.txt")).doesNotExist();
    assertThat(lines(out)).containsExactly("t0\t10", "t1\t10", "t2\t10");
  }

  @Test
  void outputOverTheInputIsAUsageErrorEvenWithOverwrite() {
    Run run =
        run(new TrackCountJob(), "--plays=" + plays, "--out=" + plays, "--wick.overwrite=true");

    assertThat(run.code()).isEqualTo(ExitCode.USAGE);
    assertThat(run.err())
        .isEqualTo(
            "error: Output "
                + plays
                + " is the input "
                + plays
                + "; Wick never writes over its inputs, choose another output path.\n");
    assertThat(DatasetReader.read(spark, plays.toString()).count()).isEqualTo(30);
  }

  @Test
  void aJobThatThrowsEndsWithExitThree() {
    Run run =
        run(
            (ctx, args) -> {
              throw new IllegalStateException("the lookup table is empty");
            });

    assertThat(run.code()).isEqualTo(ExitCode.INTERNAL);
    assertThat(run.code().code()).isEqualTo(3);
    assertThat(run.err()).isEqualTo("error: the job failed: the lookup table is empty\n");
  }

  @Test
  void aFailedCheckEndsWithExitOne() {
    Run run =
        run(
            (ctx, args) -> {
              throw WickException.checkFailed("3 invalid plays, more than the 0 allowed.");
            });

    assertThat(run.code()).isEqualTo(ExitCode.CHECK_FAILED);
    assertThat(run.err()).isEqualTo("error: 3 invalid plays, more than the 0 allowed.\n");
  }

  @Test
  void verboseAddsTheStackTrace() {
    Run quiet =
        run(
            (ctx, args) -> {
              throw new IllegalStateException("boom");
            });
    Run verbose =
        run(
            (ctx, args) -> {
              throw new IllegalStateException("boom");
            },
            "--wick.verbose");

    assertThat(quiet.err()).doesNotContain("\tat ");
    assertThat(verbose.err())
        .startsWith("error: the job failed: boom\njava.lang.IllegalStateException: boom\n")
        .contains("\tat dev.wick.core.job.JobsTest");
  }

  @Test
  void argumentsTheJobNeverReadAreWarnedAbout() {
    Path out = dir.resolve("counts");

    Run run = run(new TrackCountJob(), "--plays=" + plays, "--out=" + out, "--outt=typo");

    assertThat(run.code()).isEqualTo(ExitCode.OK);
    assertThat(run.err())
        .isEqualTo("warning: the job never read the argument(s) --outt; check their spelling.\n");
  }

  @Test
  void contextCountsReadsAvroAndTablesAndRewritesOutputs() throws IOException {
    Path avro = dir.resolve("plays.avro");
    try (DataFileWriter<PlayRecord> writer =
        new DataFileWriter<>(new SpecificDatumWriter<>(PlayRecord.class))) {
      writer.create(PlayRecord.SCHEMA$, avro.toFile());
      writer.append(new PlayRecord("t1", 5));
      writer.append(new PlayRecord("t2", 7));
    }
    Path root = Files.createDirectories(dir.resolve("sandbox"));
    SparkJobContext ctx =
        new SparkJobContext(spark, false, location -> root.resolve(location).toString(), true);

    LongAccumulator counter = ctx.counter("rows");
    assertThat(ctx.counter("rows")).isSameAs(counter);
    Dataset<Row> rows = ctx.read(Io.avro(avro.toString(), PlayRecord.class));
    rows.foreach((ForeachFunction<Row>) r -> counter.add(r.getLong(1)));
    List<PlayRecord> records =
        rows.collectAsList().stream()
            .map(r -> RowCodec.toSpecificRecord(r, PlayRecord.class))
            .toList();
    ctx.write(Io.json("out"), rows);
    spark.range(0, 4).createOrReplaceTempView("jobs_test_view");
    Dataset<Row> view = ctx.read(Io.table("jobs_test_view"));
    ctx.write(Io.table("jobs_test_table"), view);

    assertThat(records).containsExactly(new PlayRecord("t1", 5), new PlayRecord("t2", 7));
    assertThat(records.get(0).track()).isEqualTo("t1");
    assertThat(ctx.counterValues()).isEqualTo(Map.of("rows", 12L));
    assertThat(ctx.written()).containsExactly("file:" + root.resolve("out"), "jobs_test_table");
    assertThat(DatasetReader.read(spark, root.resolve("out").toString()).count()).isEqualTo(2);
    assertThat(spark.table("jobs_test_table").count()).isEqualTo(4);
    assertThatThrownBy(() -> ctx.write(Io.table("jobs_test_table"), view))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Table jobs_test_table already exists; pass --wick.overwrite=true to replace it.");
    new SparkJobContext(spark, true).write(Io.table("jobs_test_table"), spark.range(0, 2).toDF());
    assertThat(spark.table("jobs_test_table").count()).isEqualTo(2);
  }
}
