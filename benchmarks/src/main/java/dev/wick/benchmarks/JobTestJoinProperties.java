package dev.wick.benchmarks;

import dev.wick.benchmarks.JobTestJoinCase.ArtistPlays;
import dev.wick.benchmarks.JobTestJoinCase.ArtistPlaysJob;
import dev.wick.benchmarks.JobTestJoinCase.Track;
import dev.wick.core.job.Io;
import dev.wick.core.schema.RowCodec;
import dev.wick.core.schema.Schemas;
import dev.wick.testkit.jobtest.JobTest;
import dev.wick.testkit.jobtest.SparkTest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.util.LongAccumulator;

/**
 * The property {@link JobTestPropertyCase} runs through jqwik's engine: the artist-plays job of
 * {@link JobTestJoinCase} on generated plays and a fixed catalogue, once through {@link JobTest}
 * and once as its body run directly, with the same seed (so the same tries) and the same checks.
 */
@SparkTest
public class JobTestJoinProperties {
  /** The tries of each property. */
  static final int TRIES = 50;

  private static final List<Track> TRACKS = tracks();

  private static List<Track> tracks() {
    List<Track> out = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      out.add(new Track("t" + i, "a" + (i % 7)));
    }
    return List.copyOf(out);
  }

  /** Plays of 25 tracks (five of them not in the catalogue), some shorter than 30 s. */
  @Provide
  Arbitrary<GenericRecord> plays() {
    return Combinators.combine(
            Arbitraries.integers().between(0, 24),
            Arbitraries.integers().between(0, 999),
            Arbitraries.longs().between(0, 120_000))
        .as(
            (track, user, ms) -> {
              GenericRecord r = new GenericData.Record(JobTestJoinCase.PLAY);
              r.put("track_id", "t" + track);
              r.put("user_id", "u" + user);
              r.put("ms_played", ms);
              return r;
            });
  }

  @Property(tries = TRIES, seed = "42")
  void throughJobTest(@ForAll @Size(max = 100) List<@From("plays") GenericRecord> plays) {
    test(plays).run();
  }

  /** As {@link #throughJobTest}, in the JVM's default session instead of the property's own. */
  @Property(tries = TRIES, seed = "42")
  void throughJobTestInTheDefaultSession(
      @ForAll @Size(max = 100) List<@From("plays") GenericRecord> plays) {
    test(plays).session(SparkSession.getDefaultSession().get()).run();
  }

  private static JobTest test(List<GenericRecord> plays) {
    return JobTest.of(new ArtistPlaysJob())
        .args("--plays=plays.avro", "--tracks=tracks", "--out=artist_plays")
        .input(Io.avro("plays.avro", JobTestJoinCase.PLAY), plays)
        .input(Io.parquet("tracks", Track.class), TRACKS)
        .output(Io.parquet("artist_plays", ArtistPlays.class), out -> check(out, plays))
        .counter("short_plays", n -> checkShort(n, plays));
  }

  @Property(tries = TRIES, seed = "42")
  void bodyDirectly(
      @ForAll @Size(max = 100) List<@From("plays") GenericRecord> plays, SparkSession spark) {
    Dataset<Row> p = RowCodec.createDataFrame(spark, plays, Schemas.fromAvro(JobTestJoinCase.PLAY));
    Dataset<Row> t = RowCodec.createDataFrame(spark, TRACKS, Schemas.fromRecord(Track.class));
    LongAccumulator shortPlays = spark.sparkContext().longAccumulator("short_plays");
    List<ArtistPlays> out = new ArrayList<>();
    for (Row r : ArtistPlaysJob.body(p, t, shortPlays).collectAsList()) {
      out.add(RowCodec.toRecord(r, ArtistPlays.class));
    }
    check(out, plays);
    checkShort(shortPlays.value(), plays);
  }

  private static void check(List<ArtistPlays> out, List<GenericRecord> plays) {
    Map<String, Long> got = new HashMap<>();
    out.forEach(a -> got.put(a.artist(), a.plays()));
    Map<String, Long> want = expected(plays);
    if (got.size() != out.size() || !got.equals(want)) {
      throw new AssertionError("the job wrote " + out + ", expected " + want);
    }
  }

  private static void checkShort(Long n, List<GenericRecord> plays) {
    if (n == null || n != shortPlays(plays)) {
      throw new AssertionError(
          "the job counted " + n + " short plays, expected " + shortPlays(plays));
    }
  }

  private static Map<String, Long> expected(List<GenericRecord> plays) {
    Map<String, String> artists = new HashMap<>();
    TRACKS.forEach(t -> artists.put(t.trackId(), t.artist()));
    Map<String, Long> counts = new HashMap<>();
    for (GenericRecord p : plays) {
      String artist = artists.get(p.get("track_id").toString());
      if ((Long) p.get("ms_played") >= 30_000 && artist != null) {
        counts.merge(artist, 1L, Long::sum);
      }
    }
    return counts;
  }

  private static long shortPlays(List<GenericRecord> plays) {
    return plays.stream().filter(p -> (Long) p.get("ms_played") < 30_000).count();
  }
}
