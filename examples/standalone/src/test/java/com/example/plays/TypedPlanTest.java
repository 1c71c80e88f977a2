package com.example.plays;

import static dev.wick.testkit.jobtest.WickAssertions.assertThat;

import dev.wick.checks.Check;
import dev.wick.checks.Checks;
import dev.wick.testkit.jobtest.SparkTest;
import dev.wick.typed.Typed;
import java.util.List;
import java.util.OptionalDouble;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

/** The typed pipeline on records, without the job around it. */
@SparkTest
class TypedPlanTest {
  /** What every output of the pipeline must hold, as a checks file would say it. */
  static final Checks COUNTS_CONTRACT =
      Checks.of(
          Check.unique("track_id"),
          Check.completeness("track_id", 1.0),
          Check.range("plays", OptionalDouble.of(1), OptionalDouble.empty()));

  @Test
  void countsPerTrackAsRecords(SparkSession spark) {
    var plays =
        Typed.of(
            spark,
            List.of(new Play("p1", "t1", "alice", 1_000), new Play("p2", "t1", "bob", 2_000)),
            Play_.META);
    var counts = TrackCountJob.countPerTrack(plays);
    assertThat(counts.collect()).containsExactly(new TrackCount("t1", 2, 2, 3_000));
    assertThat(counts.toDF()).satisfies(COUNTS_CONTRACT);
  }
}
