package dev.wick.typed;

import static dev.wick.typed.Functions.desc;
import static dev.wick.typed.Functions.sum;
import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.col;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.core.spark.WickSpark;
import dev.wick.typed.ads.AdAdvertiser;
import dev.wick.typed.ads.AdAdvertiser_;
import dev.wick.typed.ads.AdDecisionResponse;
import dev.wick.typed.ads.AdDecisionResponse_;
import dev.wick.typed.ads.AdEvent;
import dev.wick.typed.ads.AdEvent_;
import dev.wick.typed.ads.AdSpend;
import dev.wick.typed.ads.AdSpend_;
import dev.wick.typed.ads.SpendRow_;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class AdSpendPipelineTest {
  static SparkSession spark;

  @BeforeAll
  static void tables() {
    spark = WickSpark.local(2);
    save(
        List.of(
            new AdEvent(20240101, 5, "r1", "AD_START"),
            new AdEvent(20240101, 5, "r2", "AD_START"),
            new AdEvent(20240101, 5, "r3", "AD_START"),
            new AdEvent(20240101, 5, "r4", "AD_END"),
            new AdEvent(20240101, 6, "r5", "AD_START"),
            new AdEvent(20240101, 5, "r6", "AD_START")),
        AdEvent_.META,
        "ad_event_f");
    save(
        List.of(
            new AdDecisionResponse(20240101, 5, "r1", "1", 2_000_000L),
            new AdDecisionResponse(20240101, 5, "r2", "2", 500_000L),
            new AdDecisionResponse(20240101, 5, "r3", "9", 1_000_000L),
            new AdDecisionResponse(20240101, 5, "r4", "1", 7_000_000L),
            new AdDecisionResponse(20240101, 5, "r6", "1", 1_000_000L)),
        AdDecisionResponse_.META,
        "ad_decision_response_f");
    save(
        List.of(new AdAdvertiser(1, "Acme"), new AdAdvertiser(2, null)),
        AdAdvertiser_.META,
        "ad_advertiser_d");
  }

  static <R extends Record> void save(List<R> rows, Meta<R, ?, ?> meta, String table) {
    Typed.of(spark, rows, meta).toDF().write().mode(SaveMode.Overwrite).saveAsTable(table);
  }

  static TypedDataset<AdSpend, AdSpend_, AdSpend_.Nullable> typed(int date, int hour) {
    var events =
        Typed.table(spark, AdEvent_.META)
            .filter(e -> e.date().eq(date).and(e.hour().eq(hour)))
            .filter(e -> e.event_type().eq("AD_START"));
    var decisions =
        Typed.table(spark, AdDecisionResponse_.META)
            .filter(d -> d.date().eq(date).and(d.hour().eq(hour)));
    var advertisers = Typed.table(spark, AdAdvertiser_.META);
    var joined =
        events
            .leftJoin(decisions, (e, d) -> e.ad_response_id().eq(d.ad_response_id()))
            .leftJoin(
                advertisers,
                (e, d, a) -> d.advertiser_id().map(id -> id.eq(a.advertiser_id().asString())));
    var projected =
        joined.select(
            (e, d, a) ->
                SpendRow_.of(a.name().orElse(d.advertiser_id()).orElse("Unknown"), d.micros_usd()));
    return projected
        .groupBy(p -> p.advertiser_name())
        .agg(
            (name, p) ->
                AdSpend_.of(name, sum(p.micros_usd()).map(s -> s.map(m -> m.divide(1_000_000L)))))
        .orderBy(t -> desc(t.total_usd()));
  }

  static Dataset<Row> dataFrame(int date, int hour) {
    Dataset<Row> events =
        spark
            .table("ad_event_f")
            .filter(col("date").equalTo(date).and(col("hour").equalTo(hour)))
            .filter(col("event_type").equalTo("AD_START"));
    Dataset<Row> decisions =
        spark
            .table("ad_decision_response_f")
            .filter(col("date").equalTo(date).and(col("hour").equalTo(hour)));
    Dataset<Row> advertisers = spark.table("ad_advertiser_d");
    Dataset<Row> joined =
        events
            .join(
                decisions,
                events.col("ad_response_id").equalTo(decisions.col("ad_response_id")),
                "left")
            .join(
                advertisers,
                decisions
                    .col("advertiser_id")
                    .equalTo(advertisers.col("advertiser_id").cast("string")),
                "left");
    Dataset<Row> projected =
        joined.select(
            coalesce(
                    advertisers.col("name"),
                    decisions.col("advertiser_id"),
                    functions.lit("Unknown"))
                .as("advertiser_name"),
            decisions.col("micros_usd").as("micros_usd"));
    return projected
        .groupBy(col("advertiser_name"))
        .agg(functions.sum(col("micros_usd")).divide(1_000_000L).as("total_usd"))
        .orderBy(functions.desc("total_usd"));
  }

  static String plan(Dataset<Row> rows) {
    return rows.queryExecution().optimizedPlan().toString().replaceAll("#\\d+L?", "#");
  }

  @Test
  void typedPlanEqualsDataFramePlan() {
    assertThat(plan(typed(20240101, 5).toDF())).isEqualTo(plan(dataFrame(20240101, 5)));
    assertThat(typed(20240101, 5).toDF().schema()).isEqualTo(dataFrame(20240101, 5).schema());
  }

  @Test
  void typedJobGivesTheTotals() {
    assertThat(typed(20240101, 5).collect())
        .containsExactly(new AdSpend("Acme", 3.0), new AdSpend("9", 1.0), new AdSpend("2", 0.5));
  }
}
