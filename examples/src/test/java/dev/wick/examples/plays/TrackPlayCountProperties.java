package dev.wick.examples.plays;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.core.job.Io;
import dev.wick.examples.avro.TrackPlay;
import dev.wick.testkit.generators.Generators;
import dev.wick.testkit.jobtest.JobTest;
import dev.wick.testkit.jobtest.SparkTest;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.statistics.Statistics;
import org.apache.spark.sql.Row;

/**
 * Invariants of the play-count jobs on generated plays: the plays come from {@code TrackPlay.avsc}
 * through testkit-generators (ids are 22-character base62 ids and countries ISO codes, as the
 * schema's semantic types say), with the track drawn from a few ids so that tracks have several
 * plays, the user from a few ids so that a user plays a track more than once (and must count once
 * among its listeners), and durations that are sometimes negative.
 */
@SparkTest
class TrackPlayCountProperties {
  private static final Io<TrackPlay> PLAYS = Io.avro("plays.avro", TrackPlay.class);
  private static final Io<Row> COUNTS = Io.parquet("counts");

  @Provide
  Arbitrary<List<TrackPlay>> plays() {
    Arbitrary<String> tracks =
        Generators.avro(TrackPlay.class).valuesOf("track_id").map(String::valueOf);
    Arbitrary<String> users =
        Generators.avro(TrackPlay.class).valuesOf("user_id").map(String::valueOf);
    return Combinators.combine(
            tracks.list().ofMinSize(1).ofMaxSize(4), users.list().ofMinSize(1).ofMaxSize(3))
        .as((trackIds, userIds) -> Tuple.of(trackIds, userIds))
        .flatMap(
            ids ->
                Generators.avro(TrackPlay.class)
                    .amend("track_id", Arbitraries.of(ids.get1()))
                    .amend("user_id", Arbitraries.of(ids.get2()))
                    .amend(
                        "ms_played",
                        Arbitraries.frequencyOf(
                            Tuple.of(1, Arbitraries.longs().between(-60_000, -1)),
                            Tuple.of(6, Arbitraries.longs().between(0, 600_000))))
                    .list()
                    .ofMinSize(10)
                    .ofMaxSize(60));
  }

  /** Whether some user played some track more than once, counting valid plays only. */
  static boolean aUserRepeatsATrack(List<TrackPlay> plays) {
    Set<String> seen = new HashSet<>();
    for (TrackPlay p : plays) {
      if (p.getMsPlayed() >= 0 && !seen.add(p.getTrackId() + "/" + p.getUserId())) {
        return true;
      }
    }
    return false;
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
    // Most tries have a user who plays a track twice: listeners count each user once.
    Statistics.label("a user repeats a track").collect(aUserRepeatsATrack(plays));
    Statistics.label("a user repeats a track")
        .coverage(c -> c.check(true).percentage(p -> p >= 50));
  }

  @Property(tries = 5)
  void theOptimizedJobAgreesWithTheBaseline(@ForAll("plays") List<TrackPlay> plays) {
    assertThat(run(TrackPlayCountJob.class, plays))
        .containsExactlyInAnyOrderElementsOf(run(TrackPlayCountBaselineJob.class, plays));
  }
}
