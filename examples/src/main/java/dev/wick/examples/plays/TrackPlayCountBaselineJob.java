package dev.wick.examples.plays;

import static org.apache.spark.sql.functions.col;

import dev.wick.core.job.Args;
import dev.wick.core.job.Io;
import dev.wick.core.job.JobContext;
import dev.wick.core.job.Jobs;
import dev.wick.core.job.WickJob;
import dev.wick.examples.avro.TrackPlay;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Set;
import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.api.java.function.MapGroupsFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.catalyst.encoders.ExpressionEncoder;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * Counts plays per track the way it was first written: {@code groupByKey} with a lambda over every
 * play of a track. Every play crosses the shuffle and Catalyst cannot see inside the lambdas; the
 * result is the same as {@link TrackPlayCountJob}'s, which is what the release diff checks.
 */
public final class TrackPlayCountBaselineJob implements WickJob {
  static final StructType OUTPUT =
      new StructType()
          .add("track_id", DataTypes.StringType, false)
          .add("plays", DataTypes.LongType, false)
          .add("listeners", DataTypes.LongType, false)
          .add("total_ms", DataTypes.LongType, false)
          .add("skips", DataTypes.LongType, false);

  @Override
  public void run(JobContext ctx, Args args) {
    var invalid = ctx.counter("invalid_plays");
    Dataset<Row> plays = ctx.read(Io.avro(args.string("plays"), TrackPlay.class));
    invalid.add(plays.filter(col("ms_played").lt(0)).count());
    Dataset<Row> counts =
        plays
            .filter(col("ms_played").geq(0))
            .groupByKey((MapFunction<Row, String>) r -> r.getAs("track_id"), Encoders.STRING())
            .mapGroups(
                (MapGroupsFunction<String, Row, Row>) TrackPlayCountBaselineJob::countTrack,
                ExpressionEncoder.apply(OUTPUT));
    ctx.write(Io.parquet(args.string("out")), counts);
  }

  private static Row countTrack(String trackId, Iterator<Row> plays) {
    long count = 0;
    long totalMs = 0;
    long skips = 0;
    Set<String> listeners = new HashSet<>();
    while (plays.hasNext()) {
      Row play = plays.next();
      long ms = play.getAs("ms_played");
      count++;
      totalMs += ms;
      if (ms < TrackPlayCountJob.SKIP_MS) {
        skips++;
      }
      listeners.add(play.getAs("user_id"));
    }
    return RowFactory.create(trackId, count, (long) listeners.size(), totalMs, skips);
  }

  public static void main(String[] args) {
    Jobs.main(new TrackPlayCountBaselineJob(), args);
  }
}
