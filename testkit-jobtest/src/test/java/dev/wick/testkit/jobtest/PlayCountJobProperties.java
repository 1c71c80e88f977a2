package dev.wick.testkit.jobtest;

import static dev.wick.testkit.jobtest.WickAssertions.assertThat;

import dev.wick.core.job.Io;
import dev.wick.testkit.generators.Generators;
import dev.wick.testkit.jobtest.avro.Play;
import dev.wick.testkit.jobtest.jobs.PlayCountJob;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;

/** Invariants of the play-count job on generated plays, through JobTest. */
@SparkTest
class PlayCountJobProperties {
  private static final Io<Play> PLAYS = Io.avro("plays.avro", Play.class);
  private static final Io<String> COUNTS = Io.text("counts");

  /**
   * Plays generated from the Avro class by testkit-generators, with the track drawn from a few ids
   * (so tracks have several plays) and durations that are sometimes negative (invalid).
   */
  @Provide
  Arbitrary<Play> plays() {
    return Generators.avro(Play.class)
        .amend("track_id", Arbitraries.of("t1", "t2", "t3", "t4", "t5"))
        .amend("ms_played", Arbitraries.longs().between(-1_000, 600_000))
        .withNullProbability(0.2);
  }

  @Property(tries = 6)
  void countsAddUpToTheValidPlaysAndTheCounterToTheInvalidOnes(
      @ForAll @Size(max = 40) List<@From("plays") Play> plays) {
    long valid = plays.stream().filter(p -> p.getMsPlayed() >= 0).count();
    Map<String, Long> expected = new TreeMap<>();
    plays.stream()
        .filter(p -> p.getMsPlayed() >= 0)
        .forEach(p -> expected.merge(p.getTrackId(), 1L, Long::sum));
    JobTest.of(PlayCountJob.class)
        .args("--plays=plays.avro", "--out=counts")
        .input(PLAYS, plays)
        .output(
            COUNTS,
            lines -> {
              long total = lines.stream().mapToLong(l -> Long.parseLong(l.split("\t")[1])).sum();
              assertThat(total).isEqualTo(valid);
              List<String> want = new ArrayList<>();
              expected.forEach((track, n) -> want.add(track + "\t" + n));
              assertThat(lines).containsExactlyInAnyOrderElementsOf(want);
            })
        .counter("invalid_plays", n -> assertThat(n).isEqualTo(plays.size() - valid))
        .run();
  }

  @Property(tries = 10)
  void filesModeAgreesWithMemoryMode(@ForAll @Size(max = 20) List<@From("plays") Play> plays) {
    List<List<String>> outputs = new ArrayList<>();
    List<Map<String, Long>> counters = new ArrayList<>();
    JobTest memory =
        JobTest.of(PlayCountJob.class)
            .args("--plays=plays.avro", "--out=counts")
            .input(PLAYS, plays)
            .output(COUNTS, outputs::add)
            .counters(counters::add);
    memory.run();
    JobTest files =
        JobTest.of(PlayCountJob.class)
            .args("--plays=plays.avro", "--out=counts")
            .input(PLAYS, plays)
            .output(COUNTS, outputs::add)
            .counters(counters::add);
    files.runWithFiles();
    assertThat(outputs).hasSize(2);
    assertThat(outputs.get(1)).containsExactlyInAnyOrderElementsOf(outputs.get(0));
    assertThat(counters).hasSize(2);
    assertThat(counters.get(1)).isEqualTo(counters.get(0));
    assertThat(counters.get(0))
        .containsOnlyKeys("invalid_plays")
        .containsEntry("invalid_plays", plays.stream().filter(p -> p.getMsPlayed() < 0).count());
  }
}
