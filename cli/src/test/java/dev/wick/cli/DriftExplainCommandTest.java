package dev.wick.cli;

import static dev.wick.cli.CliRun.wick;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wick.core.spark.WickSpark;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wick drift --in DATA --explain}: a shift planted in one region's amounts is found in that
 * region, with the rows and counts the data holds; without the data, and with data but no {@code
 * --explain}, the command says what is missing.
 */
class DriftExplainCommandTest {
  @TempDir static Path tmp;
  static String before;
  static String after;
  static String data;

  @BeforeAll
  static void profiles() {
    SparkSession spark = WickSpark.local(2);
    String rows =
        "select id, element_at(array('EU', 'US', 'APAC', 'LATAM'), cast(id % 4 as int) + 1) as"
            + " region, element_at(array('web', 'ios'), cast(id % 7 % 2 as int) + 1) as"
            + " platform, (id * 37) % 100 AS amount from range(0, 4000, 1, 2)";
    spark.sql(rows).write().parquet(tmp.resolve("before-data").toString());
    // Only the EU's amounts move: up by 300.
    spark
        .sql(
            rows.replace(
                "(id * 37) % 100 AS amount", "(id * 37) % 100 + if(id % 4 = 0, 300, 0) AS amount"))
        .write()
        .parquet(tmp.resolve("after-data").toString());
    data = tmp.resolve("after-data").toString();
    before = tmp.resolve("before").toString();
    after = tmp.resolve("after").toString();
    assertThat(
            wick("profile", "--in", tmp.resolve("before-data").toString(), "--out", before)
                .exitCode())
        .isZero();
    assertThat(wick("profile", "--in", data, "--out", after).exitCode()).isZero();
  }

  @Test
  void theShiftIsFoundInTheRegionThatMoved() throws Exception {
    Path out = tmp.resolve("drift");
    CliRun run =
        wick(
            "drift",
            "--old",
            before,
            "--new",
            after,
            "--in",
            data,
            "--explain",
            "--max-drift",
            "0.1",
            "--out",
            out.toString());
    assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(1);
    assertThat(run.out()).contains("explain: amount drifted: ").contains("region = EU");
    JsonNode explain =
        new ObjectMapper().readTree(out.resolve("drift.json").toFile()).get("explain");
    assertThat(explain).hasSize(1);
    JsonNode amount = explain.get(0);
    assertThat(amount.get("failure").asText()).isEqualTo("amount drifted");
    assertThat(amount.get("rows").asLong()).isEqualTo(4000);
    // The region above the CDFs' widest gap holds the 1,000 EU rows and no other.
    assertThat(amount.get("failing").asLong()).isEqualTo(1000);
    JsonNode best = amount.get("slices").get(0);
    assertThat(best.get("slice").asText()).isEqualTo("region = EU");
    assertThat(best.get("rows").asLong()).isEqualTo(1000);
    // Never cut by the field that drifted.
    assertThat(amount.get("columns").toString()).doesNotContain("amount");
    assertThat(Files.readString(out.resolve("drift.html")))
        .contains("<h2>Where the drift sits</h2>", "region = EU");
  }

  @Test
  void explainingNeedsTheDataAndTheDataNeedsExplain() {
    CliRun noData = wick("drift", "--old", before, "--new", after, "--explain");
    assertThat(noData.exitCode()).isEqualTo(2);
    assertThat(noData.err())
        .contains("pass the data the current profile was made of with --in PATH");
    CliRun noExplain = wick("drift", "--old", before, "--new", after, "--in", data);
    assertThat(noExplain.exitCode()).isEqualTo(2);
    assertThat(noExplain.err()).contains("add --explain, or leave --in out");
  }
}
