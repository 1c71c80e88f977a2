package com.example.plays;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.core.job.Io;
import dev.wick.testkit.generators.Generators;
import dev.wick.testkit.jobtest.JobTest;
import dev.wick.testkit.jobtest.SparkTest;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** On generated plays, the counts add up to the valid plays and their time. */
@SparkTest
class TrackCountProperties {
  @Provide
  Arbitrary<List<Play>> plays() {
    return Generators.records(Play.class)
        .amend("track_id", Arbitraries.of("t1", "t2", "t3"))
        .amend("user_id", Arbitraries.of("alice", "bob"))
        .amend("ms_played", Arbitraries.longs().between(-1_000, 600_000))
        .list()
        .ofMaxSize(40);
  }

  @Property(tries = 5)
  void countsAddUpToTheValidPlays(@ForAll("plays") List<Play> plays) {
    List<Play> valid = plays.stream().filter(p -> p.ms_played() >= 0).toList();
    JobTest.of(TrackCountJob.class)
        .args("--plays=plays", "--out=counts")
        .input(Io.parquet("plays", Play.class), plays)
        .output(
            Io.parquet("counts", TrackCount.class),
            counts -> {
              assertThat(counts.stream().mapToLong(TrackCount::plays).sum())
                  .isEqualTo(valid.size());
              assertThat(counts.stream().mapToLong(TrackCount::total_ms).sum())
                  .isEqualTo(valid.stream().mapToLong(Play::ms_played).sum());
              assertThat(counts).allSatisfy(c -> assertThat(c.listeners()).isBetween(1L, 2L));
            })
        .counter(
            "invalid_plays", n -> assertThat(n).isEqualTo((long) (plays.size() - valid.size())))
        .run();
  }
}
