package dev.wick.testkit.jobtest;

import static dev.wick.testkit.jobtest.jobs.Plays.play;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import dev.wick.core.WickException;
import dev.wick.core.job.Io;
import dev.wick.core.job.WickJob;
import dev.wick.testkit.jobtest.avro.Play;
import dev.wick.testkit.jobtest.jobs.PlayCountJob;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Encoders;
import org.junit.jupiter.api.Test;

/** Asserting on every counter a job creates, and strict counters. */
@SparkTest
class JobTestCountersTest {
  private static final Io<Play> PLAYS = Io.avro("plays.avro", Play.class);
  private static final Io<String> OUT = Io.text("out");

  /** Counts the plays, the short ones and the negative ones; creates "debug" with --debug. */
  private static final WickJob COUNTING =
      (ctx, args) -> {
        var all = ctx.counter("plays");
        var shortPlays = ctx.counter("short_plays");
        var negative = ctx.counter("negative_plays");
        boolean debug = args.has("debug");
        if (debug) {
          ctx.counter("debug").add(1);
        }
        List<Long> ms = new ArrayList<>();
        ctx.read(PLAYS).collectAsList().forEach(r -> ms.add(r.<Long>getAs("ms_played")));
        for (long m : ms) {
          all.add(1);
          if (m < 0) {
            negative.add(1);
          } else if (m < 30_000) {
            shortPlays.add(1);
          }
        }
        ctx.write(OUT, ctx.spark().createDataset(List.of("done"), Encoders.STRING()));
      };

  private static final List<Play> SAMPLE =
      List.of(play("t1", 1_000), play("t1", 200_000), play("t2", -5), play("t3", 12_000));

  private static JobTest counting(String... args) {
    return JobTest.of(COUNTING).args(args).input(PLAYS, SAMPLE).output(OUT, lines -> {});
  }

  @Test
  void countersSeesEveryCounterInTheOrderTheJobCreatedThem() {
    List<Map<String, Long>> seen = new ArrayList<>();
    counting()
        .counters(
            map -> {
              seen.add(map);
              assertThat(map)
                  .containsExactly(
                      entry("plays", 4L), entry("short_plays", 2L), entry("negative_plays", 1L));
            })
        .run();
    assertThat(seen).hasSize(1);
  }

  @Test
  void aFailingCountersAssertionFailsTheRun() {
    JobTest test = counting().counters(map -> assertThat(map).containsEntry("negative_plays", 0L));
    assertThatThrownBy(test::run)
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("[\"negative_plays\"=1L (expected: 0L)]");
  }

  @Test
  void countersWorksInFilesModeWithTheProductionCounters() {
    JobTest.of(PlayCountJob.class)
        .args("--plays=plays.avro", "--out=counts")
        .input(PLAYS, List.of(play("t1", 1_000), play("t2", -1), play("t2", -2)))
        .output(Io.text("counts"), lines -> assertThat(lines).containsExactly("t1\t1"))
        .counters(map -> assertThat(map).containsExactly(entry("invalid_plays", 2L)))
        .runWithFiles();
  }

  @Test
  void strictCountersPassWhenEveryCounterIsAssertedOrNamed() {
    counting()
        .counter("plays", n -> assertThat(n).isEqualTo(4L))
        .counter("negative_plays", n -> assertThat(n).isEqualTo(1L))
        .strictCounters("short_plays")
        .run();
  }

  @Test
  void strictCountersFailOnACounterTheTestDoesNotExpect() {
    JobTest test =
        counting("--debug")
            .counter("plays", n -> assertThat(n).isEqualTo(4L))
            .strictCounters("short_plays", "negative_plays");
    assertThatThrownBy(test::run)
        .isInstanceOf(WickException.class)
        .hasMessage(
            "The job created the counter 'debug', which the test does not expect (expected"
                + " counters: short_plays, negative_plays, plays); assert it with .counter(name,"
                + " ...) or name it in .strictCounters(...).");
  }

  @Test
  void withoutStrictCountersAnUnassertedCounterIsFine() {
    counting("--debug").counter("debug", n -> assertThat(n).isEqualTo(1L)).run();
  }

  @Test
  void countersIsRegisteredOnce() {
    JobTest test = counting().counters(map -> assertThat(map).hasSize(3));
    assertThatThrownBy(() -> test.counters(map -> {}))
        .isInstanceOf(WickException.class)
        .hasMessage("The counters are asserted twice with .counters(...); put both checks in one.");
    test.run();
  }
}
