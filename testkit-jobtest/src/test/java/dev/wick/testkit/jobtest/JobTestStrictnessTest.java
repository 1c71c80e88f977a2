package dev.wick.testkit.jobtest;

import static dev.wick.testkit.jobtest.jobs.Plays.play;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.WickException;
import dev.wick.core.job.Io;
import dev.wick.testkit.jobtest.avro.Play;
import dev.wick.testkit.jobtest.avro.TrackCount;
import dev.wick.testkit.jobtest.jobs.PlayCountJob;
import java.util.List;
import org.apache.spark.sql.Encoders;
import org.junit.jupiter.api.Test;

/** Every strictness rule of JobTest, with its exact message. */
@SparkTest
class JobTestStrictnessTest {
  private static final Io<Play> PLAYS = Io.avro("plays.avro", Play.class);
  private static final Io<String> COUNTS = Io.text("counts");
  private static final List<Play> SAMPLE = List.of(play("t1", 1000), play("t2", 2000));

  private static JobTest playCount(String... args) {
    return JobTest.of(PlayCountJob.class).args(args);
  }

  @Test
  void aReadOfAnUnregisteredInputListsTheRegisteredOnes() {
    JobTest test =
        playCount("--plays=plays-typo.avro", "--out=counts")
            .input(PLAYS, SAMPLE)
            .output(COUNTS, lines -> {});
    assertThatThrownBy(test::run)
        .isInstanceOf(WickException.class)
        .hasMessage(
            "The job read avro(plays-typo.avro, Play), but the test registered no input for it;"
                + " registered inputs: avro(plays.avro, Play). Register it with .input(...) or"
                + " fix the location the job reads.");
  }

  @Test
  void aReadOfTheRightLocationAsAnotherKindSaysSo() {
    JobTest test =
        JobTest.of((ctx, args) -> ctx.read(Io.parquet("plays.avro"))).input(PLAYS, SAMPLE);
    assertThatThrownBy(test::run)
        .isInstanceOf(WickException.class)
        .hasMessage(
            "The job read parquet(plays.avro), but the test registered no input for it"
                + " (avro(plays.avro, Play) has the same location but another kind or type);"
                + " registered inputs: avro(plays.avro, Play). Register it with .input(...) or"
                + " fix the location the job reads.");
  }

  @Test
  void anInputNeverReadFailsTheRun() {
    JobTest test =
        playCount("--plays=plays.avro", "--out=counts")
            .input(PLAYS, SAMPLE)
            .input(Io.text("lookup.txt"), List.of("a"))
            .output(COUNTS, lines -> {});
    assertThatThrownBy(test::run)
        .isInstanceOf(WickException.class)
        .hasMessage(
            "The job never read the input text(lookup.txt); remove it from the test or fix the"
                + " location the job reads (the job read: avro(plays.avro, Play)).");
  }

  @Test
  void anOutputNeverWrittenFailsTheRun() {
    JobTest test =
        playCount("--plays=plays.avro", "--out=counts")
            .input(PLAYS, SAMPLE)
            .output(COUNTS, lines -> {})
            .output(Io.avro("counts.avro", TrackCount.class), counts -> {});
    assertThatThrownBy(test::run)
        .isInstanceOf(WickException.class)
        .hasMessage(
            "The job never wrote the output avro(counts.avro, TrackCount); remove it from the"
                + " test or fix the location the job writes (the job wrote: text(counts)).");
  }

  @Test
  void anOutputWrittenTwiceFailsAtTheSecondWrite() {
    Io<String> out = Io.text("out");
    JobTest test =
        JobTest.of(
                (ctx, args) -> {
                  ctx.write(out, ctx.spark().createDataset(List.of("a"), Encoders.STRING()));
                  ctx.write(out, ctx.spark().createDataset(List.of("b"), Encoders.STRING()));
                })
            .output(out, lines -> {});
    assertThatThrownBy(test::run)
        .isInstanceOf(WickException.class)
        .hasMessage(
            "The job wrote text(out) twice; a job writes each output once (registered outputs:"
                + " text(out)).");
  }

  @Test
  void anOutputWithNoAssertionFailsAtTheWrite() {
    JobTest test =
        playCount("--plays=plays.avro", "--out=counts", "--counts=counts.avro")
            .input(PLAYS, SAMPLE)
            .output(COUNTS, lines -> {});
    assertThatThrownBy(test::run)
        .isInstanceOf(WickException.class)
        .hasMessage(
            "The job wrote avro(counts.avro, TrackCount), but the test registered no output for"
                + " it; registered outputs: text(counts). Assert on it with .output(...).");
  }

  /** A typed output's rows. */
  record Count(String track_id, long plays) {}

  @Test
  void anOutputWrittenAsAnotherTypeIsOneRuleNotTwo() {
    JobTest test =
        JobTest.of(
                (ctx, args) ->
                    ctx.write(
                        Io.parquet("counts", Count.class),
                        ctx.spark().sql("select 't1' as track_id, 1L as plays")))
            .output(Io.parquet("counts"), rows -> {});
    assertThatThrownBy(test::run)
        .isInstanceOf(WickException.class)
        .hasMessage(
            "The job wrote parquet(counts, Count), but the test registered no output for it"
                + " (parquet(counts) has the same location but another kind or type); registered"
                + " outputs: parquet(counts). Assert on it with .output(...).");
  }

  @Test
  void aCounterTheJobNeverCreatedFailsTheRun() {
    JobTest test =
        playCount("--plays=plays.avro", "--out=counts")
            .input(PLAYS, SAMPLE)
            .output(COUNTS, lines -> {})
            .counter("invalid_plays", n -> {})
            .counter("skipped", n -> {});
    assertThatThrownBy(test::run)
        .isInstanceOf(WickException.class)
        .hasMessage(
            "The test asserts the counter 'skipped', but the job never created it (the job's"
                + " counters: invalid_plays); check the name.");
  }

  @Test
  void anArgumentTheJobNeverReadFailsTheRun() {
    JobTest test =
        playCount("--plays=plays.avro", "--out=counts", "--dry-run", "--limt=5")
            .input(PLAYS, SAMPLE)
            .output(COUNTS, lines -> {});
    assertThatThrownBy(test::run)
        .isInstanceOf(WickException.class)
        .hasMessage(
            "The job never read the arguments --dry-run, --limt; remove them from .args(...) or"
                + " check the spelling.");
  }

  @Test
  void aJobThatSwallowsARuleViolationStillFails() {
    JobTest test =
        JobTest.of(
            (ctx, args) -> {
              try {
                ctx.read(Io.text("missing"));
              } catch (RuntimeException e) {
                // a job that hides its errors
              }
            });
    assertThatThrownBy(test::run)
        .isInstanceOf(WickException.class)
        .hasMessageStartingWith("The job read text(missing), but the test registered no input")
        .hasMessageEndingWith(
            "registered inputs: none. Register it with .input(...) or fix the"
                + " location the job reads.");
  }

  @Test
  void aJobThatFailsAfterARuleViolationReportsTheViolation() {
    JobTest test =
        JobTest.of(
            (ctx, args) -> {
              try {
                ctx.read(Io.text("missing"));
              } catch (RuntimeException e) {
                throw new IllegalStateException("fallback failed");
              }
            });
    assertThatThrownBy(test::run)
        .isInstanceOf(WickException.class)
        .hasMessageStartingWith("The job read text(missing)")
        .satisfies(e -> org.assertj.core.api.Assertions.assertThat(e.getSuppressed()).hasSize(1));
  }

  @Test
  void aTextOutputNeedsOneStringColumn() {
    Io<String> out = Io.text("out");
    JobTest test =
        JobTest.of((ctx, args) -> ctx.write(out, ctx.read(PLAYS).select("track_id", "ms_played")))
            .input(PLAYS, SAMPLE)
            .output(out, lines -> {});
    assertThatThrownBy(test::run)
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Text output text(out) needs one string column, but the job wrote"
                + " struct<track_id:string,ms_played:bigint>; format each line into one string"
                + " column first (e.g. concat_ws).");
  }

  @Test
  void aTypedOutputNeedsExactlyTheRecordsFields() {
    Io<TrackCount> out = Io.avro("counts.avro", TrackCount.class);
    JobTest test =
        JobTest.of(
                (ctx, args) ->
                    ctx.write(
                        out,
                        ctx.read(PLAYS)
                            .groupBy("track_id")
                            .count()
                            .withColumnRenamed("count", "plays")
                            .withColumn("user", org.apache.spark.sql.functions.lit("u"))))
            .input(PLAYS, SAMPLE)
            .output(out, counts -> {});
    assertThatThrownBy(test::run)
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Output avro(counts.avro, TrackCount) was written with the columns [track_id, plays,"
                + " user], which do not match the fields [track_id, plays, ms_played] of"
                + " TrackCount (no column for ms_played; extra columns user); select exactly the"
                + " record's fields before writing.");
  }

  @Test
  void everyRuleARunBreaksIsReportedAtOnce() {
    JobTest test =
        playCount("--plays=plays.avro", "--out=counts", "--counts=counts.avro", "--dry-run")
            .input(PLAYS, SAMPLE)
            .input(Io.text("lookup.txt"), List.of("a"))
            .output(COUNTS, lines -> {})
            .output(Io.parquet("summary"), rows -> {})
            .counter("skipped", n -> {});
    assertThatThrownBy(test::run)
        .isInstanceOf(WickException.class)
        .hasMessage(
            "The job broke 5 rules of the test:\n"
                + "  1. The job wrote avro(counts.avro, TrackCount), but the test registered no"
                + " output for it; registered outputs: text(counts), parquet(summary). Assert on it"
                + " with .output(...).\n"
                + "  2. The job never read the input text(lookup.txt); remove it from the test or"
                + " fix the location the job reads (the job read: avro(plays.avro, Play)).\n"
                + "  3. The job never wrote the output parquet(summary); remove it from the test or"
                + " fix the location the job writes (the job wrote: text(counts),"
                + " avro(counts.avro, TrackCount)).\n"
                + "  4. The test asserts the counter 'skipped', but the job never created it (the"
                + " job's counters: invalid_plays); check the name.\n"
                + "  5. The job never read the argument --dry-run; remove it from .args(...) or"
                + " check the spelling.");
  }

  @Test
  void aJobThatWritesTwiceAndFailsReportsBothRulesBeforeItsError() {
    Io<String> out = Io.text("out");
    JobTest test =
        JobTest.of(
                (ctx, args) -> {
                  ctx.write(out, ctx.spark().createDataset(List.of("a"), Encoders.STRING()));
                  ctx.write(out, ctx.spark().createDataset(List.of("b"), Encoders.STRING()));
                  ctx.read(Io.text("missing"));
                })
            .output(out, lines -> {});
    assertThatThrownBy(test::run)
        .isInstanceOf(WickException.class)
        .hasMessage(
            "The job broke 2 rules of the test:\n"
                + "  1. The job wrote text(out) twice; a job writes each output once (registered"
                + " outputs: text(out)).\n"
                + "  2. The job read text(missing), but the test registered no input for it;"
                + " registered inputs: none. Register it with .input(...) or fix the location the"
                + " job reads.")
        .satisfies(e -> org.assertj.core.api.Assertions.assertThat(e.getSuppressed()).isEmpty());
  }
}
