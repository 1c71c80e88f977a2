package dev.wick.examples.plays;

import dev.wick.checks.Checks;
import dev.wick.core.job.Args;
import dev.wick.core.job.Io;
import dev.wick.core.job.JobContext;
import dev.wick.core.job.Jobs;
import dev.wick.core.job.WickJob;
import dev.wick.examples.avro.TrackPlay;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * Counts track plays as {@link TrackPlayCountJob} does, after quarantining the plays that break the
 * row-level checks of {@link #CHECKS}: a play delivered more than once (every copy of it), a play
 * with no country, a duration that is negative or longer than a day. The quarantined plays are
 * written with their reasons (one {@code {field, rule, reason}} per check they break, the rule
 * being the check's name) and counted in the {@code quarantined_plays} counter, by {@link
 * JobContext#split}; the dataset-level check ({@code rowCount}) judges no row and is not run.
 *
 * <p>{@code --plays=PATH --out=PATH --quarantine=PATH}.
 */
public final class CheckedTrackPlayCountJob implements WickJob {
  /** The checks, as a checks file would hold them. */
  static final Checks CHECKS =
      Checks.parse(
          """
          checks:
            - {check: rowCount, min: 1}
            - {check: unique, fields: [play_id], name: one_row_per_play}
            - {check: completeness, field: country, min: 0.99, name: has_country}
            - {check: range, field: ms_played, min: 0, max: 86400000, name: at_most_a_day}
          """,
          "CheckedTrackPlayCountJob.CHECKS");

  @Override
  public void run(JobContext ctx, Args args) {
    Dataset<Row> plays = ctx.read(Io.avro(args.string("plays"), TrackPlay.class));
    Dataset<Row> valid =
        ctx.split(
            plays, CHECKS.rowLevel(), Io.parquet(args.string("quarantine")), "quarantined_plays");
    ctx.write(Io.parquet(args.string("out")), TrackPlayCountJob.countPerTrack(valid, true));
  }

  public static void main(String[] args) {
    Jobs.main(new CheckedTrackPlayCountJob(), args);
  }
}
