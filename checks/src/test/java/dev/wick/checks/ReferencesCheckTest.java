package dev.wick.checks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.core.spark.WickSpark;
import java.nio.file.Path;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** References checks: one anti-join against the referenced dataset's keys. */
class ReferencesCheckTest {
  @TempDir static Path dir;

  @Test
  void referencesAreOneAntiJoinAgainstTheOtherDataset() {
    SparkSession spark = WickSpark.local(2);
    Dataset<Row> plays =
        Parquet.of(
            spark.range(0, 1000, 1, 4).selectExpr("id AS play_id", "id % 7 AS user_id"),
            dir,
            "plays");
    Dataset<Row> users = spark.range(0, 5).selectExpr("id AS user_id");
    CheckResults results =
        Checks.of(Check.references("user_id", "users", "user_id"))
            .run(plays, Map.of("users", users));
    CheckResult r = results.results().get(0);
    assertThat(r.passed()).isFalse();
    assertThat(r.measured()).isEqualTo(285L); // user_id 5 and 6: 143 + 142 rows
    assertThat(r.examples()).hasSize(Evaluation.EXAMPLES);
    assertThat(results.passes()).isEqualTo(3); // the aggregation, the anti-join, the examples
  }
}
