package dev.wick.checks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.WickException;
import dev.wick.core.spark.WickSpark;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalDouble;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Quantile checks: exact at their bounds, on one value a row. */
class QuantileCheckTest {
  @TempDir static Path dir;

  @Test
  void quantileChecksDecideExactlyAtTheBoundOnEveryInput() {
    SparkSession spark = WickSpark.local(2);
    Dataset<Row> plays =
        Parquet.of(
            spark.range(0, 1000, 1, 4).selectExpr("id AS play_id", "cast(id * 10 AS long) AS ms"),
            dir,
            "plays");
    String csv = dir.resolve("plays-csv").toString();
    plays.write().option("header", true).csv(csv);
    Dataset<Row> text = spark.read().schema(plays.schema()).option("header", true).csv(csv);
    // ms is 0, 10, ..., 9990: its 0.5 quantile is exactly 4990, the 500th of 1000 values.
    Checks checks =
        Checks.of(
            Check.quantile("ms", 0.5, OptionalDouble.of(4990), OptionalDouble.of(4990)),
            Check.quantile("ms", 0.5, OptionalDouble.of(4990.5), OptionalDouble.empty()),
            Check.quantile("ms", 0.5, OptionalDouble.empty(), OptionalDouble.of(4989.5)));
    for (Dataset<Row> data : List.of(plays, text)) {
      CheckResults results = checks.run(data);
      List<CheckResult> r = results.results();
      assertThat(r.get(0).passed()).as(results.toJson()).isTrue();
      assertThat(r.get(0).measured()).isEqualTo(4990.0);
      assertThat(r.get(1).passed()).isFalse();
      assertThat(r.get(1).message())
          .startsWith("quantile(ms, 0.5): the 0.5 quantile of ms is about ")
          .endsWith("; it must be at least 4990.5 (50.00% of its values are below 4990.5).");
      assertThat(r.get(2).passed()).isFalse();
      assertThat(r.get(2).message())
          .endsWith("; it must be at most 4989.5 (50.10% of its values are above 4989.5).");
    }
    // The text input's estimate is Spark's percentile_approx, exact on so few values.
    assertThat(checks.run(text).results().get(1).message())
        .isEqualTo(
            "quantile(ms, 0.5): the 0.5 quantile of ms is about 4990; it must be at least 4990.5"
                + " (50.00% of its values are below 4990.5).");
  }

  @Test
  void aQuantileRefusesAPathIntoArrays() {
    Dataset<Row> nested = WickSpark.local(2).range(0, 10).selectExpr("array(id) AS ids");
    assertThatThrownBy(
            () ->
                Checks.of(
                        Check.quantile("ids[]", 0.5, OptionalDouble.of(0), OptionalDouble.empty()))
                    .run(nested))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Check 'quantile(ids[], 0.5)' names ids[], which steps into an array or map; a quantile"
                + " check takes a field or a record's field (completeness, allowedValues, range,"
                + " mean, sum, regex, semantic and freshness checks also take values in arrays"
                + " and maps).");
  }
}
