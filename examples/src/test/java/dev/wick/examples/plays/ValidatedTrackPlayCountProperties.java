package dev.wick.examples.plays;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.examples.avro.TrackPlay;
import dev.wick.testkit.generators.Generators;
import dev.wick.testkit.jobtest.SparkTest;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.apache.spark.sql.Row;

/** The validating play-count job on generated plays, valid and corrupted. */
@SparkTest
class ValidatedTrackPlayCountProperties {
  /**
   * Plays as the generators make them, valid for the schema's semantic types, by a few users on a
   * few tracks, so that users play a track more than once, each at most a day long.
   */
  @Provide
  Arbitrary<List<TrackPlay>> validPlays() {
    Arbitrary<String> ids =
        Generators.avro(TrackPlay.class).valuesOf("user_id").map(String::valueOf);
    Arbitrary<String> tracks =
        Generators.avro(TrackPlay.class).valuesOf("track_id").map(String::valueOf);
    return Combinators.combine(
            ids.list().ofMinSize(1).ofMaxSize(3), tracks.list().ofMinSize(1).ofMaxSize(3))
        .as(Tuple::of)
        .flatMap(
            pools ->
                Generators.avro(TrackPlay.class)
                    .amend("user_id", Arbitraries.of(pools.get1()))
                    .amend("track_id", Arbitraries.of(pools.get2()))
                    // Durations a play can have: the schema lets any long through, and two plays
                    // near Long.MAX_VALUE on one track overflow the job's sum (ANSI mode).
                    .amend("ms_played", Arbitraries.longs().between(0, 86_400_000))
                    .list()
                    .ofMinSize(1)
                    .ofMaxSize(30));
  }

  /** Plays whose country is amended to values that are not ISO country codes. */
  @Provide
  Arbitrary<List<TrackPlay>> corruptedPlays() {
    return Generators.avro(TrackPlay.class)
        .amend("country", Arbitraries.of("XX", "se", "Sweden"))
        .list()
        .ofMaxSize(5);
  }

  @Property(tries = 5)
  void generatedPlaysAreValidAndACorruptedCountryIsCaught(
      @ForAll("validPlays") List<TrackPlay> valid,
      @ForAll("corruptedPlays") List<TrackPlay> corrupted) {
    List<TrackPlay> plays = new ArrayList<>(valid);
    plays.addAll(corrupted);
    List<String> counts = new ArrayList<>();
    List<Row> invalid = new ArrayList<>();
    ValidatedTrackPlayCountJobTest.job(plays, counts, invalid)
        .counter("invalid_plays", n -> assertThat(n).isEqualTo((long) corrupted.size()))
        .run();
    assertThat(invalid).hasSize(corrupted.size());
    assertThat(counts.stream().mapToLong(l -> Long.parseLong(l.split(" ")[1])).sum())
        .isEqualTo(valid.size());
    // Per track: plays, distinct listeners (a user counts once), total time and skips.
    assertThat(counts).containsExactlyInAnyOrderElementsOf(Plays.expectedCounts(valid));
  }
}
