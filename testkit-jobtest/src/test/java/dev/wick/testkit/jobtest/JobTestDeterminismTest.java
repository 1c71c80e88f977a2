package dev.wick.testkit.jobtest;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.first;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.monotonically_increasing_id;
import static org.apache.spark.sql.functions.row_number;
import static org.apache.spark.sql.functions.sum;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.job.Io;
import dev.wick.core.job.WickJob;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.expressions.Window;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

/**
 * {@link JobTest#runTwice()}: jobs with a planted order dependence fail it, naming the rows, and a
 * deterministic job passes. The events are registered seq by seq, so each user's events are spread
 * over both input partitions of the first run; the second run reads them in reverse order over
 * three partitions, so whatever "comes first" is another event in every layout Spark may choose.
 */
@SparkTest
class JobTestDeterminismTest {
  /** An event of a user; {@code day} is the same for all, a tie. */
  record Event(String user, long seq, int day) {}

  private static final Io<Event> EVENTS = Io.parquet("events", Event.class);
  private static final Io<Row> OUT = Io.parquet("out");

  private static List<Event> events() {
    List<Event> out = new ArrayList<>();
    for (long seq = 0; seq < 12; seq++) {
      for (String user : List.of("u0", "u1", "u2", "u3")) {
        out.add(new Event(user, seq, 1));
      }
    }
    return out;
  }

  private static JobTest test(WickJob job, List<List<Row>> written) {
    return JobTest.of(job).input(EVENTS, events()).output(OUT, written::add);
  }

  /** first() without an order, after the shuffle of a groupBy. */
  private static final WickJob FIRST =
      (ctx, args) ->
          ctx.write(OUT, ctx.read(EVENTS).groupBy("user").agg(first("seq").as("first_seq")));

  /** row_number() over a window ordered by a column that ties. */
  private static final WickJob ROW_NUMBER =
      (ctx, args) ->
          ctx.write(
              OUT,
              ctx.read(EVENTS)
                  .withColumn("n", row_number().over(Window.partitionBy("user").orderBy("day")))
                  .filter(col("n").equalTo(1))
                  .select("user", "seq"));

  /** monotonically_increasing_id() as a surrogate key. */
  private static final WickJob IDS =
      (ctx, args) ->
          ctx.write(OUT, ctx.read(EVENTS).withColumn("id", monotonically_increasing_id()));

  /** Counts and sums per user: the same whatever the order. */
  private static final WickJob DETERMINISTIC =
      (ctx, args) ->
          ctx.write(
              OUT,
              ctx.read(EVENTS)
                  .groupBy("user")
                  .agg(count(lit(1)).as("events"), sum("seq").as("seq_total")));

  @RepeatedTest(3)
  void runTwiceCatchesFirstWithoutAnOrder(SparkSession spark) {
    String shuffle = spark.conf().get("spark.sql.shuffle.partitions");
    String adaptive = spark.conf().get("spark.sql.adaptive.enabled");
    List<List<Row>> written = new ArrayList<>();
    JobTest test = test(FIRST, written);
    assertThatThrownBy(test::runTwice)
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining(
            "a job lambda is not deterministic: two runs on the same inputs differ.")
        .hasMessageContaining(
            "  run 1: "
                + shuffle
                + " shuffle partitions, adaptive execution "
                + (Boolean.parseBoolean(adaptive) ? "on" : "off")
                + ", inputs as registered\n")
        .hasMessageContaining(
            "  run 2: 3 shuffle partitions, adaptive execution "
                + (Boolean.parseBoolean(adaptive) ? "off" : "on")
                + ", inputs in reverse order over 3 partitions\n")
        .hasMessageContaining("output parquet(out) (4 rows in run 1, 4 in run 2): 4 changed.")
        .hasMessageContaining("same user=\"u0\"; differs in 1 of 2 columns:")
        .hasMessageMatching("(?s).*first_seq \\| [0-9]+ +\\| [0-9]+\n.*");
    // The assertions did not run, and the session's settings are back.
    assertThat(written).isEmpty();
    assertThat(spark.conf().get("spark.sql.shuffle.partitions")).isEqualTo(shuffle);
    assertThat(spark.conf().get("spark.sql.adaptive.enabled")).isEqualTo(adaptive);
  }

  @RepeatedTest(3)
  void runTwiceCatchesRowNumberOverTies() {
    JobTest test = test(ROW_NUMBER, new ArrayList<>());
    assertThatThrownBy(test::runTwice)
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("is not deterministic")
        .hasMessageContaining("output parquet(out) (4 rows in run 1, 4 in run 2): 4 changed.");
  }

  @Test
  void runTwiceCatchesMonotonicallyIncreasingIdKeys() {
    JobTest test = test(IDS, new ArrayList<>());
    assertThatThrownBy(test::runTwice)
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("is not deterministic")
        .hasMessageContaining("output parquet(out) (48 rows in run 1, 48 in run 2): ")
        .hasMessageContaining("changed (");
  }

  @Test
  void runTwiceNamesACounterThatEndsDifferently() {
    // The test's session serves an input over two partitions; the second run over three.
    assertThatThrownBy(partitionCountingTest()::runTwice)
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("counters:\n  input_partitions: 2 in run 1, 3 in run 2");
  }

  @Test
  void runTwiceServesTheInputsOverOtherPartitionsThanTheSessionDoes(SparkSession spark) {
    spark.conf().set("spark.sql.leafNodeDefaultParallelism", "3");
    assertThatThrownBy(partitionCountingTest()::runTwice)
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("counters:\n  input_partitions: 3 in run 1, 5 in run 2");
  }

  /** A test of a job that counts its input's partitions. */
  private JobTest partitionCountingTest() {
    WickJob job =
        (ctx, args) -> {
          var partitions = ctx.counter("input_partitions");
          Dataset<Row> events = ctx.read(EVENTS);
          partitions.add(events.rdd().getNumPartitions());
          ctx.write(OUT, events.groupBy("user").count());
        };
    return test(job, new ArrayList<>());
  }

  @Test
  void runTwicePassesADeterministicJobAndRunsTheAssertionsOnce() {
    List<List<Row>> written = new ArrayList<>();
    test(DETERMINISTIC, written).runTwice();
    assertThat(written).hasSize(1);
    assertThat(written.get(0))
        .extracting(r -> r.getString(0) + ":" + r.getLong(1) + ":" + r.getLong(2))
        .containsExactlyInAnyOrder("u0:12:66", "u1:12:66", "u2:12:66", "u3:12:66");
  }

  @Test
  void runTwiceStillChecksTheRules() {
    JobTest test =
        JobTest.of(DETERMINISTIC)
            .input(EVENTS, events())
            .input(Io.text("unused"), List.of("x"))
            .output(OUT, rows -> {});
    assertThatThrownBy(test::runTwice)
        .hasMessageStartingWith("The job never read the input text(unused)");
  }
}
