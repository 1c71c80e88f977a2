package dev.wick.core.explain;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.expr;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.WickException;
import dev.wick.core.spark.WickSpark;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class ExplainerTest {
  static SparkSession spark;
  static Dataset<Row> plays;

  /**
   * 2,000 plays: a unique id, a high-cardinality text, a platform (WEB for 1 in 10), a duration
   * from 0 to 1,999 and a country that is null for 1 in 20. The WEB plays over 1,500 ms fail, and
   * so does every play without a country.
   */
  @BeforeAll
  static void data() {
    spark = WickSpark.local(2);
    plays =
        spark
            .range(2000)
            .selectExpr(
                "id",
                "concat('user-', id) AS user",
                "CASE WHEN id % 10 = 0 THEN 'WEB' ELSE 'IOS' END AS platform",
                "id AS ms",
                "CASE WHEN id % 20 = 7 THEN NULL ELSE 'SE' END AS country");
  }

  @Test
  void theColumnsCutByMakeAtMostMaxCombinationsOfLabels() {
    // Eight numeric columns of 1,000 values each: five buckets and null make six labels apiece,
    // and six columns already make 46,656 combinations; the seventh and eighth would exceed 50,000.
    Dataset<Row> wide =
        spark
            .range(3000)
            .selectExpr(
                "id % 1000 AS a",
                "(id * 7) % 1000 AS b",
                "(id * 11) % 1000 AS c",
                "(id * 13) % 1000 AS d",
                "(id * 17) % 1000 AS e",
                "(id * 19) % 1000 AS f",
                "(id * 23) % 1000 AS g",
                "(id * 29) % 1000 AS h");
    Explanation e = Explainer.of(wide).explain("low a", col("a").lt(100));
    assertThat(e.columns()).hasSize(6);
    assertThat(e.skipped()).hasSize(2);
    assertThat(e.skipped().values())
        .allSatisfy(
            why ->
                assertThat(why)
                    .isEqualTo(
                        "its labels with those of the columns before it would make more than"
                            + " 50,000 combinations; name fewer columns to explain by"));
    assertThat(e.failing()).isEqualTo(300);
  }

  @Test
  void measuresTheColumnsOnTheFirstRowsOfEachPartitionAndStillCountsEveryRow() {
    // 400,000 plays, 1 in 10 on WEB; the WEB plays of the last fifth of the durations fail.
    Dataset<Row> many =
        spark
            .range(400_000)
            .selectExpr(
                "CASE WHEN id % 10 = 0 THEN 'WEB' ELSE 'IOS' END AS platform",
                "(id * 7919) % 100000 AS ms");
    Explanation sampled =
        Explainer.of(many)
            .explain("long web plays", col("platform").equalTo("WEB").and(col("ms").geq(80_000)));
    assertThat(sampled.rows()).isEqualTo(400_000);
    assertThat(sampled.failing()).isEqualTo(8_000);
    assertThat(sampled.columns()).containsExactlyInAnyOrder("platform", "ms");
    // The pair is sharpest: its bucket's edge is the 0.8 quantile of the first rows read, within a
    // percent of 80,000, and its counts are of every row.
    Slice best = sampled.best().orElseThrow();
    assertThat(best.text()).startsWith("platform = WEB and ms in >= ");
    double edge = Double.parseDouble(best.text().substring(best.text().lastIndexOf(' ') + 1));
    assertThat(best.failing()).isEqualTo(8_000);
    assertThat(best.coverage()).isEqualTo(1.0);
    assertThat(best.rows())
        .isEqualTo(many.where(col("platform").equalTo("WEB").and(col("ms").geq(edge))).count());
    assertThat(edge).isBetween(79_000.0, 81_000.0);
  }

  @Test
  void aBucketOfNumbersAndANullSliceAreNamedAsPeopleReadThem() {
    Map<String, Explanation> e =
        Explainer.of(plays)
            .excluding(List.of("id"))
            .explain(
                Map.of(
                    "late web plays",
                    col("platform").equalTo("WEB").and(col("ms").geq(1500)),
                    "no country",
                    col("country").isNull()));
    Explanation web = e.get("late web plays");
    assertThat(web.rows()).isEqualTo(2000);
    assertThat(web.failing()).isEqualTo(50);
    assertThat(web.skipped().get("user"))
        .isEqualTo("more than 20 distinct values in its first 2,000 rows");
    assertThat(web.columns()).containsExactlyInAnyOrder("platform", "country", "ms");
    // Every failing play is a WEB play: platform = WEB holds them all, at a rate of 25%; the pair
    // with the top bucket of ms (from its 0.8 quantile, about 1,600) holds 40 of them, at 100%.
    assertThat(web.slices().get(0).text()).isEqualTo("platform = WEB");
    assertThat(web.slices().get(0).coverage()).isEqualTo(1.0);
    assertThat(web.slices().get(0).rate()).isEqualTo(0.25);
    Slice pair = web.slices().get(1);
    assertThat(pair.text()).startsWith("platform = WEB and ms in >= ");
    assertThat(pair.rate()).isEqualTo(1.0);
    assertThat(pair.failing()).isBetween(35L, 45L);
    // ms >= 1,600 alone is dropped: the pair within it holds most of its excess.
    assertThat(web.slices()).noneMatch(s -> s.text().startsWith("ms in"));
    assertThat(web.line())
        .startsWith("late web plays: ")
        .contains(" of the 50 failing rows are in ");

    Explanation none = e.get("no country");
    assertThat(none.best().orElseThrow().conditions())
        .containsExactly(new Condition("country", Condition.Kind.NULL, ""));
    assertThat(none.best().get().coverage()).isEqualTo(1.0);
    assertThat(none.best().get().lift()).isInfinite();
    assertThat(none.line())
        .isEqualTo(
            "no country: 100.00% of the 100 failing rows are in country is null (5.00% of the"
                + " rows; 100.00% fail there, 0.00% elsewhere).");
  }

  @Test
  void aFirstReadBegunAheadExplainsTheRowsWithFlagsAddedAsTheUsualOneDoes() {
    Column webLate = col("platform").equalTo("WEB").and(col("ms").geq(1500));
    Explanation usual = Explainer.of(plays).excluding(List.of("id")).explain("late", webLate);
    // Begun before the failures are known, then over the rows with the failure's flag added.
    Explainer ahead = Explainer.of(plays).excluding(List.of("id")).readingAhead();
    Dataset<Row> flagged = plays.withColumn("late_flag", webLate);
    Explanation read =
        ahead.over(flagged).excluding(List.of("late_flag")).explain("late", col("late_flag"));
    assertThat(read.slices()).isEqualTo(usual.slices());
    assertThat(read.columns()).isEqualTo(usual.columns());
    assertThat(read.skipped()).isEqualTo(usual.skipped());
    assertThat(read.failing()).isEqualTo(50);
    // Cutting by fewer columns than were read ahead takes those columns from the same read.
    Explanation fewer = ahead.by(List.of("platform", "country")).explain("late", webLate);
    assertThat(fewer.columns()).containsExactlyInAnyOrder("platform", "country");
    assertThat(fewer.best().orElseThrow().text()).isEqualTo("platform = WEB");
  }

  @Test
  void anErrorInTheFirstReadBegunAheadIsRaisedByTheExplanation() {
    Dataset<Row> failing =
        plays.withColumn("ms", expr("CASE WHEN assert_true(id < 0) IS NULL THEN ms ELSE -ms END"));
    Explainer ahead = Explainer.of(failing).by(List.of("platform", "ms")).readingAhead();
    assertThatThrownBy(() -> ahead.explain("any", col("platform").equalTo("WEB")))
        .hasMessageContaining("is not true");
  }

  @Test
  void nothingFailingHasNothingToExplain() {
    Explanation e = Explainer.of(plays).explain("nothing", col("ms").lt(0));
    assertThat(e.failing()).isZero();
    assertThat(e.slices()).isEmpty();
    assertThat(e.line()).isEqualTo("nothing: no rows fail, nothing to explain.");
  }

  @Test
  void noRowsHaveNothingToExplain() {
    Explanation e = Explainer.of(plays.limit(0)).explain("anything", col("ms").geq(0));
    assertThat(e.rows()).isZero();
    assertThat(e.failing()).isZero();
    assertThat(e.slices()).isEmpty();
  }

  @Test
  void anUnknownColumnToCutByIsOneSentence() {
    assertThatThrownBy(() -> Explainer.of(plays).by(List.of("platfrom")))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "The list of columns to explain by names 'platfrom', which the data does not have"
                + " (did you mean 'platform'?); name top-level columns of the data.");
  }

  @Test
  void valuesTheFirstReadDidNotSeeShareOneLabelWhenThereAreTooManyOfThem() {
    // Measured on rows holding 20 codes, the explainer cuts by the code's values; the data holds
    // 250,000 codes, more combinations than it takes, so the codes it did not see share a label.
    Dataset<Row> data =
        spark.range(250_000).selectExpr("CAST(id AS STRING) AS code", "id % 3 = 0 AS flagged");
    Dataset<Row> measured = spark.range(20).selectExpr("CAST(id AS STRING) AS code");
    Explanation e =
        Explainer.of(data)
            .by(List.of("code"))
            .measuredOn(measured)
            .explain("flagged rare codes", col("flagged").and(col("code").cast("long").geq(20)));
    assertThat(e.rows()).isEqualTo(250_000);
    assertThat(e.failing()).isEqualTo(83_327);
    Slice best = e.best().orElseThrow();
    assertThat(best.text()).isEqualTo("code is one of its rarer values");
    assertThat(best.rows()).isEqualTo(249_980);
    assertThat(best.failing()).isEqualTo(83_327);
    assertThat(best.coverage()).isEqualTo(1.0);
  }
}
