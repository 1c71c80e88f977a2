package dev.wick.examples.adspend;

import dev.wick.core.io.DatasetReader;
import dev.wick.core.job.Args;
import dev.wick.core.job.Io;
import dev.wick.core.job.JobContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/** The ad-spend jobs' inputs and output, shared by both versions. */
final class AdInputs {
  /** The default event table: the one {@link AdEvent}'s {@code @WickTable} names. */
  static final String EVENTS = AdEvent_.META.table().orElseThrow();

  /** The default decision table. */
  static final String DECISIONS = AdDecisionResponse_.META.table().orElseThrow();

  /** The default advertiser table. */
  static final String ADVERTISERS = AdAdvertiser_.META.table().orElseThrow();

  private AdInputs() {}

  /**
   * The input named by {@code --NAME}: Parquet files at a path, or {@code table:NAME}; by default
   * the table the record's {@code @WickTable} names.
   */
  static <R extends Record> Dataset<Row> read(
      JobContext ctx, Args args, String name, Class<R> type, String defaultTable) {
    String location = args.string(name, DatasetReader.TABLE_PREFIX + defaultTable);
    Io<R> io =
        location.startsWith(DatasetReader.TABLE_PREFIX)
            ? Io.table(location.substring(DatasetReader.TABLE_PREFIX.length()), type)
            : Io.parquet(location, type);
    return ctx.read(io);
  }

  /** Writes the totals as Parquet at {@code --out}. */
  static void write(JobContext ctx, Args args, Dataset<Row> totals) {
    ctx.write(Io.parquet(args.string("out")), totals);
  }
}
