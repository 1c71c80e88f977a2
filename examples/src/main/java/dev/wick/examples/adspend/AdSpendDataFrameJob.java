package dev.wick.examples.adspend;

import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.desc;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.sum;

import dev.wick.core.job.Args;
import dev.wick.core.job.JobContext;
import dev.wick.core.job.Jobs;
import dev.wick.core.job.WickJob;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * The same job as {@link AdSpendTypedJob}, written against plain DataFrames as one would by hand
 * (with the seed's bugs fixed: the ordering column is the aggregate's real name, the joins compare
 * like with like). Nothing but care keeps it right: the compiler checks no column name, type or
 * null.
 */
public final class AdSpendDataFrameJob implements WickJob {

  /** The pipeline over DataFrame inputs. */
  public static Dataset<Row> totals(
      Dataset<Row> events, Dataset<Row> decisions, Dataset<Row> advertisers, int date, int hour) {
    Dataset<Row> starts =
        events
            .filter(col("date").equalTo(date).and(col("hour").equalTo(hour)))
            .filter(col("event_type").equalTo("AD_START"));
    Dataset<Row> priced =
        decisions.filter(col("date").equalTo(date).and(col("hour").equalTo(hour)));

    Dataset<Row> joined =
        starts
            .join(
                priced, starts.col("ad_response_id").equalTo(priced.col("ad_response_id")), "left")
            .join(
                advertisers,
                priced
                    .col("advertiser_id")
                    .equalTo(advertisers.col("advertiser_id").cast("string")),
                "left");

    Dataset<Row> rows =
        joined.select(
            coalesce(advertisers.col("name"), priced.col("advertiser_id"), lit("Unknown"))
                .as("advertiser_name"),
            priced.col("micros_usd").as("micros_usd"));

    return rows.groupBy(col("advertiser_name"))
        .agg(sum(col("micros_usd")).divide(1_000_000L).as("total_usd"))
        .orderBy(desc("total_usd"));
  }

  @Override
  public void run(JobContext ctx, Args args) {
    int date = args.integer("date");
    int hour = args.integer("hour");
    Dataset<Row> events = AdInputs.read(ctx, args, "events", AdEvent.class, AdInputs.EVENTS);
    Dataset<Row> decisions =
        AdInputs.read(ctx, args, "decisions", AdDecisionResponse.class, AdInputs.DECISIONS);
    Dataset<Row> advertisers =
        AdInputs.read(ctx, args, "advertisers", AdAdvertiser.class, AdInputs.ADVERTISERS);
    AdInputs.write(ctx, args, totals(events, decisions, advertisers, date, hour));
  }

  public static void main(String[] args) {
    Jobs.main(new AdSpendDataFrameJob(), args);
  }
}
