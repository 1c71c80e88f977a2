package dev.wick.benchmarks;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.concat_ws;
import static org.apache.spark.sql.functions.count;

import dev.wick.core.job.Args;
import dev.wick.core.job.Io;
import dev.wick.core.job.JobContext;
import dev.wick.core.job.WickJob;
import dev.wick.core.schema.RowCodec;
import dev.wick.core.schema.Schemas;
import dev.wick.testkit.jobtest.JobTest;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * What a JobTest costs: one in-memory JobTest run of a small play-count job (register the plays,
 * run the job through the test context, convert and check the output), and one {@code runTwice()}
 * (the same, plus a second run with other partitioning and the comparison of both outputs), each
 * against the same job body run directly on the same plays (a DataFrame of the records, the body, a
 * collect), once the session is warm. Ours runs in the session a test gets ({@link
 * JobTest#testSession()}, as under {@code @SparkTest}); the body runs in that session and in the
 * benchmark's {@code WickSpark.local} session.
 */
final class JobTestCase implements BenchCase {
  static final Schema PLAY =
      new Schema.Parser()
          .parse(
              """
              {"type": "record", "name": "BenchPlay", "namespace": "dev.wick.benchmarks",
               "fields": [
                 {"name": "track_id", "type": "string"},
                 {"name": "user_id", "type": "string"},
                 {"name": "ms_played", "type": "long"}]}
              """);

  private BenchEnv env;
  private SparkSession session;
  private List<GenericRecord> plays;
  private long expectedLines;

  /** The job under test: plays of at least 30 s per track, as {@code track\tcount} lines. */
  static final class PlayCountJob implements WickJob {
    @Override
    public void run(JobContext ctx, Args args) {
      ctx.write(Io.text(args.string("out")), body(ctx.read(Io.avro(args.string("plays"), PLAY))));
    }

    static Dataset<Row> body(Dataset<Row> plays) {
      return plays
          .filter(col("ms_played").geq(30_000))
          .groupBy("track_id")
          .agg(count("*").as("plays"))
          .select(concat_ws("\t", col("track_id"), col("plays").cast("string")));
    }
  }

  @Override
  public String name() {
    return "jobtest";
  }

  @Override
  public long defaultRows() {
    return 1_000;
  }

  @Override
  public void setUp(BenchEnv env) {
    this.env = env;
    this.session = JobTest.testSession();
    SplittableRandom random = new SplittableRandom(7);
    plays = new ArrayList<>();
    java.util.Set<String> tracks = new java.util.HashSet<>();
    for (long i = 0; i < env.rows(); i++) {
      GenericRecord r = new GenericData.Record(PLAY);
      String track = "t" + random.nextInt(200);
      long ms = random.nextInt(300_000);
      r.put("track_id", track);
      r.put("user_id", "u" + random.nextInt(1_000));
      r.put("ms_played", ms);
      plays.add(r);
      if (ms >= 30_000) {
        tracks.add(track);
      }
    }
    expectedLines = tracks.size();
  }

  private JobTest test() {
    return JobTest.of(new PlayCountJob())
        .session(session)
        .args("--plays=plays.avro", "--out=counts")
        .input(Io.avro("plays.avro", PLAY), plays)
        .output(Io.text("counts"), lines -> check(lines.size()));
  }

  @Override
  public Variant ours() {
    return new Variant("JobTest.run", () -> test().run());
  }

  @Override
  public List<Variant> oursVariants() {
    return List.of(ours(), new Variant("JobTest.runTwice", () -> test().runTwice()));
  }

  @Override
  public List<Variant> baselines() {
    return List.of(
        new Variant("job body directly", () -> direct(session)),
        new Variant("job body directly, WickSpark.local session", () -> direct(env.spark())));
  }

  private void direct(SparkSession spark) {
    Dataset<Row> in = RowCodec.createDataFrame(spark, plays, Schemas.fromAvro(PLAY));
    check(PlayCountJob.body(in).collectAsList().size());
  }

  private void check(long lines) {
    if (lines != expectedLines) {
      throw new IllegalStateException(
          "the job wrote " + lines + " lines, expected " + expectedLines);
    }
  }
}
