package dev.wick.testkit.jobtest.jobs;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.concat_ws;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.sum;

import dev.wick.core.job.Args;
import dev.wick.core.job.Io;
import dev.wick.core.job.JobContext;
import dev.wick.core.job.WickJob;
import dev.wick.testkit.jobtest.avro.Play;
import dev.wick.testkit.jobtest.avro.TrackCount;
import org.apache.spark.api.java.function.FilterFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.util.LongAccumulator;

/**
 * The test jobs' play count: reads Avro plays, drops plays with a negative duration (counting them
 * in the {@code invalid_plays} counter, on the executors), and writes {@code track\tcount} lines
 * and, when {@code --counts} is given, Avro {@link TrackCount}s.
 */
public final class PlayCountJob implements WickJob {
  @Override
  public void run(JobContext ctx, Args args) {
    Dataset<Row> plays = ctx.read(Io.avro(args.string("plays"), Play.class));
    LongAccumulator invalid = ctx.counter("invalid_plays");
    Dataset<Row> valid =
        plays.filter(
            (FilterFunction<Row>)
                row -> {
                  boolean ok = row.<Long>getAs("ms_played") >= 0;
                  if (!ok) {
                    invalid.add(1);
                  }
                  return ok;
                });
    Dataset<Row> counts =
        valid
            .groupBy("track_id")
            .agg(count("*").as("plays"), sum("ms_played").as("ms_played"))
            .cache();
    ctx.write(
        Io.text(args.string("out")),
        counts.select(concat_ws("\t", col("track_id"), col("plays").cast("string"))));
    if (args.has("counts")) {
      ctx.write(Io.avro(args.string("counts"), TrackCount.class), counts);
    }
  }
}
