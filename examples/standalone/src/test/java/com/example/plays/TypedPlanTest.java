package com.example.plays;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.testkit.jobtest.SparkTest;
import dev.wick.typed.Typed;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

/** The typed pipeline on records, without the job around it. */
@SparkTest
class TypedPlanTest {
  @Test
  void countsPerTrackAsRecords(SparkSession spark) {
    var plays =
        Typed.of(
            spark,
            List.of(new Play("p1", "t1", "alice", 1_000), new Play("p2", "t1", "bob", 2_000)),
            Play_.META);
    assertThat(TrackCountJob.countPerTrack(plays).collect())
        .containsExactly(new TrackCount("t1", 2, 2, 3_000));
  }
}
