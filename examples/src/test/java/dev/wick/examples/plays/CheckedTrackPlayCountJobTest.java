package dev.wick.examples.plays;

import static dev.wick.examples.plays.Plays.ALICE;
import static dev.wick.examples.plays.Plays.BOB;
import static dev.wick.examples.plays.Plays.TRACK_A;
import static dev.wick.examples.plays.Plays.TRACK_B;
import static dev.wick.examples.plays.Plays.play;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.core.job.Io;
import dev.wick.examples.avro.TrackPlay;
import dev.wick.testkit.jobtest.JobTest;
import dev.wick.testkit.jobtest.SparkTest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;

/**
 * The checked play-count job: the plays that break a row-level check are quarantined with exactly
 * the checks they break, and only the others are counted.
 */
@SparkTest
class CheckedTrackPlayCountJobTest {
  private static final Io<TrackPlay> PLAYS = Io.avro("plays.avro", TrackPlay.class);

  private static JobTest job(List<TrackPlay> plays, List<String> counts, List<Row> quarantined) {
    return JobTest.of(CheckedTrackPlayCountJob.class)
        .args("--plays=plays.avro", "--out=counts", "--quarantine=quarantine")
        .input(PLAYS, plays)
        .output(Io.parquet("counts"), rows -> rows.forEach(r -> counts.add(Plays.line(r))))
        .output(Io.parquet("quarantine"), quarantined::addAll);
  }

  /**
   * Two good plays, and five that break checks: one with no country, one negative, one longer than
   * a day and with no country (two reasons), and one play delivered twice (both copies).
   */
  private static List<TrackPlay> plays() {
    TrackPlay noCountry = play(TRACK_A, BOB, 50_000);
    noCountry.setCountry(null);
    TrackPlay tooLongNoCountry = play(TRACK_B, ALICE, 90_000_000);
    tooLongNoCountry.setCountry(null);
    TrackPlay twice = play(TRACK_B, BOB, 45_000);
    return List.of(
        play(TRACK_A, ALICE, 40_000),
        play(TRACK_B, BOB, 20_000),
        noCountry,
        play(TRACK_A, BOB, -1),
        tooLongNoCountry,
        twice,
        TrackPlay.newBuilder(twice).build());
  }

  @Test
  void playsBreakingARowLevelCheckAreQuarantinedWithTheirReasonsAndNotCounted() {
    List<String> counts = new ArrayList<>();
    List<Row> quarantined = new ArrayList<>();
    job(plays(), counts, quarantined)
        .counter("quarantined_plays", n -> assertThat(n).isEqualTo(5L))
        .strictCounters()
        .run();

    // Only the two good plays are counted: track, plays, listeners, total ms, skips.
    assertThat(counts)
        .containsExactlyInAnyOrder(TRACK_A + " 1 1 40000 0", TRACK_B + " 1 1 20000 1");
    // Each quarantined play, by track, user and duration, with the checks it breaks.
    Map<String, List<String>> reasons = new TreeMap<>();
    for (Row r : quarantined) {
      String play = r.getAs("track_id").equals(TRACK_A) ? "A" : "B";
      play += r.getAs("user_id").equals(ALICE) ? " alice " : " bob ";
      play += r.<Long>getAs("ms_played");
      List<String> why =
          r.<Row>getList(r.fieldIndex("reasons")).stream()
              .map(x -> x.getString(0) + "|" + x.getString(1) + "|" + x.getString(2))
              .toList();
      reasons.merge(
          play,
          why,
          (a, b) -> {
            List<String> both = new ArrayList<>(a);
            both.addAll(b);
            return both;
          });
    }
    assertThat(reasons)
        .containsExactly(
            Map.entry(
                "A bob -1", List.of("ms_played|at_most_a_day|-1 is not between 0 and 86400000")),
            Map.entry("A bob 50000", List.of("country|has_country|is null")),
            Map.entry(
                "B alice 90000000",
                List.of(
                    "country|has_country|is null",
                    "ms_played|at_most_a_day|90000000 is not between 0 and 86400000")),
            Map.entry(
                "B bob 45000",
                Collections.nCopies(
                    2,
                    "play_id|one_row_per_play|'"
                        + play(TRACK_B, BOB, 45_000).getPlayId()
                        + "' occurs in more than one row")));
    // The quarantine keeps every column of the plays, then the reasons.
    assertThat(quarantined.get(0).schema().fieldNames())
        .containsExactly(
            "play_id",
            "user_id",
            "track_id",
            "country",
            "played_at",
            "ms_played",
            "platform",
            "shuffle",
            "reasons");
  }

  @Test
  void theQuarantineIsWrittenThroughTheProductionWritersInFilesMode() {
    List<String> counts = new ArrayList<>();
    List<Row> quarantined = new ArrayList<>();
    job(plays(), counts, quarantined)
        .counter("quarantined_plays", n -> assertThat(n).isEqualTo(5L))
        .runWithFiles();
    assertThat(counts)
        .containsExactlyInAnyOrder(TRACK_A + " 1 1 40000 0", TRACK_B + " 1 1 20000 1");
    assertThat(quarantined).hasSize(5);
    assertThat(quarantined.stream().mapToInt(r -> r.getList(r.fieldIndex("reasons")).size()).sum())
        .isEqualTo(6);
  }

  @Test
  void withNothingToQuarantineEveryPlayIsCounted() {
    List<TrackPlay> good = List.of(play(TRACK_A, ALICE, 40_000), play(TRACK_A, BOB, 10_000));
    List<String> counts = new ArrayList<>();
    List<Row> quarantined = new ArrayList<>();
    job(good, counts, quarantined).counter("quarantined_plays", n -> assertThat(n).isZero()).run();
    assertThat(counts).containsExactly(TRACK_A + " 2 2 50000 1");
    assertThat(quarantined).isEmpty();
  }
}
