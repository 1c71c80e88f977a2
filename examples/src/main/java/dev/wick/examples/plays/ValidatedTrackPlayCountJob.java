package dev.wick.examples.plays;

import dev.wick.core.job.Args;
import dev.wick.core.job.Io;
import dev.wick.core.job.JobContext;
import dev.wick.core.job.Jobs;
import dev.wick.core.job.WickJob;
import dev.wick.core.schema.Schema;
import dev.wick.core.schema.Schemas;
import dev.wick.core.validation.Validation;
import dev.wick.examples.avro.TrackPlay;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * Validates track plays before counting them: the semantic types in {@code TrackPlay.avsc} (base62
 * ids of 22 characters, an ISO country code, a non-negative duration) are checked as Catalyst
 * expressions; valid plays are counted as {@link TrackPlayCountJob} counts them, invalid ones are
 * written aside with their reasons and counted in the {@code invalid_plays} counter, by {@link
 * JobContext#split}.
 *
 * <p>{@code --plays=PATH --out=PATH --invalid=PATH}.
 */
public final class ValidatedTrackPlayCountJob implements WickJob {
  /**
   * The plays' schema, semantic types included, from the Avro schema the records were built from.
   */
  static final Schema PLAYS = Schemas.fromAvro(TrackPlay.getClassSchema());

  @Override
  public void run(JobContext ctx, Args args) {
    Dataset<Row> plays = ctx.read(Io.avro(args.string("plays"), TrackPlay.class));
    // The invalid plays are written aside (with their reasons) and counted now, in one pass; the
    // valid ones are judged again, without reasons, as the counts below read them.
    Dataset<Row> valid =
        ctx.split(plays, Validation.of(PLAYS), Io.parquet(args.string("invalid")), "invalid_plays");
    ctx.write(Io.parquet(args.string("out")), TrackPlayCountJob.countPerTrack(valid, true));
  }

  public static void main(String[] args) {
    Jobs.main(new ValidatedTrackPlayCountJob(), args);
  }
}
