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
import java.util.List;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;

/** The validating play-count job: invalid plays go aside with their reasons, valid ones counted. */
@SparkTest
class ValidatedTrackPlayCountJobTest {
  private static final Io<TrackPlay> PLAYS = Io.avro("plays.avro", TrackPlay.class);

  static JobTest job(List<TrackPlay> plays, List<String> counts, List<Row> invalid) {
    return JobTest.of(ValidatedTrackPlayCountJob.class)
        .args("--plays=plays.avro", "--out=counts", "--invalid=invalid")
        .input(PLAYS, plays)
        .output(Io.parquet("counts"), rows -> rows.forEach(r -> counts.add(Plays.line(r))))
        .output(Io.parquet("invalid"), invalid::addAll);
  }

  @Test
  void invalidPlaysAreWrittenAsideWithTheirReasonsAndNotCounted() {
    TrackPlay badCountry = play(TRACK_A, BOB, 50_000);
    badCountry.setCountry("XX");
    TrackPlay badUser = play(TRACK_B, "not-a-base62-id", 50_000);
    List<TrackPlay> plays =
        List.of(play(TRACK_A, ALICE, 40_000), badCountry, badUser, play(TRACK_B, BOB, -1));
    List<String> counts = new ArrayList<>();
    List<Row> invalid = new ArrayList<>();
    job(plays, counts, invalid).counter("invalid_plays", n -> assertThat(n).isEqualTo(3L)).run();

    assertThat(counts).containsExactly(TRACK_A + " 1 1 40000 0");
    assertThat(invalid).hasSize(3);
    List<String> reasons =
        invalid.stream()
            .flatMap(r -> r.<Row>getList(r.fieldIndex("reasons")).stream())
            .map(reason -> reason.getString(0) + ":" + reason.getString(1))
            .sorted()
            .toList();
    assertThat(reasons)
        .containsExactly(
            "country:country_code", "ms_played:non_negative", "user_id:base62_id(length=22)");
  }
}
