package dev.wick.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wick.core.io.DatasetWriter;
import dev.wick.core.io.Format;
import dev.wick.core.spark.WickSpark;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wick check --explain}: where a failed check's rows sit, on the console and in the JSON.
 */
class CheckExplainCommandTest {
  @TempDir static Path dir;
  static Path plays;
  static Path checks;

  /**
   * 2,000 plays; one in ten is on WEB, and the WEB plays from 1,500 ms on are too long: 50 rows
   * break the range check, all of them WEB plays.
   */
  @BeforeAll
  static void data() throws IOException {
    plays = dir.resolve("plays");
    DatasetWriter.write(
        WickSpark.local(2)
            .range(2000)
            .selectExpr(
                "id",
                "CASE WHEN id % 10 = 0 THEN 'WEB' ELSE 'IOS' END AS platform",
                "CASE WHEN id % 10 = 0 AND id >= 1500 THEN 5000 ELSE id % 1000 END AS ms"),
        plays.toString(),
        Format.PARQUET,
        false,
        List.of());
    checks = dir.resolve("checks.yaml");
    Files.writeString(checks, "checks:\n  - {check: range, field: ms, min: 0, max: 1000}\n");
  }

  @Test
  void theBestSliceOfEachFailedCheckIsPrintedAndEverySliceIsInTheJson() throws IOException {
    Path out = dir.resolve("explained");
    CliRun run =
        CliRun.wick(
            "check",
            "--in",
            plays.toString(),
            "--checks",
            checks.toString(),
            "--out",
            out.toString(),
            "--explain");
    assertThat(run.exitCode()).as(run.err()).isEqualTo(1);
    assertThat(run.out())
        .contains(
            "explain: range(ms): 100.00% of the 50 failing rows are in platform = WEB (10.00% of"
                + " the rows; 25.00% fail there, 0.00% elsewhere).");
    JsonNode explain =
        new ObjectMapper()
            .readTree(out.resolve("checks.json").toFile())
            .get("checks")
            .get(0)
            .get("explain");
    assertThat(explain.get("failing").asLong()).isEqualTo(50);
    assertThat(explain.get("rows").asLong()).isEqualTo(2000);
    JsonNode best = explain.get("slices").get(0);
    assertThat(best.get("slice").asText()).isEqualTo("platform = WEB");
    assertThat(best.get("rows").asLong()).isEqualTo(200);
    assertThat(best.get("failing").asLong()).isEqualTo(50);
    assertThat(best.get("coverage").asDouble()).isEqualTo(1.0);
    assertThat(best.get("rateLow").asDouble()).isBetween(0.19, 0.25);
    assertThat(Files.readString(out.resolve("checks.html")))
        .contains("<b>Where:</b> range(ms): 100.00% of the 50 failing rows are in platform = WEB")
        .contains("<code>platform = WEB</code>");
  }

  @Test
  void anUnknownColumnToExplainByIsOneSentenceAndNothingIsWritten() {
    Path out = dir.resolve("unknown");
    CliRun run =
        CliRun.wick(
            "check",
            "--in",
            plays.toString(),
            "--checks",
            checks.toString(),
            "--out",
            out.toString(),
            "--explain-by",
            "platfrom");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo(
            "error: --explain-by names 'platfrom', which the data does not have (did you mean"
                + " 'platform'?); name top-level columns of the data.\n");
    assertThat(out).doesNotExist();
  }
}
