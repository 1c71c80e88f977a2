package dev.wick.examples.plays;

import static dev.wick.examples.plays.Plays.ALICE;
import static dev.wick.examples.plays.Plays.BOB;
import static dev.wick.examples.plays.Plays.TRACK_A;
import static dev.wick.examples.plays.Plays.TRACK_B;
import static dev.wick.examples.plays.Plays.play;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.WickException;
import dev.wick.core.job.Io;
import dev.wick.core.job.WickJob;
import dev.wick.examples.avro.TrackPlay;
import dev.wick.testkit.jobtest.JobTest;
import dev.wick.testkit.jobtest.SparkTest;
import java.util.List;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The two play-count jobs under JobTest, on plays made by hand, in memory and through files. */
@SparkTest
class TrackPlayCountJobTest {
  private static final Io<TrackPlay> PLAYS = Io.avro("plays.avro", TrackPlay.class);
  private static final Io<Row> COUNTS = Io.parquet("counts");

  private static final List<TrackPlay> SAMPLE =
      List.of(
          play(TRACK_A, ALICE, 200_000),
          play(TRACK_A, ALICE, 12_000),
          play(TRACK_A, BOB, 45_000),
          play(TRACK_B, BOB, 29_999),
          play(TRACK_B, BOB, -5));

  private static JobTest countJob(Class<? extends WickJob> job, List<String> seen) {
    return JobTest.of(job)
        .args("--plays=plays.avro", "--out=counts")
        .input(PLAYS, SAMPLE)
        .output(COUNTS, rows -> rows.forEach(r -> seen.add(Plays.line(r))))
        .counter("invalid_plays", n -> assertThat(n).isEqualTo(1L));
  }

  @ParameterizedTest
  @ValueSource(classes = {TrackPlayCountJob.class, TrackPlayCountBaselineJob.class})
  void countsPlaysListenersTimeAndSkipsPerTrack(Class<? extends WickJob> job) {
    List<String> seen = new java.util.ArrayList<>();
    countJob(job, seen).run();
    assertThat(seen)
        .containsExactlyInAnyOrder(
            TRACK_A + " 3 2 257000 1", // the 12-second play is a skip; Alice counts once
            TRACK_B + " 1 1 29999 1"); // the negative play is left out and counted as invalid
    assertThat(seen).containsExactlyInAnyOrderElementsOf(Plays.expectedCounts(SAMPLE));
  }

  @ParameterizedTest
  @ValueSource(classes = {TrackPlayCountJob.class, TrackPlayCountBaselineJob.class})
  void throughRealAvroAndParquetFilesTheCountsAreTheSame(Class<? extends WickJob> job) {
    List<String> seen = new java.util.ArrayList<>();
    countJob(job, seen).runWithFiles();
    assertThat(seen).containsExactlyInAnyOrderElementsOf(Plays.expectedCounts(SAMPLE));
  }

  @Test
  void approximateListenersAreExactOnSoFewUsers() {
    List<String> seen = new java.util.ArrayList<>();
    JobTest.of(TrackPlayCountJob.class)
        .args("--plays=plays.avro", "--out=counts", "--listeners=approx")
        .input(PLAYS, SAMPLE)
        .output(COUNTS, rows -> rows.forEach(r -> seen.add(Plays.line(r))))
        .counter("invalid_plays", n -> assertThat(n).isEqualTo(1L))
        .run();
    assertThat(seen).containsExactlyInAnyOrderElementsOf(Plays.expectedCounts(SAMPLE));
  }

  @Test
  void anUnknownListenersModeIsAUsageError() {
    JobTest test =
        JobTest.of(TrackPlayCountJob.class)
            .args("--plays=plays.avro", "--out=counts", "--listeners=fast")
            .input(PLAYS, SAMPLE)
            .output(COUNTS, rows -> {})
            .counter("invalid_plays", n -> {});
    assertThatThrownBy(test::run)
        .isInstanceOf(WickException.class)
        .hasMessage("Argument --listeners=fast is not exact or approx; choose one.");
  }
}
