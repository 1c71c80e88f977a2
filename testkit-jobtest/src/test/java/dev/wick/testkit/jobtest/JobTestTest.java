package dev.wick.testkit.jobtest;

import static dev.wick.testkit.jobtest.WickAssertions.assertThat;
import static dev.wick.testkit.jobtest.jobs.Plays.play;
import static org.apache.spark.sql.functions.col;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.WickException;
import dev.wick.core.job.Io;
import dev.wick.testkit.jobtest.avro.Play;
import dev.wick.testkit.jobtest.avro.TrackCount;
import dev.wick.testkit.jobtest.jobs.PlayCountJob;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/** JobTest with in-memory data: inputs and outputs of every element type, counters. */
@SparkTest
class JobTestTest {
  private static final Io<Play> PLAYS = Io.avro("plays.avro", Play.class);
  private static final Io<String> COUNTS = Io.text("counts");

  private static final List<Play> SAMPLE =
      List.of(play("t1", 31_000), play("t1", 33_000), play("t2", 35_000), play("t3", -1));

  @Test
  void runsTheJobOnInMemoryDataAndAssertsOutputsAndCounters() {
    List<List<String>> seen = new ArrayList<>();
    List<Long> invalid = new ArrayList<>();
    JobTest.of(PlayCountJob.class)
        .args("--plays=plays.avro", "--out=counts")
        .input(PLAYS, SAMPLE)
        .output(
            COUNTS,
            lines -> {
              seen.add(lines);
              assertThat(lines).containsExactlyInAnyOrder("t1\t2", "t2\t1");
            })
        .counter(
            "invalid_plays",
            n -> {
              invalid.add(n);
              assertThat(n).isEqualTo(1L);
            })
        .run();
    assertThat(seen).hasSize(1);
    assertThat(seen.get(0)).hasSize(2);
    assertThat(invalid).containsExactly(1L);
  }

  @Test
  void anOutputAssertionThatFailsFailsTheRun() {
    JobTest test =
        JobTest.of(PlayCountJob.class)
            .args("--plays=plays.avro", "--out=counts")
            .input(PLAYS, SAMPLE)
            .output(COUNTS, lines -> assertThat(lines).containsExactlyInAnyOrder("t1\t3", "t2\t1"))
            .counter("invalid_plays", n -> {});
    assertThatThrownBy(test::run)
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("t1\t3")
        .hasMessageContaining("t1\t2");
  }

  @Test
  void aCounterAssertionThatFailsFailsTheRun() {
    JobTest test =
        JobTest.of(PlayCountJob.class)
            .args("--plays=plays.avro", "--out=counts")
            .input(PLAYS, SAMPLE)
            .output(COUNTS, lines -> {})
            .counter("invalid_plays", n -> assertThat(n).isZero());
    assertThatThrownBy(test::run)
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("expected: 0")
        .hasMessageContaining("but was: 1");
  }

  @Test
  void specificRecordOutputsArriveAsTheGeneratedClass() {
    List<TrackCount> got = new ArrayList<>();
    JobTest.of(PlayCountJob.class)
        .args("--plays=plays.avro", "--out=counts", "--counts=counts.avro")
        .input(PLAYS, SAMPLE)
        .output(COUNTS, lines -> assertThat(lines).hasSize(2))
        .output(Io.avro("counts.avro", TrackCount.class), got::addAll)
        .counter("invalid_plays", n -> assertThat(n).isEqualTo(1L))
        .run();
    assertThat(got)
        .containsExactlyInAnyOrder(
            new TrackCount("t1", 2L, 64_000L), new TrackCount("t2", 1L, 35_000L));
  }

  @Test
  void genericRecordsInAndOut() {
    org.apache.avro.Schema schema = Play.getClassSchema();
    GenericRecord g = new GenericData.Record(schema);
    g.put("track_id", "t9");
    g.put("user_id", "u9");
    g.put("country", null);
    g.put("ms_played", 5L);
    g.put("played_at", 1_000L);
    g.put("platform", new GenericData.EnumSymbol(schema.getField("platform").schema(), "WEB"));
    Io<GenericRecord> in = Io.avro("generic.avro", schema);
    Io<GenericRecord> out = Io.avro("copy.avro", schema);
    List<GenericRecord> got = new ArrayList<>();
    JobTest.of((ctx, args) -> ctx.write(out, ctx.read(in).filter(col("ms_played").gt(0))))
        .input(in, List.of(g))
        .output(out, got::addAll)
        .run();
    assertThat(got).hasSize(1);
    assertThat(got.get(0).get("track_id")).hasToString("t9");
    assertThat(got.get(0).get("country")).isNull();
    assertThat(got.get(0).get("played_at")).isEqualTo(1_000L);
    assertThat(got.get(0).get("platform")).hasToString("WEB");
  }

  /** A Java record stored in Parquet. */
  record UserPlays(String user_id, long plays) {}

  /** Another. */
  record Heavy(String user_id) {}

  @Test
  void javaRecordsInAndOut() {
    Io<UserPlays> in = Io.parquet("users", UserPlays.class);
    Io<Heavy> out = Io.parquet("heavy", Heavy.class);
    List<Heavy> got = new ArrayList<>();
    JobTest.of(
            (ctx, args) ->
                ctx.write(
                    out,
                    ctx.read(in).filter(col("plays").geq(args.longValue("min"))).select("user_id")))
        .args("--min=10")
        .input(in, List.of(new UserPlays("a", 5), new UserPlays("b", 10), new UserPlays("c", 50)))
        .output(out, got::addAll)
        .run();
    assertThat(got).containsExactlyInAnyOrder(new Heavy("b"), new Heavy("c"));
  }

  @Test
  void rowsAndTablesInAndOut(SparkSession spark) {
    StructType schema =
        new StructType().add("k", DataTypes.StringType, false).add("v", DataTypes.LongType, false);
    Dataset<Row> data =
        spark.createDataFrame(
            List.of(RowFactory.create("a", 1L), RowFactory.create("b", 2L)), schema);
    Io<Row> table = Io.table("db_events");
    Io<Row> parquet = Io.parquet("more");
    Io<Row> out = Io.parquet("sum");
    List<Row> got = new ArrayList<>();
    JobTest.of(
            (ctx, args) ->
                ctx.write(
                    out,
                    ctx.read(table).union(ctx.read(parquet)).groupBy("k").sum("v").orderBy("k")))
        .input(table, data)
        .input(parquet, data.collectAsList())
        .output(out, got::addAll)
        .run();
    assertThat(got)
        .extracting(r -> r.getString(0) + "=" + r.getLong(1))
        .containsExactly("a=2", "b=4");
  }

  @Test
  void outputDatasetHandsTheOutputToDatasetAssertions() {
    JobTest.of(PlayCountJob.class)
        .args("--plays=plays.avro", "--out=counts", "--counts=counts.avro")
        .input(PLAYS, SAMPLE)
        .output(COUNTS, lines -> {})
        .outputDataset(
            Io.avro("counts.avro", TrackCount.class),
            counts ->
                assertThat(counts)
                    .withKey("track_id")
                    .containsExactlyInAnyOrder(
                        new TrackCount("t1", 2L, 64_000L), new TrackCount("t2", 1L, 35_000L)))
        .counter("invalid_plays", n -> {})
        .run();
  }

  @Test
  void theJobRunsInTheTestsSessionUnlessOneIsGiven(SparkSession spark) {
    List<SparkSession> seen = new ArrayList<>();
    JobTest.of((ctx, args) -> seen.add(ctx.spark())).run();
    SparkSession other = spark.newSession();
    JobTest.of((ctx, args) -> seen.add(ctx.spark())).session(other).run();
    assertThat(seen).containsExactly(spark, other);
  }

  @Test
  void aJobClassGetsANewInstancePerRun() {
    CountingJob.created = 0;
    JobTest test = JobTest.of(CountingJob.class);
    test.run();
    test.run();
    assertThat(CountingJob.created).isEqualTo(2);
  }

  /** Counts its instances. */
  static final class CountingJob implements dev.wick.core.job.WickJob {
    static int created;

    CountingJob() {
      created++;
    }

    @Override
    public void run(dev.wick.core.job.JobContext ctx, dev.wick.core.job.Args args) {}
  }

  @Test
  void theJobsOwnErrorsPassThrough() {
    JobTest test =
        JobTest.of(
            (ctx, args) -> {
              throw WickException.usage("Argument --day is not a date.");
            });
    assertThatThrownBy(test::run)
        .isInstanceOf(WickException.class)
        .hasMessage("Argument --day is not a date.");
    JobTest checked =
        JobTest.of(
            (ctx, args) -> {
              throw new java.io.IOException("disk full");
            });
    assertThatThrownBy(checked::run)
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("a job lambda failed: java.io.IOException: disk full")
        .hasCauseInstanceOf(java.io.IOException.class);
  }
}
