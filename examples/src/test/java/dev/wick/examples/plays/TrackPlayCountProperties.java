package dev.wick.examples.plays;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.core.job.Io;
import dev.wick.examples.avro.TrackPlay;
import dev.wick.testkit.generators.Generators;
import dev.wick.testkit.jobtest.JobTest;
import dev.wick.testkit.jobtest.SparkTest;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.apache.spark.sql.Row;

/**
 * Invariants of the play-count jobs on generated plays: the plays come from {@code TrackPlay.avsc}
 * through testkit-generators (ids are 22-character base62 ids and countries ISO codes, as the
 * schema's semantic types say), with the track drawn from a few ids so that tracks have several
 * plays, and durations that are sometimes negative.
 */
@SparkTest
class TrackPlayCountProperties {
  private static final Io<TrackPlay> PLAYS = Io.avro("plays.avro", TrackPlay.class);
  private static final Io<Row> COUNTS = Io.parquet("counts");

  @Provide
  Arbitrary<List<TrackPlay>> plays() {
    Arbitrary<String> tracks =
        Generators.avro(TrackPlay.class).valuesOf("track_id").map(String::valueOf);
    return tracks
        .list()
        .ofMinSize(1)
        .ofMaxSize(4)
        .flatMap(
            ids ->
                Generators.avro(TrackPlay.class)
                    .amend("track_id", Arbitraries.of(ids))
                    .amend(
                        "ms_played",
                        Arbitraries.frequencyOf(
                            net.jqwik.api.Tuple.of(1, Arbitraries.longs().between(-60_000, -1)),
                            net.jqwik.api.Tuple.of(6, Arbitraries.longs().between(0, 600_000))))
                    .list()
                    .ofMaxSize(60));
  }

  private static List<String> run(
      Class<? extends dev.wick.core.job.WickJob> job, List<TrackPlay> plays) {
    List<String> lines = new ArrayList<>();
    JobTest.of(job)
        .args("--plays=plays.avro", "--out=counts")
        .input(PLAYS, plays)
        .output(COUNTS, rows -> rows.forEach(r -> lines.add(Plays.line(r))))
        .counter("invalid_plays", n -> assertThat(n).isEqualTo(Plays.invalid(plays)))
        .run();
    return lines;
  }

  @Property(tries = 8)
  void theCountsAddUpToTheValidPlays(@ForAll("plays") List<TrackPlay> plays) {
    List<String> lines = run(TrackPlayCountJob.class, plays);
    long counted = lines.stream().mapToLong(l -> Long.parseLong(l.split(" ")[1])).sum();
    assertThat(counted).isEqualTo(plays.size() - Plays.invalid(plays));
    for (String line : lines) {
      String[] f = line.split(" ");
      long n = Long.parseLong(f[1]);
      assertThat(Long.parseLong(f[2])).as("listeners of %s", line).isBetween(1L, n);
      assertThat(Long.parseLong(f[4])).as("skips of %s", line).isBetween(0L, n);
    }
    assertThat(lines).containsExactlyInAnyOrderElementsOf(Plays.expectedCounts(plays));
  }

  @Property(tries = 5)
  void theOptimizedJobAgreesWithTheBaseline(@ForAll("plays") List<TrackPlay> plays) {
    assertThat(run(TrackPlayCountJob.class, plays))
        .containsExactlyInAnyOrderElementsOf(run(TrackPlayCountBaselineJob.class, plays));
  }
}
