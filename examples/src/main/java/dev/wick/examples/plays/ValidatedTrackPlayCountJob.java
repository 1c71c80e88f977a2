package dev.wick.examples.plays;

import dev.wick.core.job.Args;
import dev.wick.core.job.Io;
import dev.wick.core.job.JobContext;
import dev.wick.core.job.Jobs;
import dev.wick.core.job.WickJob;
import dev.wick.core.schema.Schema;
import dev.wick.core.schema.Schemas;
import dev.wick.core.validation.ValidatedRows;
import dev.wick.core.validation.Validation;
import dev.wick.examples.avro.TrackPlay;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * Validates track plays before counting them: the semantic types in {@code TrackPlay.avsc} (base62
 * ids of 22 characters, an ISO country code, a non-negative duration) are checked as Catalyst
 * expressions; valid plays are counted as {@link TrackPlayCountJob} counts them, invalid ones are
 * written aside with their reasons and counted in the {@code invalid_plays} counter.
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
    ValidatedRows checked = Validation.of(PLAYS).run(plays);
    // Both outputs derive from the annotated rows: keep them so the input is validated once.
    Dataset<Row> annotated = checked.annotated().cache();
    try {
      Dataset<Row> invalid = checked.invalid();
      ctx.counter("invalid_plays").add(invalid.count());
      ctx.write(Io.parquet(args.string("invalid")), invalid);
      ctx.write(
          Io.parquet(args.string("out")), TrackPlayCountJob.countPerTrack(checked.valid(), true));
    } finally {
      annotated.unpersist();
    }
  }

  public static void main(String[] args) {
    Jobs.main(new ValidatedTrackPlayCountJob(), args);
  }
}
