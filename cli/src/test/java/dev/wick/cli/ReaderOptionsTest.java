package dev.wick.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wick.core.spark.WickSpark;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --in-option} and {@code --where} through the real main: CSV without a header read with a
 * DDL schema, multi-line JSON, a row filter, and one sentence for each way to get them wrong.
 */
class ReaderOptionsTest {
  @TempDir static Path dir;
  static Path csv;
  static Path json;
  static final AtomicInteger RUNS = new AtomicInteger();

  @BeforeAll
  static void files() throws IOException {
    csv = dir.resolve("plays.csv");
    Files.writeString(csv, "1;SE;1000\n2;US;2000\n3;SE;3000\n4;GB;\n");
    json = dir.resolve("plays.json");
    Files.writeString(
        json,
        """
        [
          {"play_id": 1, "country": "SE"},
          {"play_id": 2, "country": "US"},
          {"play_id": 3, "country": "SE"}
        ]
        """);
  }

  private static String out() {
    return dir.resolve("out-" + RUNS.incrementAndGet()).toString();
  }

  private static JsonNode profile(String out) throws IOException {
    return new ObjectMapper().readTree(Path.of(out, "profile.json").toFile());
  }

  private static JsonNode field(JsonNode profile, String name) {
    for (JsonNode f : profile.get("fields")) {
      if (f.get("path").asText().equals(name) || f.path("name").asText().equals(name)) {
        return f;
      }
    }
    throw new AssertionError("no field " + name + " in " + profile);
  }

  @Test
  void readsCsvWithoutAHeaderThroughADdlSchemaAndFiltersRows() throws IOException {
    String out = out();
    CliRun run =
        CliRun.wick(
            "profile",
            "--in",
            csv.toString(),
            "--in-option",
            "header=false",
            "--in-option",
            "sep=;",
            "--in-option",
            "schema=play_id BIGINT, country STRING, ms_played BIGINT",
            "--where",
            "country = 'SE'",
            "--out",
            out);
    assertThat(run.exitCode()).as(run.err()).isEqualTo(0);
    JsonNode p = profile(out);
    assertThat(p.get("rowCount").asLong()).isEqualTo(2);
    assertThat(p.get("fields")).hasSize(3);
    assertThat(field(p, "ms_played").get("type").asText()).containsIgnoringCase("long");
  }

  @Test
  void readsMultiLineJson() throws IOException {
    String out = out();
    CliRun run =
        CliRun.wick(
            "profile", "--in", json.toString(), "--in-option", "multiLine=true", "--out", out);
    assertThat(run.exitCode()).as(run.err()).isEqualTo(0);
    assertThat(profile(out).get("rowCount").asLong()).isEqualTo(3);
  }

  @Test
  void aFilterOverAnUnknownColumnIsOneSentence() {
    CliRun run =
        CliRun.wick("profile", "--in", json.toString(), "--where", "contry = 'SE'", "--out", out());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err().strip())
        .startsWith("error: The row filter \"contry = 'SE'\" is not a SQL predicate over " + json)
        .endsWith("; fix --where.")
        .doesNotContain("\n");
  }

  @Test
  void aFilterThatIsNotSqlIsOneSentence() {
    CliRun run =
        CliRun.wick("profile", "--in", json.toString(), "--where", "country = ", "--out", out());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err().strip()).startsWith("error: The row filter").endsWith("; fix --where.");
  }

  @Test
  void aBadSchemaOptionIsOneSentence() {
    CliRun run =
        CliRun.wick(
            "profile",
            "--in",
            csv.toString(),
            "--in-option",
            "schema=play_id BIGNUMBER",
            "--out",
            out());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err().strip())
        .startsWith("error: The reader option schema=\"play_id BIGNUMBER\" is not a schema (")
        .endsWith("in --in-option.")
        .doesNotContain("\n");
  }

  @Test
  void anOptionWithoutAValueIsRefused() {
    CliRun run =
        CliRun.wick("profile", "--in", csv.toString(), "--in-option", "=x", "--out", out());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err().strip())
        .isEqualTo("error: A reader option has an empty name; write --in-option as key=value.");
  }

  @Test
  void aDiffReadsEachSideWithItsOwnOptions() throws IOException {
    Path withHeader = dir.resolve("plays-with-header.csv");
    Files.writeString(
        withHeader, "play_id,country,ms_played\n1,SE,1000\n2,US,2000\n3,SE,3000\n4,GB,\n");
    String out = out();
    CliRun run =
        CliRun.wick(
            "diff",
            "--lhs",
            withHeader.toString(),
            "--rhs",
            csv.toString(),
            "--key",
            "play_id",
            "--rhs-option",
            "header=false",
            "--rhs-option",
            "sep=;",
            "--rhs-option",
            "schema=play_id INT, country STRING, ms_played INT",
            "--out",
            out);
    assertThat(run.exitCode()).as(run.err()).isEqualTo(0);
    JsonNode g = new ObjectMapper().readTree(Path.of(out, "summary.json").toFile()).get("global");
    assertThat(g.get("total").asLong()).isEqualTo(4);
    assertThat(g.get("same").asLong()).isEqualTo(4);
  }

  @Test
  void theFilterAppliesToChecksAndSamplesToo() throws IOException {
    Path checks = dir.resolve("checks.yaml");
    Files.writeString(checks, "checks:\n  - {check: rowCount, min: 3}\n");
    CliRun run =
        CliRun.wick(
            "check",
            "--in",
            json.toString(),
            "--in-option",
            "multiLine=true",
            "--where",
            "play_id > 1",
            "--checks",
            checks.toString(),
            "--out",
            out());
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err().strip())
        .isEqualTo(
            "dataset check failed: rowCount: the input has 2 rows; it must have at least 3 (set in "
                + checks
                + ").");

    String sample = out();
    CliRun sampled =
        CliRun.wick(
            "sample",
            "--in",
            json.toString(),
            "--in-option",
            "multiLine=true",
            "--where",
            "play_id > 1",
            "--fraction",
            "1",
            "--out",
            sample);
    assertThat(sampled.exitCode()).as(sampled.err()).isEqualTo(0);
    // Written in the input's format, JSON, one record a line.
    assertThat(sampled.out()).contains("records in   2\n").contains("records out  2");
    assertThat(
            WickSpark.local(2).read().json(sample).orderBy("play_id").collectAsList().stream()
                .map(r -> r.getLong(r.fieldIndex("play_id")) + " " + r.getAs("country"))
                .toList())
        .containsExactly("2 US", "3 SE");
  }
}
