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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wick check --split} and {@code --mark} as a user runs them: the real main, exit codes, the
 * rows written beside checks.json and their reasons, and the one-sentence refusals.
 */
class CheckSplitCommandTest {
  @TempDir static Path dir;
  static SparkSession spark;
  static Path plays;
  static Path playsJson;
  static Path users;
  static final AtomicInteger RUNS = new AtomicInteger();

  static final String CHECKS =
      "references:\n  - {name: users, path: USERS}\nchecks:\n"
          + "  - {check: completeness, field: country, min: 0.5}\n"
          + "  - {check: unique, fields: [user_id], severity: warn}\n"
          + "  - {check: allowedValues, field: kind, values: [play, skip]}\n"
          + "  - {check: references, field: user_id, in: users.user_id}\n"
          + "  - {check: mean, field: ms, min: 0}\n";

  @BeforeAll
  static void data() {
    spark = WickSpark.local(2);
    Dataset<Row> rows =
        spark.sql(
            "SELECT * FROM VALUES"
                + " (1, 1, 'SE', 'play', 1000), (2, 2, 'US', 'play', 2000),"
                + " (3, 1, 'SE', 'skip', 3000), (4, 3, 'GB', 'play', 4000),"
                + " (5, 6, 'US', 'play', 5000), (6, 4, 'SE', 'skip', 6000),"
                + " (7, 5, NULL, 'play', 7000), (8, 9, 'XX', 'pause', 8000)"
                + " AS t(play_id, user_id, country, kind, ms)");
    plays = dir.resolve("plays");
    DatasetWriter.write(rows, plays.toString(), Format.PARQUET, false, List.of());
    playsJson = dir.resolve("plays-json");
    DatasetWriter.write(rows, playsJson.toString(), Format.JSON, false, List.of());
    users = dir.resolve("users");
    DatasetWriter.write(
        spark.range(1, 6).selectExpr("id AS user_id"),
        users.toString(),
        Format.PARQUET,
        false,
        List.of());
  }

  private static Path checksFile(String yaml) throws IOException {
    Path file = dir.resolve("checks" + RUNS.incrementAndGet() + ".yaml");
    Files.writeString(file, yaml.replace("USERS", users.toString()));
    return file;
  }

  private static CliRun check(Path in, Path checks, Path out, String... more) {
    return CliRun.wick(
        Stream.concat(
                Stream.of(
                    "check",
                    "--in",
                    in.toString(),
                    "--checks",
                    checks.toString(),
                    "--out",
                    out.toString()),
                Stream.of(more))
            .toArray(String[]::new));
  }

  @Test
  void splitWritesValidAndInvalidRowsWhoseCountsPerCheckAreThoseOfChecksJson() throws IOException {
    Path out = dir.resolve("split");
    CliRun run = check(plays, checksFile(CHECKS), out, "--split");
    // allowedValues and references, both errors, fail on play 8.
    assertThat(run.exitCode()).as(run.err()).isEqualTo(1);
    assertThat(run.err().lines()).hasSize(2);
    assertThat(run.out())
        .contains("3 rows passed every row-level check, 5 failed one or more.")
        .contains("(valid/, invalid/, checks.json, checks.html, summary.md).");

    Dataset<Row> valid = spark.read().parquet(out.resolve("valid").toString());
    Dataset<Row> invalid = spark.read().parquet(out.resolve("invalid").toString());
    assertThat(valid.columns()).containsExactly("play_id", "user_id", "country", "kind", "ms");
    assertThat(ids(valid)).containsExactlyInAnyOrder(4, 6, 2);
    assertThat(ids(invalid)).containsExactlyInAnyOrder(1, 3, 5, 7, 8);

    Map<String, Long> perCheck = new HashMap<>();
    for (Row row :
        invalid.selectExpr("explode(reasons) AS r").selectExpr("r.rule").collectAsList()) {
      perCheck.merge(row.getString(0), 1L, Long::sum);
    }
    JsonNode json = new ObjectMapper().readTree(out.resolve("checks.json").toFile());
    assertThat(json.get("invalidRows").asLong()).isEqualTo(5);
    assertThat(json.get("validRows").asLong()).isEqualTo(3);
    Map<String, Long> reported = new HashMap<>();
    for (JsonNode c : json.get("checks")) {
      if (c.has("invalidRows") && c.get("invalidRows").asLong() > 0) {
        reported.put(c.get("name").asText(), c.get("invalidRows").asLong());
      }
    }
    assertThat(reported)
        .isEqualTo(perCheck)
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "completeness(country)", 1L,
                "unique(user_id)", 2L,
                "allowedValues(kind)", 1L,
                "references(user_id in users.user_id)", 2L));
    assertThat(json.get("checks").get(4).has("invalidRows")).isFalse();
    Row eight = invalid.where("play_id = 8").selectExpr("reasons").first();
    assertThat(eight.<Row>getList(0).stream().map(r -> r.getString(1)).toList())
        .containsExactly("allowedValues(kind)", "references(user_id in users.user_id)");
  }

  @Test
  void markWritesEveryRowWithReasonsNullWhereItPasses() throws IOException {
    Path out = dir.resolve("mark");
    CliRun run = check(plays, checksFile(CHECKS), out, "--mark");
    assertThat(run.exitCode()).as(run.err()).isEqualTo(1);
    assertThat(run.out()).contains("(marked/, checks.json, checks.html, summary.md).");
    assertThat(out.resolve("valid")).doesNotExist();
    Dataset<Row> marked = spark.read().parquet(out.resolve("marked").toString());
    assertThat(marked.count()).isEqualTo(8);
    assertThat(ids(marked.where("reasons IS NULL"))).containsExactlyInAnyOrder(2, 4, 6);
    assertThat(ids(marked.where("size(reasons) > 0"))).containsExactlyInAnyOrder(1, 3, 5, 7, 8);
    JsonNode json = new ObjectMapper().readTree(out.resolve("checks.json").toFile());
    assertThat(json.get("invalidRows").asLong()).isEqualTo(5);
  }

  @Test
  void theRowsKeepAJsonInputsFormat() throws IOException {
    Path out = dir.resolve("split-json");
    CliRun run = check(playsJson, checksFile(CHECKS), out, "--split");
    assertThat(run.exitCode()).as(run.err()).isEqualTo(1);
    assertThat(spark.read().json(out.resolve("invalid").toString()).count()).isEqualTo(5);
    assertThat(spark.read().json(out.resolve("valid").toString()).count()).isEqualTo(3);
    try (Stream<Path> files = Files.list(out.resolve("valid"))) {
      assertThat(files.map(p -> p.getFileName().toString())).anyMatch(n -> n.endsWith(".json"));
    }
  }

  /** Only warnings and the invalid rows: the share of invalid rows alone decides the gate. */
  static final String WARN_ONLY =
      "checks:\n"
          + "  - {check: completeness, field: country, min: 0.5, severity: warn}\n"
          + "  - {check: allowedValues, field: kind, values: [play, skip], severity: warn}\n";

  @Test
  void maxInvalidFractionFailsTheGateWhenMoreRowsAreInvalidAndSaysSoEverywhere()
      throws IOException {
    // Plays 7 (no country) and 8 (kind pause) are invalid: 2 of 8 rows, 25%.
    Path failing = dir.resolve("fraction-fails");
    CliRun run =
        check(plays, checksFile(WARN_ONLY), failing, "--split", "--max-invalid-fraction", "0.2");
    assertThat(run.exitCode()).as(run.err()).isEqualTo(1);
    assertThat(run.err())
        .isEqualTo(
            "dataset check failed: 2 of 8 rows (25.00%) are invalid; at most 20.00% may be"
                + " (--max-invalid-fraction 0.2).\n");
    JsonNode json = new ObjectMapper().readTree(failing.resolve("checks.json").toFile());
    assertThat(json.get("passed").asBoolean()).isFalse();
    assertThat(json.get("invalidRows").asLong()).isEqualTo(2);
    assertThat(json.get("invalidFraction").asDouble()).isEqualTo(0.25);
    assertThat(json.get("maxInvalidFraction").asDouble()).isEqualTo(0.2);
    assertThat(spark.read().parquet(failing.resolve("invalid").toString()).count()).isEqualTo(2);
    assertThat(Files.readString(failing.resolve("checks.html")))
        .contains("6 passed every row-level check, 2 (25.00%) failed one or more")
        .contains("at most 20.00% may: <span class=\"fail\">over the bound</span>")
        .contains("<th>invalid rows</th>");

    Path passing = dir.resolve("fraction-passes");
    run = check(plays, checksFile(WARN_ONLY), passing, "--mark", "--max-invalid-fraction", "0.25");
    assertThat(run.exitCode()).as(run.err()).isZero();
    json = new ObjectMapper().readTree(passing.resolve("checks.json").toFile());
    assertThat(json.get("passed").asBoolean()).isTrue();
  }

  @Test
  void onARowFormatTheChecksRideOnTheSplitsWriteAndAreJudgedAsWithoutIt() throws IOException {
    Path checks = checksFile(WARN_ONLY);
    Path split = dir.resolve("json-one-pass");
    assertThat(check(playsJson, checks, split, "--split").exitCode()).isZero();
    Path plain = dir.resolve("json-no-split");
    assertThat(check(playsJson, checks, plain).exitCode()).isZero();
    JsonNode withSplit = new ObjectMapper().readTree(split.resolve("checks.json").toFile());
    JsonNode without = new ObjectMapper().readTree(plain.resolve("checks.json").toFile());
    // No read of the JSON for the checks alone: they ride on the split's first write (a row
    // format takes two, the invalid rows', then the valid rows'), and the warned check's examples
    // take one in both runs.
    assertThat(without.get("passes").asInt()).isEqualTo(2);
    assertThat(withSplit.get("passes").asInt()).isEqualTo(3);
    assertThat(withSplit.get("rows")).isEqualTo(without.get("rows"));
    for (int i = 0; i < 2; i++) {
      JsonNode a = withSplit.get("checks").get(i);
      JsonNode b = without.get("checks").get(i);
      for (String key : List.of("passed", "measured", "failing", "message")) {
        assertThat(a.get(key)).as(key).isEqualTo(b.get(key));
      }
    }
    assertThat(withSplit.get("invalidRows").asLong()).isEqualTo(2);
  }

  @Test
  void maxInvalidFractionWithoutRowsToCountIsOneSentenceAndExitTwo() throws IOException {
    Path out = dir.resolve("fraction-alone");
    CliRun run = check(plays, checksFile(WARN_ONLY), out, "--max-invalid-fraction", "0.1");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo(
            "error: --max-invalid-fraction judges the rows the checks split or mark; add --split"
                + " or --mark.\n");
    run = check(plays, checksFile(WARN_ONLY), out, "--split", "--max-invalid-fraction", "1.5");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo(
            "error: --max-invalid-fraction is 1.5; give a fraction between 0 and 1, such as 0.01"
                + " for 1%.\n");
    assertThat(out).doesNotExist();
  }

  @Test
  void splitAndMarkTogetherAreOneSentenceAndExitTwo() throws IOException {
    Path out = dir.resolve("both");
    CliRun run = check(plays, checksFile(CHECKS), out, "--split", "--mark");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo(
            "error: --split and --mark both write the rows; give one of them: --split for valid/"
                + " and invalid/, --mark for every row in marked/.\n");
    assertThat(out).doesNotExist();
  }

  @Test
  void onlyDatasetLevelChecksCannotSplitTheRows() throws IOException {
    Path out = dir.resolve("dataset-level");
    Path file =
        checksFile(
            "checks:\n  - {check: mean, field: ms, min: 0}\n  - {check: rowCount, min: 1}\n");
    for (String flag : List.of("--split", "--mark")) {
      CliRun run = check(plays, file, out, flag);
      assertThat(run.exitCode()).isEqualTo(2);
      assertThat(run.err())
          .isEqualTo(
              "error: The checks in checks file "
                  + file
                  + " judge the dataset as a whole, none of them a row, so there are no rows to"
                  + " split or mark; add a row-level check (completeness, unique, allowedValues,"
                  + " range, regex, semantic, predicate, references or freshness).\n");
      assertThat(out).doesNotExist();
    }
  }

  @Test
  void anExistingOutputIsKeptUnlessOverwriteIsGiven() throws IOException {
    Path out = dir.resolve("again");
    Path file = checksFile(CHECKS);
    assertThat(check(plays, file, out, "--split").exitCode()).isEqualTo(1);
    CliRun again = check(plays, file, out, "--split");
    assertThat(again.exitCode()).isEqualTo(2);
    assertThat(again.err().lines()).hasSize(1);
    assertThat(again.err()).startsWith("error: ").contains("--overwrite");
    CliRun over = check(plays, file, out, "--mark", "--overwrite");
    assertThat(over.exitCode()).as(over.err()).isEqualTo(1);
    assertThat(out.resolve("marked")).exists();
    assertThat(out.resolve("valid")).doesNotExist();
  }

  @Test
  void theOutputMayNotBeTheInput() throws IOException {
    CliRun run = check(plays, checksFile(CHECKS), plays.resolve("out"), "--split");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err().lines()).hasSize(1);
    assertThat(spark.read().parquet(plays.toString()).count()).isEqualTo(8);
  }

  @Test
  void anAllowedEmptyInputSplitsIntoEmptyParts() throws IOException {
    Path empty = dir.resolve("empty");
    DatasetWriter.write(
        spark.read().parquet(plays.toString()).limit(0),
        empty.toString(),
        Format.PARQUET,
        false,
        List.of());
    Path file = checksFile("checks:\n  - {check: completeness, field: country, min: 0.5}\n");
    Path split = dir.resolve("empty-split");
    CliRun run = check(empty, file, split, "--split", "--allow-empty");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(spark.read().parquet(split.resolve("valid").toString()).count()).isZero();
    assertThat(spark.read().parquet(split.resolve("invalid").toString()).count()).isZero();
    Path mark = dir.resolve("empty-mark");
    CliRun marked = check(empty, file, mark, "--mark", "--allow-empty");
    assertThat(marked.exitCode()).as(marked.err()).isZero();
    assertThat(spark.read().parquet(mark.resolve("marked").toString()).count()).isZero();
  }

  private static List<Integer> ids(Dataset<Row> rows) {
    return rows.select("play_id").collectAsList().stream()
        .map(r -> ((Number) r.get(0)).intValue())
        .toList();
  }
}
