package dev.wick.core.spark;

import static org.apache.spark.sql.functions.col;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** On Spark, the whole-value test gives rlike's answers, nulls included, generated or not. */
class WholeMatchTest {
  private static final List<String> VALUES =
      Arrays.asList(
          "user1@example.com",
          "user1@example.com\n",
          "a..b@example.com", // the local part of this pattern allows dots anywhere
          "ünïcode@example.com",
          "名前@example.com",
          "",
          null,
          "x@y.io",
          "x@y.i",
          "@".repeat(3));

  private static final String EMAIL =
      "[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,63}";

  private static Dataset<Row> values(SparkSession spark) {
    StructType schema = new StructType().add("v", DataTypes.StringType, true);
    return spark.createDataFrame(VALUES.stream().map(v -> RowFactory.create(v)).toList(), schema);
  }

  private static void assertSameAsRlike(Dataset<Row> input, WholeMatch match) {
    assertSameAsRlike(input, match, 3);
  }

  private static void assertSameAsRlike(Dataset<Row> input, WholeMatch match, long matching) {
    List<Row> rows =
        input
            .select(
                col("v"),
                match.column(col("v")).as("ours"),
                col("v").rlike("\\A(?:" + match.pattern() + ")\\z").as("rlike"))
            .collectAsList();
    assertThat(rows).hasSize(VALUES.size());
    for (Row row : rows) {
      assertThat(row.isNullAt(1)).as("null for %s", row.get(0)).isEqualTo(row.isNullAt(0));
      assertThat(row.get(1)).as("answer for %s", row.get(0)).isEqualTo(row.get(2));
    }
    assertThat(rows.stream().filter(r -> Boolean.TRUE.equals(r.get(1))).count())
        .isEqualTo(matching);
  }

  @Test
  void onRowsInMemoryTheAnswersAreRlikes() {
    WholeMatch match = WholeMatch.of(EMAIL);
    assertSameAsRlike(values(WickSpark.local(2)), match);
  }

  @Test
  void onParquetTheTestIsPartOfTheGeneratedCodeAndGivesRlikesAnswers(@TempDir Path dir) {
    SparkSession spark = WickSpark.local(2);
    String path = dir.resolve("values").toString();
    values(spark).write().parquet(path);
    WholeMatch match = WholeMatch.of(EMAIL);
    Dataset<Row> input = spark.read().parquet(path);
    assertSameAsRlike(input, match);
    String plan = input.select(match.column(col("v"))).queryExecution().executedPlan().toString();
    assertThat(plan).contains("*(").contains("matchesUtf8");
  }

  @Test
  void patternsOfLettersBeyondAsciiGiveRlikesAnswers() {
    SparkSession spark = WickSpark.local(2);
    assertSameAsRlike(values(spark), WholeMatch.of("[\\p{L}\\d]+@(?:\\p{L}+\\.)+\\p{L}{2,}"), 4);
    assertSameAsRlike(values(spark), WholeMatch.of("[^@]{1,64}@.{1,253}"), 6);
    // a table too large to build: the simulated automaton answers
    WholeMatch simulated = WholeMatch.of(".*[a-z].{12}");
    assertThat(simulated.isTable()).isFalse();
    assertSameAsRlike(values(spark), simulated, 2);
  }

  @Test
  void numbersAreTestedAsTheirTextAsRlikeDoes() {
    SparkSession spark = WickSpark.local(2);
    List<Row> rows =
        spark
            .range(8, 12)
            .select(WholeMatch.of("[0-9]").column(col("id")).as("one_digit"))
            .collectAsList();
    assertThat(rows.stream().map(r -> r.getBoolean(0)).toList())
        .containsExactly(true, true, false, false);
  }

  @Test
  void everyElementOfAnArrayMatchesOrIsInTheSetWithNullsSkipped(@TempDir Path dir) {
    SparkSession spark = WickSpark.local(2);
    String path = dir.resolve("arrays").toString();
    spark
        .sql(
            "SELECT * FROM VALUES (1, array('a1', 'b2')), (2, array('a1', 'x')),"
                + " (3, array('a1', null)), (4, array()), (5, cast(null AS array<string>)),"
                + " (6, array('a1\n')), (7, array('é1')) AS t(n, v)")
        .write()
        .parquet(path);
    Dataset<Row> input = spark.read().parquet(path);
    Dataset<Row> tested =
        input
            .select(
                col("n"),
                WholeMatch.of("[a-z][0-9]").everyElement(col("v")).as("matches"),
                TextSet.of(List.of("a1", "b2")).everyElementIn(col("v")).as("in_set"))
            .orderBy("n");
    assertThat(tested.queryExecution().executedPlan().toString())
        .contains("everyMatchesUtf8")
        .contains("containsEveryUtf8")
        .doesNotContain("lambdafunction");
    List<String> rows =
        tested.collectAsList().stream()
            .map(r -> r.get(0) + " " + r.get(1) + " " + r.get(2))
            .toList();
    assertThat(rows)
        .containsExactly(
            "1 true true",
            "2 false false",
            "3 true true",
            "4 true true",
            "5 null null",
            "6 false false",
            "7 false false");
  }

  @Test
  void aTextIsInTheSetAsIsinSaysWithNullsNull(@TempDir Path dir) {
    SparkSession spark = WickSpark.local(2);
    String path = dir.resolve("texts").toString();
    values(spark).write().parquet(path);
    Dataset<Row> input = spark.read().parquet(path);
    // Past ten values, so that isin is Spark's hash set; short and long values, and one non-ASCII.
    List<String> allowed =
        List.of("x@y.io", "", "ünïcode@example.com", "@@@", "a", "b", "c", "d", "e", "f", "g", "h");
    TextSet set = TextSet.of(allowed);
    Dataset<Row> tested =
        input.select(
            col("v"), set.column(col("v")).as("ours"), col("v").isin(allowed.toArray()).as("isin"));
    assertThat(tested.queryExecution().executedPlan().toString())
        .contains("*(1) Project [v#")
        .contains("text_set(12 values).contains(");
    List<Row> rows = tested.collectAsList();
    assertThat(rows).hasSize(VALUES.size());
    for (Row row : rows) {
      assertThat(row.get(1)).as("answer for %s", row.get(0)).isEqualTo(row.get(2));
    }
    assertThat(rows.stream().filter(r -> Boolean.TRUE.equals(r.get(1))).count()).isEqualTo(4);
    assertThat(rows.stream().filter(r -> r.isNullAt(1)).count()).isEqualTo(1);
  }
}
