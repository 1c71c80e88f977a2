package dev.wick.examples.adspend;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.concat;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.pmod;
import static org.apache.spark.sql.functions.when;
import static org.apache.spark.sql.functions.xxhash64;

import java.util.List;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;

/**
 * Deterministic ad-spend inputs of any size, made in parallel from {@code spark.range} and hashes
 * (a fixed seed gives the same rows): {@code events} ad events over two days and four hours, about
 * 60% of them starts; decisions for about 80% of them, naming advertisers of whom about 9% are
 * unknown; {@code events / 50} advertisers (at least 10), 5% of them nameless.
 */
public final class AdSpendData {
  /** The day and hour most of the generated data falls on. */
  public static final int DATE = 20240101;

  /** An hour with data on {@link #DATE}. */
  public static final int HOUR = 1;

  private AdSpendData() {}

  /** The three inputs, in the order events, decisions, advertisers. */
  public static List<Dataset<Row>> generate(SparkSession spark, long events, long seed) {
    long advertisers = Math.max(10, events / 50);
    Dataset<Row> ids = spark.range(events).toDF();
    Column date = lit(DATE).plus(pmod(hash(seed, 1), lit(2)).cast("int"));
    Column hour = pmod(hash(seed, 2), lit(4)).cast("int");
    Column responseId = concat(lit("r"), col("id").cast("string"));
    Column kind = pmod(hash(seed, 3), lit(10));
    Dataset<Row> eventRows =
        ids.select(
            date.as("date"),
            hour.as("hour"),
            responseId.as("ad_response_id"),
            when(kind.lt(6), lit("AD_START"))
                .when(kind.lt(9), lit("AD_COMPLETE"))
                .otherwise(lit("AD_CLICK"))
                .as("event_type"));
    Dataset<Row> decisionRows =
        ids.filter(pmod(hash(seed, 4), lit(10)).lt(8))
            .select(
                date.as("date"),
                hour.as("hour"),
                responseId.as("ad_response_id"),
                pmod(hash(seed, 5), lit(advertisers + advertisers / 10))
                    .cast("string")
                    .as("advertiser_id"),
                pmod(hash(seed, 6), lit(5_000_000L)).as("micros_usd"));
    Dataset<Row> advertiserRows =
        spark
            .range(advertisers)
            .select(
                col("id").as("advertiser_id"),
                when(pmod(hash(seed, 7), lit(20)).equalTo(0), lit(null).cast("string"))
                    .otherwise(concat(lit("Advertiser "), col("id").cast("string")))
                    .as("name"));
    return List.of(eventRows, decisionRows, advertiserRows);
  }

  /** Generates the inputs and saves them as Parquet tables named as the records say. */
  public static void saveTables(SparkSession spark, long events, long seed) {
    List<Dataset<Row>> inputs = generate(spark, events, seed);
    List<String> tables = List.of(AdInputs.EVENTS, AdInputs.DECISIONS, AdInputs.ADVERTISERS);
    for (int i = 0; i < 3; i++) {
      inputs.get(i).write().mode(SaveMode.Overwrite).format("parquet").saveAsTable(tables.get(i));
    }
  }

  private static Column hash(long seed, int salt) {
    return xxhash64(col("id"), lit(seed * 100 + salt));
  }
}
