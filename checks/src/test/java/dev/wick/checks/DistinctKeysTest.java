package dev.wick.checks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.core.spark.WickSpark;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Distinct key counts equal Spark's grouping on every kind of key, by either route. */
class DistinctKeysTest {
  static SparkSession spark;

  @BeforeAll
  static void session() {
    spark = WickSpark.local(2);
  }

  /**
   * Keys of every type the sorted walk takes, with nulls, repeats and one-column differences spread
   * over partitions: the count equals the grouping's, and the plan is the walk's.
   */
  @Test
  void sortedWalkCountsAsTheGroupingDoes() throws Exception {
    Dataset<Row> rows =
        spark
            .range(0, 3000, 1, 5)
            .selectExpr(
                "if(id % 97 = 0, NULL, id % 1000) AS l",
                "cast(id % 300 AS int) AS i",
                "cast(id % 100 AS short) AS s",
                "cast(id % 50 AS byte) AS b",
                "id % 3 = 0 AS flag",
                "if(id % 11 = 0, NULL, concat('u', cast(id % 700 AS string))) AS t",
                "date'2024-01-01' + cast(id % 400 AS int) AS d",
                "timestamp'2024-01-01 00:00:00' + make_interval(0, 0, 0, 0, 0, 0, id % 900) AS ts",
                "cast(id % 800 AS decimal(12, 3)) / 8 AS dec",
                // Wider than a long: its bytes sit after the text's, nulls among them.
                "cast(if(id % 13 = 0, NULL, id % 500) AS decimal(30, 2)) AS wide");
    List<List<String>> keySets =
        List.of(
            List.of("l"),
            List.of("i"),
            List.of("s", "b"),
            List.of("flag"),
            List.of("t"),
            List.of("d"),
            List.of("ts"),
            List.of("dec"),
            List.of("t", "flag"),
            List.of("l", "i", "d"),
            List.of("t", "wide"));
    for (List<String> keys : keySets) {
      Dataset<Row> k = rows.selectExpr(keys.toArray(new String[0]));
      List<String> plans =
          plans(
              () ->
                  assertThat(DistinctKeys.count(k)).as("%s", keys).isEqualTo(k.distinct().count()));
      assertThat(plans).anyMatch(p -> p.startsWith(DistinctKeys.EXECUTION + "\n"));
    }
    // Unique keys, and no rows at all.
    Dataset<Row> ids = spark.range(0, 5000, 1, 3).toDF("id");
    assertThat(DistinctKeys.count(ids)).isEqualTo(5000);
    assertThat(DistinctKeys.count(ids.limit(0))).isZero();
    // Two null keys are one value, as in a grouping.
    assertThat(DistinctKeys.count(spark.sql("SELECT CAST(NULL AS string) AS k FROM range(4)")))
        .isEqualTo(1);
  }

  /**
   * Keys sent in several chunks per shuffle partition (6 MB of long text keys from one task, for
   * four partitions of chunks of 1 MB) and keys larger than a whole chunk are counted exactly.
   */
  @Test
  void keysSpanningManyChunksAndLargerThanOne() {
    Dataset<Row> keys =
        spark
            .range(0, 4000, 1, 1)
            .selectExpr("concat(repeat('k', 1500), cast(id % 1000 AS string)) AS t")
            .union(spark.sql("SELECT repeat('x', 3000000) AS t FROM range(2)"));
    assertThat(DistinctKeys.count(keys)).isEqualTo(1001).isEqualTo(keys.distinct().count());
  }

  /**
   * The keys go to as many partitions as their estimated size fills at the advisory partition size,
   * from one per task slot to the session's shuffle partitions, and are counted exactly either way.
   */
  @Test
  void keysGoToAsManyPartitionsAsTheirSizeFillsWithinTheSessionsBounds() {
    org.apache.spark.sql.classic.SparkSession session =
        (org.apache.spark.sql.classic.SparkSession) spark;
    Dataset<Row> ids = spark.range(0, 5000, 1, 3).toDF("id");
    int slots = spark.sparkContext().defaultParallelism();
    spark.conf().set("spark.sql.shuffle.partitions", "200");
    try {
      // 40 KB of keys fill one partition of 64 MB: one per task slot.
      assertThat(DistinctKeys.partitions(session, ids.queryExecution())).isEqualTo(slots);
      assertThat(DistinctKeys.count(ids)).isEqualTo(5000);
      spark.conf().set("spark.sql.adaptive.advisoryPartitionSizeInBytes", "1k");
      assertThat(DistinctKeys.partitions(session, ids.queryExecution())).isBetween(20, 80);
      assertThat(DistinctKeys.count(ids.union(ids))).isEqualTo(5000);
      spark.conf().set("spark.sql.shuffle.partitions", "7");
      assertThat(DistinctKeys.partitions(session, ids.queryExecution())).isEqualTo(7);
      assertThat(DistinctKeys.count(ids)).isEqualTo(5000);
    } finally {
      spark.conf().unset("spark.sql.adaptive.advisoryPartitionSizeInBytes");
      spark.conf().unset("spark.sql.shuffle.partitions");
    }
  }

  /**
   * Keys whose Java values would compare otherwise than the grouping (NaN and both zeros, bytes,
   * collated text, nested values) are counted by the grouping itself.
   */
  @Test
  void otherKeysAreCountedByTheGrouping() throws Exception {
    // Each input's SQL, and its number of distinct values.
    Map<String, Long> inputs = new LinkedHashMap<>();
    inputs.put(
        "SELECT * FROM VALUES (double('NaN')), (double('NaN')), (0.0D), (-0.0D), (1.5D), (NULL),"
            + " (NULL) AS t(x)",
        4L);
    inputs.put("SELECT * FROM VALUES (X'01'), (X'01'), (X'0102'), (NULL) AS t(x)", 3L);
    inputs.put(
        "SELECT collate(x, 'UTF8_LCASE') AS x FROM VALUES ('Se'), ('SE'), ('se'), ('us') AS t(x)",
        2L);
    inputs.put("SELECT * FROM VALUES (array(1, 2)), (array(1, 2)), (array(2)) AS t(x)", 2L);
    for (Map.Entry<String, Long> input : inputs.entrySet()) {
      Dataset<Row> d = spark.sql(input.getKey());
      assertThat(DistinctKeys.count(d))
          .as(input.getKey())
          .isEqualTo(input.getValue())
          .isEqualTo(d.distinct().count());
      assertThat(plans(() -> DistinctKeys.count(d)))
          .noneMatch(p -> p.startsWith(DistinctKeys.EXECUTION + "\n"));
    }
  }

  /** The optimized and executed plans of the queries {@code action} runs. */
  private static List<String> plans(Runnable action) throws Exception {
    return QueryPlans.during(
            spark,
            () -> {
              action.run();
              return null;
            })
        .plans();
  }
}
