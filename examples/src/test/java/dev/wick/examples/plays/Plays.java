package dev.wick.examples.plays;

import dev.wick.examples.avro.Platform;
import dev.wick.examples.avro.TrackPlay;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.apache.spark.sql.Row;

/** Hand-made plays and an independent, plain-Java count of them, for the play-count tests. */
final class Plays {
  static final String TRACK_A = "4uLU6hMCjMI75M1A2tKUQC";
  static final String TRACK_B = "7ouMYWpwJ422jRcDASZB7P";
  static final String ALICE = "1A2b3C4d5E6f7G8h9I0jKl";
  static final String BOB = "zYxWvUtSrQpOnMlKjIhGfE";

  private Plays() {}

  static TrackPlay play(String track, String user, long msPlayed) {
    return TrackPlay.newBuilder()
        .setPlayId(UUID.nameUUIDFromBytes((track + user + msPlayed).getBytes()))
        .setUserId(user)
        .setTrackId(track)
        .setCountry("SE")
        .setPlayedAt(Instant.parse("2026-11-01T10:00:00Z"))
        .setMsPlayed(msPlayed)
        .setPlatform(Platform.WEB)
        .setShuffle(false)
        .build();
  }

  /**
   * The expected output, computed without Spark: "track plays listeners total_ms skips" per track,
   * for the plays with a non-negative duration.
   */
  static List<String> expectedCounts(List<TrackPlay> plays) {
    Map<String, long[]> byTrack = new TreeMap<>();
    Map<String, java.util.Set<String>> listeners = new TreeMap<>();
    for (TrackPlay p : plays) {
      if (p.getMsPlayed() < 0) {
        continue;
      }
      long[] c = byTrack.computeIfAbsent(p.getTrackId(), k -> new long[3]);
      c[0]++;
      c[1] += p.getMsPlayed();
      c[2] += p.getMsPlayed() < TrackPlayCountJob.SKIP_MS ? 1 : 0;
      listeners.computeIfAbsent(p.getTrackId(), k -> new java.util.TreeSet<>()).add(p.getUserId());
    }
    return byTrack.entrySet().stream()
        .map(
            e ->
                String.join(
                    " ",
                    e.getKey(),
                    Long.toString(e.getValue()[0]),
                    Integer.toString(listeners.get(e.getKey()).size()),
                    Long.toString(e.getValue()[1]),
                    Long.toString(e.getValue()[2])))
        .toList();
  }

  /** An output row of the count jobs in the form of {@link #expectedCounts}. */
  static String line(Row row) {
    return String.join(
        " ",
        row.<String>getAs("track_id"),
        Long.toString(row.<Long>getAs("plays")),
        Long.toString(row.<Long>getAs("listeners")),
        Long.toString(row.<Long>getAs("total_ms")),
        Long.toString(row.<Long>getAs("skips")));
  }

  static long invalid(List<TrackPlay> plays) {
    return plays.stream().filter(p -> p.getMsPlayed() < 0).count();
  }
}
