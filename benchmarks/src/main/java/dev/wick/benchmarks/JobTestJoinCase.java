package dev.wick.benchmarks;

import static org.apache.spark.sql.functions.count;

import dev.wick.core.job.Args;
import dev.wick.core.job.Io;
import dev.wick.core.job.JobContext;
import dev.wick.core.job.WickJob;
import dev.wick.core.schema.RowCodec;
import dev.wick.core.schema.Schemas;
import dev.wick.testkit.jobtest.JobTest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.spark.api.java.function.FilterFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.util.LongAccumulator;

/**
 * What a JobTest of a realistic job costs: two inputs (Avro plays and a Parquet table of tracks as
 * Java records), a filter that counts what it drops in a counter, a join, an aggregation and a
 * Parquet output of Java records. Ours is a warm {@code JobTest.run} with an assertion on the
 * output's records and on the counter; the baseline is the same job body run directly on DataFrames
 * of the same values, with a collect and the same checks.
 */
final class JobTestJoinCase implements BenchCase {
  static final Schema PLAY = JobTestCase.PLAY;

  /** A track of the catalogue: its id and its artist. */
  record Track(String trackId, String artist) {}

  /** What the job writes: the plays of at least 30 s per artist. */
  record ArtistPlays(String artist, long plays) {}

  private BenchEnv env;
  private SparkSession session;
  private List<GenericRecord> plays;
  private List<Track> tracks;
  private Map<String, Long> expected;
  private long expectedShort;

  /**
   * The job under test: plays of at least 30 s (the shorter ones counted in {@code short_plays}),
   * joined to their tracks, counted per artist.
   */
  static final class ArtistPlaysJob implements WickJob {
    @Override
    public void run(JobContext ctx, Args args) {
      Dataset<Row> plays = ctx.read(Io.avro(args.string("plays"), PLAY));
      Dataset<Row> tracks = ctx.read(Io.parquet(args.string("tracks"), Track.class));
      LongAccumulator shortPlays = ctx.counter("short_plays");
      ctx.write(Io.parquet(args.string("out"), ArtistPlays.class), body(plays, tracks, shortPlays));
    }

    static Dataset<Row> body(Dataset<Row> plays, Dataset<Row> tracks, LongAccumulator shortPlays) {
      Dataset<Row> longPlays =
          plays.filter(
              (FilterFunction<Row>)
                  row -> {
                    boolean ok = row.<Long>getAs("ms_played") >= 30_000;
                    if (!ok) {
                      shortPlays.add(1);
                    }
                    return ok;
                  });
      return longPlays
          .join(tracks, longPlays.col("track_id").equalTo(tracks.col("trackId")))
          .groupBy("artist")
          .agg(count("*").as("plays"));
    }
  }

  @Override
  public String name() {
    return "jobtest-join";
  }

  @Override
  public long defaultRows() {
    return 1_000;
  }

  @Override
  public void setUp(BenchEnv env) {
    this.env = env;
    this.session = JobTest.testSession();
    SplittableRandom random = new SplittableRandom(11);
    tracks = new ArrayList<>();
    for (long i = 0; i < env.rows(); i++) {
      tracks.add(new Track("t" + i, "a" + random.nextInt(50)));
    }
    plays = new ArrayList<>();
    expected = new HashMap<>();
    expectedShort = 0;
    for (long i = 0; i < env.rows(); i++) {
      GenericRecord r = new GenericData.Record(PLAY);
      // A tenth of the plays are of tracks not in the catalogue, which the join drops.
      int track = random.nextInt((int) (env.rows() + env.rows() / 10));
      long ms = random.nextInt(300_000);
      r.put("track_id", "t" + track);
      r.put("user_id", "u" + random.nextInt(1_000));
      r.put("ms_played", ms);
      plays.add(r);
      if (ms < 30_000) {
        expectedShort++;
      } else if (track < env.rows()) {
        expected.merge(tracks.get(track).artist(), 1L, Long::sum);
      }
    }
  }

  private JobTest test() {
    return JobTest.of(new ArtistPlaysJob())
        .session(session)
        .args("--plays=plays.avro", "--tracks=tracks", "--out=artist_plays")
        .input(Io.avro("plays.avro", PLAY), plays)
        .input(Io.parquet("tracks", Track.class), tracks)
        .output(Io.parquet("artist_plays", ArtistPlays.class), this::check)
        .counter("short_plays", this::checkShort);
  }

  @Override
  public Variant ours() {
    return new Variant("JobTest.run", () -> test().run());
  }

  @Override
  public List<Variant> baselines() {
    return List.of(
        new Variant("job body directly", () -> direct(session)),
        new Variant("job body directly, WickSpark.local session", () -> direct(env.spark())));
  }

  private void direct(SparkSession spark) {
    Dataset<Row> p = RowCodec.createDataFrame(spark, plays, Schemas.fromAvro(PLAY));
    Dataset<Row> t = RowCodec.createDataFrame(spark, tracks, Schemas.fromRecord(Track.class));
    LongAccumulator shortPlays = spark.sparkContext().longAccumulator("short_plays");
    List<ArtistPlays> out = new ArrayList<>();
    for (Row r : ArtistPlaysJob.body(p, t, shortPlays).collectAsList()) {
      out.add(RowCodec.toRecord(r, ArtistPlays.class));
    }
    check(out);
    checkShort(shortPlays.value());
  }

  @Override
  public java.util.Optional<Double> maxRatio(String baseline) {
    return baseline.equals("job body directly")
        ? java.util.Optional.of(1.2)
        : java.util.Optional.empty();
  }

  private void check(List<ArtistPlays> out) {
    Map<String, Long> got = new HashMap<>();
    out.forEach(a -> got.put(a.artist(), a.plays()));
    if (!got.equals(expected) || got.size() != out.size()) {
      throw new IllegalStateException("the job wrote " + out + ", expected " + expected);
    }
  }

  private void checkShort(Long n) {
    if (n == null || n != expectedShort) {
      throw new IllegalStateException(
          "the job counted " + n + " short plays, expected " + expectedShort);
    }
  }
}
