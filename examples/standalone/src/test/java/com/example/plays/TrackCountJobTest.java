package com.example.plays;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.core.job.Io;
import dev.wick.testkit.jobtest.JobTest;
import dev.wick.testkit.jobtest.SparkTest;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The job under JobTest: in-memory plays in, counts per track out, the invalid plays counted. */
@SparkTest
class TrackCountJobTest {
  static final Io<Play> PLAYS = Io.parquet("plays", Play.class);
  static final Io<TrackCount> COUNTS = Io.parquet("counts", TrackCount.class);

  static final List<Play> SAMPLE =
      List.of(
          new Play("p1", "t1", "alice", 200_000),
          new Play("p2", "t1", "alice", 12_000),
          new Play("p3", "t1", "bob", 45_000),
          new Play("p4", "t2", "bob", 30_000),
          new Play("p5", "t2", "bob", -5));

  @Test
  void countsPlaysListenersAndTimePerTrack() {
    JobTest.of(TrackCountJob.class)
        .args("--plays=plays", "--out=counts")
        .input(PLAYS, SAMPLE)
        .output(
            COUNTS,
            counts ->
                assertThat(counts)
                    .containsExactlyInAnyOrder(
                        new TrackCount("t1", 3, 2, 257_000), new TrackCount("t2", 1, 1, 30_000)))
        .counter("invalid_plays", n -> assertThat(n).isEqualTo(1L))
        .run();
  }

  @Test
  void throughRealParquetFilesTheCountsAreTheSame() {
    JobTest.of(TrackCountJob.class)
        .args("--plays=plays", "--out=counts")
        .input(PLAYS, SAMPLE)
        .output(COUNTS, counts -> assertThat(counts).hasSize(2))
        .counter("invalid_plays", n -> assertThat(n).isEqualTo(1L))
        .runWithFiles();
  }

  @Test
  void theCountsDoNotDependOnPartitionsOrOrder() {
    // Runs the job a second time with other partitions, adaptive execution flipped and the inputs
    // in reverse order, and fails if the outputs or the counters differ.
    JobTest.of(TrackCountJob.class)
        .args("--plays=plays", "--out=counts")
        .input(PLAYS, SAMPLE)
        .output(COUNTS, counts -> assertThat(counts).hasSize(2))
        .counter("invalid_plays", n -> assertThat(n).isEqualTo(1L))
        .runTwice();
  }
}
