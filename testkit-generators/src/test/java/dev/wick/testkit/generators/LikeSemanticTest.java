package dev.wick.testkit.generators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.wick.core.spark.WickSpark;
import dev.wick.profiler.Profile;
import dev.wick.profiler.Profiler;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Data generated like a profile follows it for fields with a semantic type too, judged by Spark's
 * own aggregates over both datasets (not by Wick's drift): an identifier that repeats in the data
 * repeats as often, an identifier that is unique stays unique, a number of a semantic type keeps
 * its distribution among its valid values, and a number whose values repeat keeps its distinct
 * count (also where close values round to one).
 */
class LikeSemanticTest {
  static final int ROWS = 20_000;
  static final String SCHEMA =
      """
      {"type": "record", "name": "Play", "fields": [
        {"name": "play_id", "type": "string", "wick.semantic": "base62_id(length=22)"},
        {"name": "user_id", "type": "string", "wick.semantic": "base62_id(length=22)"},
        {"name": "ms_played", "type": "long", "wick.semantic": "non_negative"},
        {"name": "skips", "type": "long"},
        {"name": "cents", "type": "long"},
        {"name": "wait", "type": "long"}
      ]}
      """;

  static SparkSession spark;
  static Dataset<Row> real;
  static Dataset<Row> generated;

  @BeforeAll
  static void generate() {
    spark = WickSpark.local(2);
    Random r = new Random(11);
    List<String> users = new ArrayList<>();
    for (int u = 0; u < 400; u++) {
      users.add(base62(r));
    }
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      // Skewed users, log-normal play times with a few negative ones (data that breaks its
      // type), and a count of 300 distinct values.
      String user = users.get((int) Math.floor(Math.pow(users.size(), r.nextDouble())) - 1);
      long ms = i % 500 == 0 ? -1000 : (long) Math.exp(11 + 1.2 * r.nextGaussian());
      rows.add(RowFactory.create(base62(r), user, ms, (long) r.nextInt(300) * 7, 0L, 0L));
    }
    // Heavy-tailed prices in cents: dense near 0, where values repeat, and sparse in the tail.
    for (int i = 0; i < ROWS; i++) {
      long cents = Math.round((Math.pow(1 - r.nextDouble(), -1 / 1.5) - 1) * 5000);
      // Skewed waits, most of them distinct, repeating near 0.
      long wait = (long) (Math.pow(r.nextDouble(), 4) * 1_000_000);
      Row row = rows.get(i);
      rows.set(i, RowFactory.create(row.get(0), row.get(1), row.get(2), row.get(3), cents, wait));
    }
    StructType struct =
        new StructType()
            .add("play_id", DataTypes.StringType, false)
            .add("user_id", DataTypes.StringType, false)
            .add("ms_played", DataTypes.LongType, false)
            .add("skips", DataTypes.LongType, false)
            .add("cents", DataTypes.LongType, false)
            .add("wait", DataTypes.LongType, false);
    real = spark.createDataFrame(rows, struct).repartition(2).cache();
    org.apache.avro.Schema avro = new org.apache.avro.Schema.Parser().parse(SCHEMA);
    Profile profile = Profiler.defaults().profile(real, "plays");
    generated = BulkGeneration.of(avro).seed(3).like(profile).run(spark, ROWS).rows().cache();
  }

  private static String base62(Random r) {
    String digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < 22; i++) {
      s.append(digits.charAt(r.nextInt(62)));
    }
    return s.toString();
  }

  private static long distinct(Dataset<Row> data, String column) {
    return data.select(column).distinct().count();
  }

  private static double[] percentiles(Dataset<Row> data, String column) {
    Row row =
        data.selectExpr(
                "percentile(" + column + ", array(0.1, 0.5, 0.9)) as p",
                "min(" + column + ") as lo")
            .head();
    List<Object> p = row.getList(0);
    return new double[] {
      ((Number) p.get(0)).doubleValue(),
      ((Number) p.get(1)).doubleValue(),
      ((Number) p.get(2)).doubleValue(),
      ((Number) row.get(1)).doubleValue()
    };
  }

  @Test
  void anIdentifierThatRepeatsInTheDataRepeatsAsOften() {
    long before = distinct(real, "user_id");
    long after = distinct(generated, "user_id");

    assertThat(before).isBetween(300L, 400L);
    assertThat((double) after).isCloseTo(before, within(0.1 * before));
    assertThat(generated.where("user_id rlike '^[0-9A-Za-z]{22}$'").count()).isEqualTo(ROWS);
  }

  @Test
  void theSharesOfAnIdentifiersFrequentValuesFollowTheData() {
    List<Row> shares =
        real.groupBy("user_id")
            .count()
            .orderBy(org.apache.spark.sql.functions.desc("count"))
            .limit(50)
            .join(
                generated.groupBy("user_id").count().withColumnRenamed("count", "generated"),
                scala.jdk.javaapi.CollectionConverters.asScala(List.of("user_id")).toSeq(),
                "left")
            .collectAsList();

    assertThat(shares).hasSize(50);
    for (Row r : shares) {
      long before = r.getLong(r.fieldIndex("count"));
      long after = r.isNullAt(r.fieldIndex("generated")) ? 0 : r.getLong(r.fieldIndex("generated"));
      assertThat((double) after / ROWS)
          .as("share of %s", r.getString(0))
          .isCloseTo((double) before / ROWS, within(0.01));
    }
  }

  @Test
  void anIdentifierThatIsUniqueInTheDataStaysUnique() {
    assertThat(distinct(generated, "play_id")).isEqualTo(ROWS);
  }

  @Test
  void aNumberOfASemanticTypeFollowsItsDistributionAmongItsValidValues() {
    double[] before = percentiles(real, "ms_played");
    double[] after = percentiles(generated, "ms_played");

    for (int q = 0; q < 3; q++) {
      assertThat(after[q]).as("percentile %d", q).isCloseTo(before[q], within(0.05 * before[q]));
    }
    assertThat(before[3]).isNegative();
    assertThat(after[3]).as("the least generated value").isGreaterThanOrEqualTo(0);
  }

  @Test
  void aNumberWhoseValuesRepeatKeepsItsDistinctCount() {
    long before = distinct(real, "skips");
    long after = distinct(generated, "skips");

    assertThat(before).isEqualTo(300);
    assertThat((double) after).isCloseTo(before, within(0.1 * before));
  }

  @Test
  void aNumberWhoseCloseValuesMergeKeepsItsDistinctCount() {
    // The pool a repeating number draws from holds more values than the data has distinct ones
    // (not every value of the pool comes up), and close quantiles round to one whole cent.
    long before = distinct(real, "cents");
    long after = distinct(generated, "cents");

    assertThat(before).isBetween(5_000L, 15_000L);
    assertThat((double) after).isCloseTo(before, within(0.1 * before));
  }

  @Test
  void aMostlyDistinctNumberWhoseCloseValuesMergeKeepsItsDistinctCount() {
    // More distinct values than a pool of the draws' size holds, and yet they repeat near 0.
    long before = distinct(real, "wait");
    long after = distinct(generated, "wait");

    assertThat(before).isBetween(14_000L, 19_000L);
    assertThat((double) after).isCloseTo(before, within(0.1 * before));
  }
}
