package dev.wick.benchmarks;

import static org.apache.spark.sql.functions.desc;

import java.io.Serializable;
import java.util.Iterator;
import org.apache.spark.api.java.function.FilterFunction;
import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.api.java.function.MapGroupsFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import scala.Tuple2;

/**
 * The ad-spend job in the other type-safe style Spark offers Java: {@code Dataset<T>} of beans with
 * lambdas. Its filters, projection and aggregation are opaque to Catalyst (no filter pushdown, no
 * column pruning, every row decoded into objects): the cost the typed API avoids.
 */
final class AdSpendLambdaJob {
  private AdSpendLambdaJob() {}

  static Dataset<Row> totals(
      SparkSession spark, String events, String decisions, String advertisers, int date, int hour) {
    Dataset<Event> starts =
        spark
            .read()
            .parquet(events)
            .as(Encoders.bean(Event.class))
            .filter(
                (FilterFunction<Event>)
                    e ->
                        e.getDate() == date
                            && e.getHour() == hour
                            && "AD_START".equals(e.getEvent_type()));
    Dataset<Decision> priced =
        spark
            .read()
            .parquet(decisions)
            .as(Encoders.bean(Decision.class))
            .filter((FilterFunction<Decision>) d -> d.getDate() == date && d.getHour() == hour);
    Dataset<Advertiser> names =
        spark.read().parquet(advertisers).as(Encoders.bean(Advertiser.class));

    Dataset<Tuple2<Event, Decision>> withDecision =
        starts.joinWith(
            priced, starts.col("ad_response_id").equalTo(priced.col("ad_response_id")), "left");
    Dataset<Tuple2<Tuple2<Event, Decision>, Advertiser>> joined =
        withDecision.joinWith(
            names,
            withDecision.col("_2.advertiser_id").equalTo(names.col("advertiser_id").cast("string")),
            "left");

    Dataset<Spend> rows =
        joined.map(
            (MapFunction<Tuple2<Tuple2<Event, Decision>, Advertiser>, Spend>)
                t -> {
                  Decision d = t._1()._2();
                  Advertiser a = t._2();
                  Spend s = new Spend();
                  if (a != null && a.getName() != null) {
                    s.setAdvertiser_name(a.getName());
                  } else if (d != null && d.getAdvertiser_id() != null) {
                    s.setAdvertiser_name(d.getAdvertiser_id());
                  } else {
                    s.setAdvertiser_name("Unknown");
                  }
                  s.setMicros_usd(d == null ? null : d.getMicros_usd());
                  return s;
                },
            Encoders.bean(Spend.class));

    Dataset<Tuple2<String, Double>> totals =
        rows.groupByKey((MapFunction<Spend, String>) Spend::getAdvertiser_name, Encoders.STRING())
            .mapGroups(
                (MapGroupsFunction<String, Spend, Tuple2<String, Double>>)
                    (name, group) -> new Tuple2<>(name, dollars(group)),
                Encoders.tuple(Encoders.STRING(), Encoders.DOUBLE()));
    return totals.toDF("advertiser_name", "total_usd").orderBy(desc("total_usd"));
  }

  private static Double dollars(Iterator<Spend> group) {
    Long sum = null;
    while (group.hasNext()) {
      Long micros = group.next().getMicros_usd();
      if (micros != null) {
        sum = sum == null ? micros : sum + micros;
      }
    }
    return sum == null ? null : sum / 1_000_000.0;
  }

  /** An ad event bean. */
  public static class Event implements Serializable {
    private static final long serialVersionUID = 1L;
    private int date;
    private int hour;
    private String ad_response_id;
    private String event_type;

    public int getDate() {
      return date;
    }

    public void setDate(int date) {
      this.date = date;
    }

    public int getHour() {
      return hour;
    }

    public void setHour(int hour) {
      this.hour = hour;
    }

    public String getAd_response_id() {
      return ad_response_id;
    }

    public void setAd_response_id(String id) {
      this.ad_response_id = id;
    }

    public String getEvent_type() {
      return event_type;
    }

    public void setEvent_type(String type) {
      this.event_type = type;
    }
  }

  /** A decision bean. */
  public static class Decision implements Serializable {
    private static final long serialVersionUID = 1L;
    private int date;
    private int hour;
    private String ad_response_id;
    private String advertiser_id;
    private long micros_usd;

    public int getDate() {
      return date;
    }

    public void setDate(int date) {
      this.date = date;
    }

    public int getHour() {
      return hour;
    }

    public void setHour(int hour) {
      this.hour = hour;
    }

    public String getAd_response_id() {
      return ad_response_id;
    }

    public void setAd_response_id(String id) {
      this.ad_response_id = id;
    }

    public String getAdvertiser_id() {
      return advertiser_id;
    }

    public void setAdvertiser_id(String id) {
      this.advertiser_id = id;
    }

    public long getMicros_usd() {
      return micros_usd;
    }

    public void setMicros_usd(long micros) {
      this.micros_usd = micros;
    }
  }

  /** An advertiser bean. */
  public static class Advertiser implements Serializable {
    private static final long serialVersionUID = 1L;
    private long advertiser_id;
    private String name;

    public long getAdvertiser_id() {
      return advertiser_id;
    }

    public void setAdvertiser_id(long id) {
      this.advertiser_id = id;
    }

    public String getName() {
      return name;
    }

    public void setName(String name) {
      this.name = name;
    }
  }

  /** One started ad's advertiser and price. */
  public static class Spend implements Serializable {
    private static final long serialVersionUID = 1L;
    private String advertiser_name;
    private Long micros_usd;

    public String getAdvertiser_name() {
      return advertiser_name;
    }

    public void setAdvertiser_name(String name) {
      this.advertiser_name = name;
    }

    public Long getMicros_usd() {
      return micros_usd;
    }

    public void setMicros_usd(Long micros) {
      this.micros_usd = micros;
    }
  }
}
