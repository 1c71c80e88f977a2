package dev.wick.testkit.jobtest;

import static dev.wick.testkit.jobtest.WickAssertions.assertThat;
import static dev.wick.testkit.jobtest.jobs.Plays.play;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.concat_ws;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.job.Io;
import dev.wick.testkit.jobtest.avro.Play;
import dev.wick.testkit.jobtest.avro.TrackCount;
import dev.wick.testkit.jobtest.jobs.PlayCountJob;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/** JobTest through real files: the same tests, and what only files reveal. */
@SparkTest
class JobTestFilesModeTest {
  private static final Io<Play> PLAYS = Io.avro("plays.avro", Play.class);
  private static final Io<String> COUNTS = Io.text("counts");
  private static final List<Play> SAMPLE =
      List.of(play("t1", 31_000), play("t1", 33_000), play("t2", 35_000), play("t3", -1));

  @Test
  void theSameTestPassesThroughAvroAndTextFiles() {
    List<TrackCount> got = new ArrayList<>();
    JobTest.of(PlayCountJob.class)
        .args("--plays=plays.avro", "--out=counts", "--counts=counts.avro")
        .input(PLAYS, SAMPLE)
        .output(COUNTS, lines -> assertThat(lines).containsExactlyInAnyOrder("t1\t2", "t2\t1"))
        .output(Io.avro("counts.avro", TrackCount.class), got::addAll)
        .counter("invalid_plays", n -> assertThat(n).isEqualTo(1L))
        .runWithFiles();
    assertThat(got)
        .containsExactlyInAnyOrder(
            new TrackCount("t1", 2L, 64_000L), new TrackCount("t2", 1L, 35_000L));
  }

  @Test
  void avroInputsAreContainerFilesWithTheIosOwnSchema() {
    List<org.apache.avro.Schema> schemas = new ArrayList<>();
    List<Long> rows = new ArrayList<>();
    JobTest.of(
            (ctx, args) -> {
              var plays = ctx.read(PLAYS);
              rows.add(plays.count());
              for (String file : plays.inputFiles()) {
                try (var reader =
                    new DataFileReader<GenericRecord>(
                        new File(URI.create(file)), new GenericDatumReader<>())) {
                  schemas.add(reader.getSchema());
                }
              }
            })
        .input(PLAYS, SAMPLE)
        .runWithFiles();
    assertThat(rows).containsExactly(4L);
    assertThat(schemas).containsExactly(Play.getClassSchema());
  }

  @Test
  void bothModesServeInputsWithTheSchemaProductionReadsThemWith() {
    List<StructType> schemas = new ArrayList<>();
    JobTest memory = JobTest.of((ctx, args) -> schemas.add(ctx.read(PLAYS).schema()));
    memory.input(PLAYS, SAMPLE).run();
    JobTest files = JobTest.of((ctx, args) -> schemas.add(ctx.read(PLAYS).schema()));
    files.input(PLAYS, SAMPLE).runWithFiles();
    assertThat(schemas).hasSize(2);
    assertThat(schemas.get(0).simpleString()).isEqualTo(schemas.get(1).simpleString());
    assertThat(schemas.get(0).simpleString())
        .isEqualTo(
            "struct<track_id:string,user_id:string,country:string,ms_played:bigint,"
                + "played_at:timestamp,platform:string>");
  }

  /** A Java record stored in Parquet. */
  record UserPlays(String user_id, long plays) {}

  @Test
  void parquetCsvAndTablesRoundTrip() {
    Io<UserPlays> users = Io.parquet("users", UserPlays.class);
    Io<Row> table = Io.table("events");
    Io<Row> csv = Io.csv("report.csv");
    Io<UserPlays> heavy = Io.parquet("heavy", UserPlays.class);
    List<UserPlays> heavyUsers = new ArrayList<>();
    List<Row> report = new ArrayList<>();
    JobTest.of(
            (ctx, args) -> {
              var u = ctx.read(users);
              ctx.write(heavy, u.filter(col("plays").geq(10)));
              ctx.write(table, u.select(col("user_id"), col("plays").multiply(2).as("double")));
              ctx.write(csv, u.select("user_id"));
            })
        .input(users, List.of(new UserPlays("a", 5), new UserPlays("b", 10)))
        .output(heavy, heavyUsers::addAll)
        .output(table, report::addAll)
        .output(
            csv, rows -> assertThat(rows).extracting(r -> r.getString(0)).containsOnly("a", "b"))
        .runWithFiles();
    assertThat(heavyUsers).containsExactly(new UserPlays("b", 10));
    assertThat(report).extracting(r -> r.getLong(1)).containsExactlyInAnyOrder(10L, 20L);
  }

  @Test
  void filesModeCatchesALineBreakThatInMemoryDataHides() {
    Io<String> out = Io.text("titles");
    List<Play> plays = List.of(play("Intro", 1), play("Side A\nSide B", 1));
    JobTest memory =
        JobTest.of(
                (ctx, args) ->
                    ctx.write(out, ctx.read(PLAYS).select(concat_ws("\t", col("track_id")))))
            .input(PLAYS, plays)
            .output(out, lines -> assertThat(lines).hasSize(2));
    memory.run();
    JobTest files =
        JobTest.of(
                (ctx, args) ->
                    ctx.write(out, ctx.read(PLAYS).select(concat_ws("\t", col("track_id")))))
            .input(PLAYS, plays)
            .output(out, lines -> assertThat(lines).hasSize(2));
    assertThatThrownBy(files::runWithFiles)
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("Expected size: 2 but was: 3");
  }

  @Test
  void avroOutputsKeepEnumsAndMillisecondTimestamps() {
    Io<Play> copy = Io.avro("copy.avro", Play.class);
    List<Play> got = new ArrayList<>();
    JobTest.of((ctx, args) -> ctx.write(copy, ctx.read(PLAYS)))
        .input(PLAYS, SAMPLE)
        .output(copy, got::addAll)
        .runWithFiles();
    assertThat(got).containsExactlyInAnyOrderElementsOf(SAMPLE);
  }

  @Test
  void theTemporaryFolderIsDeletedAfterTheRun() throws IOException {
    Set<Path> before = jobtestFolders();
    List<String> seen = new ArrayList<>();
    JobTest.of((ctx, args) -> seen.add(ctx.read(PLAYS).inputFiles()[0]))
        .input(PLAYS, SAMPLE)
        .runWithFiles();
    assertThat(seen).hasSize(1);
    Path file = Path.of(URI.create(seen.get(0)));
    assertThat(file).doesNotExist();
    assertThat(jobtestFolders()).isSubsetOf(before);
  }

  @Test
  void rulesHoldInFilesModeToo() {
    JobTest test =
        JobTest.of(PlayCountJob.class)
            .args("--plays=plays.avro", "--out=counts", "--counts=counts.avro")
            .input(PLAYS, SAMPLE)
            .output(COUNTS, lines -> {});
    assertThatThrownBy(test::runWithFiles)
        .hasMessage(
            "The job wrote avro(counts.avro, TrackCount), but the test registered no output for"
                + " it; registered outputs: text(counts). Assert on it with .output(...).");
  }

  private static Set<Path> jobtestFolders() throws IOException {
    try (Stream<Path> list = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
      return list.filter(p -> p.getFileName().toString().startsWith("wick-jobtest-"))
          .collect(Collectors.toSet());
    }
  }
}
