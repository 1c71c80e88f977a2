package com.example.plays;

import static dev.wick.typed.Functions.count;
import static dev.wick.typed.Functions.countDistinct;
import static dev.wick.typed.Functions.sum;

import dev.wick.core.job.Args;
import dev.wick.core.job.Io;
import dev.wick.core.job.JobContext;
import dev.wick.core.job.Jobs;
import dev.wick.core.job.WickJob;
import dev.wick.typed.Typed;
import dev.wick.typed.TypedDataset;

/**
 * Counts plays per track with Wick's typed API: {@code --plays=PATH --out=PATH}, Parquet in and
 * out. Plays with a negative duration are counted in {@code invalid_plays} and left out.
 */
public final class TrackCountJob implements WickJob {

  /** The counts per track of the valid plays. */
  public static TypedDataset<TrackCount, TrackCount_, TrackCount_.Nullable> countPerTrack(
      TypedDataset<Play, Play_, Play_.Nullable> plays) {
    return plays
        .filter(p -> p.ms_played().ge(0L))
        .groupBy(p -> p.track_id())
        .agg(
            (track, p) ->
                TrackCount_.of(track, count(), countDistinct(p.user_id()), sum(p.ms_played())));
  }

  @Override
  public void run(JobContext ctx, Args args) {
    var plays =
        Typed.wrap(ctx.read(Io.parquet(args.string("plays"), Play.class)), "plays", Play_.META);
    ctx.counter("invalid_plays").add(plays.filter(p -> p.ms_played().lt(0L)).count());
    ctx.write(Io.parquet(args.string("out"), TrackCount.class), countPerTrack(plays).toDF());
  }

  public static void main(String[] args) {
    Jobs.main(new TrackCountJob(), args);
  }
}
