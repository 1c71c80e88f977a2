package dev.wick.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wick.core.spark.WickSpark;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every reading command on real Delta Lake and Iceberg tables written here with several versions:
 * diffs across versions and snapshots, time travel by version, snapshot and time, profile, sample,
 * validate and check of a table, and the refusal of a table's folder read as plain Parquet.
 */
class LakeTablesTest {
  @TempDir static Path dir;
  static Path delta;
  static Path icebergWarehouse;
  static Path iceberg;
  static List<Long> snapshots;
  static List<Instant> commits;
  static Path version0;
  static Path version1;
  static final AtomicInteger RUNS = new AtomicInteger();

  @BeforeAll
  static void tables() throws Exception {
    SparkSession spark = WickSpark.local(2);
    delta = dir.resolve("delta-plays");
    // Version 0: 100 plays; version 1: plays 1-10 get 5 more seconds; version 2: 20 more plays.
    plays(spark, 0, 100, 0).write().format("delta").save(delta.toString());
    // A few milliseconds between commits leave a time at which version 0 is still current.
    Thread.sleep(50);
    plays(spark, 0, 100, 10).write().format("delta").mode("overwrite").save(delta.toString());
    Thread.sleep(50);
    plays(spark, 100, 120, 0).write().format("delta").mode("append").save(delta.toString());
    commits =
        spark
            .sql("DESCRIBE HISTORY delta.`" + delta + "`")
            .orderBy("version")
            .select("timestamp")
            .collectAsList()
            .stream()
            .map(r -> r.getTimestamp(0).toInstant())
            .toList();
    // The rows of versions 0 and 1, written apart from the table as plain Parquet.
    version0 = dir.resolve("version-0");
    plays(spark, 0, 100, 0).write().parquet(version0.toString());
    version1 = dir.resolve("version-1");
    plays(spark, 0, 100, 10).write().parquet(version1.toString());

    icebergWarehouse = dir.resolve("iceberg");
    spark.conf().set("spark.sql.catalog.wicklake", "org.apache.iceberg.spark.SparkCatalog");
    spark.conf().set("spark.sql.catalog.wicklake.type", "hadoop");
    spark.conf().set("spark.sql.catalog.wicklake.warehouse", icebergWarehouse.toUri().toString());
    spark.sql(
        "CREATE TABLE wicklake.db.plays (play_id BIGINT, user_id STRING, country STRING,"
            + " ms_played BIGINT) USING iceberg");
    plays(spark, 0, 50, 0).writeTo("wicklake.db.plays").append();
    spark.sql("DELETE FROM wicklake.db.plays WHERE play_id < 5");
    plays(spark, 50, 60, 0).writeTo("wicklake.db.plays").append();
    snapshots =
        spark
            .sql("SELECT snapshot_id FROM wicklake.db.plays.snapshots ORDER BY committed_at")
            .collectAsList()
            .stream()
            .map(r -> r.getLong(0))
            .toList();
    iceberg = icebergWarehouse.resolve("db").resolve("plays");
  }

  /** Plays {@code from} to {@code to}; the first {@code changed} last 5 s longer. */
  private static org.apache.spark.sql.Dataset<Row> plays(
      SparkSession spark, long from, long to, long changed) {
    return spark
        .range(from, to)
        .selectExpr(
            "id AS play_id",
            "concat('user-', id % 7) AS user_id",
            "element_at(array('SE', 'US', 'GB', 'DE'), CAST(id % 4 AS INT) + 1) AS country",
            "1000 * (id + 1) + IF(id < " + changed + ", 5000, 0) AS ms_played");
  }

  private static String out() {
    return dir.resolve("out-" + RUNS.incrementAndGet()).toString();
  }

  private static JsonNode json(String folder, String file) throws IOException {
    return new ObjectMapper().readTree(Path.of(folder, file).toFile());
  }

  @Test
  void diffsTwoVersionsOfADeltaTable() throws IOException {
    String out = out();
    CliRun run =
        CliRun.wick(
            "diff",
            "--lhs",
            "delta:" + delta + "@v0",
            "--rhs",
            "delta:" + delta + "@v1",
            "--key",
            "play_id",
            "--out",
            out);
    assertThat(run.exitCode()).as(run.err()).isEqualTo(0);
    JsonNode g = json(out, "summary.json").get("global");
    assertThat(g.get("total").asLong()).isEqualTo(100);
    assertThat(g.get("different").asLong()).isEqualTo(10);
    assertThat(g.get("same").asLong()).isEqualTo(90);
  }

  @Test
  void diffsAVersionWithTheNewestAndCountsTheAppendedPlays() throws IOException {
    String out = out();
    CliRun run =
        CliRun.wick(
            "diff",
            "--lhs",
            "delta:" + delta + "@v1",
            "--rhs",
            "delta:" + delta,
            "--key",
            "play_id",
            "--out",
            out);
    assertThat(run.exitCode()).as(run.err()).isEqualTo(0);
    JsonNode g = json(out, "summary.json").get("global");
    assertThat(g.get("same").asLong()).isEqualTo(100);
    assertThat(g.get("missingLhs").asLong()).isEqualTo(20);
  }

  /** Diffs {@code lhs} with {@code rhs} by play_id and returns the global counts. */
  private static JsonNode diff(String lhs, String rhs) throws IOException {
    String out = out();
    CliRun run = CliRun.wick("diff", "--lhs", lhs, "--rhs", rhs, "--key", "play_id", "--out", out);
    assertThat(run.exitCode()).as(run.err()).isEqualTo(0);
    return json(out, "summary.json").get("global");
  }

  @Test
  void readsTheVersionCurrentAtATime() throws IOException {
    assertThat(commits).hasSize(3);
    Instant v0 = commits.get(0);
    Instant v1 = commits.get(1);
    assertThat(v1).isAfter(v0.plusMillis(1));
    // Between the first two commits version 0 is current: its 100 plays, none lengthened.
    Instant between = v0.plusMillis(v0.until(v1, java.time.temporal.ChronoUnit.MILLIS) / 2);
    JsonNode atBetween = diff("delta:" + delta + "@" + between, version0.toString());
    assertThat(atBetween.get("total").asLong())
        .as("keys read at %s, where version 0 (100 plays) is current", between)
        .isEqualTo(100);
    assertThat(atBetween.get("same").asLong()).as("plays equal to version 0's").isEqualTo(100);
    // At the second commit's own time version 1 is current: plays 0-9 last 5 s longer.
    JsonNode atV1 = diff("delta:" + delta + "@" + v1, version1.toString());
    assertThat(atV1.get("total").asLong())
        .as("keys read at %s, where version 1 is current", v1)
        .isEqualTo(100);
    assertThat(atV1.get("same").asLong()).as("plays equal to version 1's").isEqualTo(100);
  }

  @Test
  void refusesATimeAfterTheNewestCommit() throws IOException {
    String out = out();
    CliRun run =
        CliRun.wick("profile", "--in", "delta:" + delta + "@2999-01-01T00:00:00Z", "--out", out);
    // Delta refuses a time after its newest commit rather than reading the newest version.
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err().strip())
        .startsWith("error: Cannot read delta:" + delta + " at 2999-01-01T00:00:00Z (")
        .endsWith("check that the version or time exists in the table's history.")
        .doesNotContain("\n");
  }

  @Test
  void profilesSamplesValidatesAndChecksADeltaTable() throws IOException {
    String profile = out();
    CliRun profiled = CliRun.wick("profile", "--in", "delta:" + delta + "@v1", "--out", profile);
    assertThat(profiled.exitCode()).as(profiled.err()).isEqualTo(0);
    assertThat(json(profile, "profile.json").get("rowCount").asLong()).isEqualTo(100);

    String sample = out();
    CliRun sampled =
        CliRun.wick(
            "sample",
            "--in",
            "delta:" + delta,
            "--fraction",
            "0.5",
            "--by",
            "user_id",
            "--out",
            sample);
    assertThat(sampled.exitCode()).as(sampled.err()).isEqualTo(0);
    // The newest version's plays whose user hashes below 0.5, as the sampler documents its hash.
    List<String> expected =
        WickSpark.local(2)
            .read()
            .format("delta")
            .load(delta.toString())
            .where(
                "shiftrightunsigned(xxhash64(CAST(42 AS BIGINT), user_id IS NULL, user_id), 11)"
                    + " / 9007199254740992D < 0.5D")
            .orderBy("play_id")
            .collectAsList()
            .stream()
            .map(Row::toString)
            .toList();
    List<String> kept =
        WickSpark.local(2).read().parquet(sample).orderBy("play_id").collectAsList().stream()
            .map(Row::toString)
            .toList();
    assertThat(expected).hasSizeBetween(1, 119);
    assertThat(kept).isEqualTo(expected);

    Path schema = dir.resolve("plays.avsc");
    Files.writeString(
        schema,
        """
        {"type": "record", "name": "Play", "fields": [
          {"name": "play_id", "type": "long"},
          {"name": "user_id", "type": "string"},
          {"name": "country", "type": "string", "wick.semantic": "country_code"},
          {"name": "ms_played", "type": "long"}]}
        """);
    String validated = out();
    CliRun valid =
        CliRun.wick(
            "validate",
            "--in",
            "delta:" + delta,
            "--schema",
            schema.toString(),
            "--out",
            validated);
    assertThat(valid.exitCode()).as(valid.err()).isEqualTo(0);
    assertThat(json(validated, "summary.json").get("valid").asLong()).isEqualTo(120);

    Path checks = dir.resolve("checks.yaml");
    Files.writeString(
        checks,
        """
        checks:
          - {check: rowCount, min: 100, max: 110}
          - {check: unique, fields: [play_id]}
        """);
    String checked = out();
    CliRun check =
        CliRun.wick(
            "check", "--in", "delta:" + delta, "--checks", checks.toString(), "--out", checked);
    assertThat(check.exitCode()).isEqualTo(1);
    assertThat(check.err().strip())
        .isEqualTo(
            "dataset check failed: rowCount: the input has 120 rows; it must have between 100 and"
                + " 110 (set in "
                + checks
                + ").");
  }

  @Test
  void refusesADeltaFolderReadAsParquet() {
    CliRun run = CliRun.wick("profile", "--in", delta.toString(), "--out", out());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err().strip())
        .isEqualTo(
            "error: Input "
                + delta
                + " is a Delta table; reading its files directly would include files its log no"
                + " longer lists, so read it as delta:"
                + delta
                + ".");
  }

  @Test
  void refusesAGlobInsideADeltaTable() {
    CliRun run = CliRun.wick("profile", "--in", delta + "/*.parquet", "--out", out());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("lies in " + delta + ", a Delta table").contains("delta:");
  }

  @Test
  void refusesAVersionTheTableDoesNotHave() {
    CliRun run = CliRun.wick("profile", "--in", "delta:" + delta + "@v9", "--out", out());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err().strip())
        .startsWith("error: Cannot read delta:" + delta + " at version 9 (")
        .doesNotContain("\n");
  }

  @Test
  void refusesAFolderThatIsNoDeltaTable() {
    CliRun run = CliRun.wick("profile", "--in", "delta:" + iceberg, "--out", out());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err().strip())
        .isEqualTo(
            "error: Input delta:"
                + iceberg
                + " is not a Delta table (it has no _delta_log folder); check the path, or read its"
                + " files without the 'delta:' prefix.");
  }

  @Test
  void refusesAMalformedVersion() {
    CliRun run = CliRun.wick("profile", "--in", "delta:" + delta + "@yesterday", "--out", out());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err().strip())
        .isEqualTo(
            "error: '@yesterday' in delta:"
                + delta
                + "@yesterday is not a version (@v12) or a time (@2026-11-30T00:00:00Z or"
                + " @2026-11-30); write one of those, or @latest for the newest version.");
  }

  @Test
  void refusesToWriteIntoTheTableItReads() {
    CliRun run =
        CliRun.wick(
            "profile", "--in", "delta:" + delta, "--out", delta.resolve("profile").toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("lies inside the input delta:" + delta);
  }

  @Test
  void diffsTwoSnapshotsOfAnIcebergTableByPath() throws IOException {
    assertThat(snapshots).hasSize(3);
    String out = out();
    CliRun run =
        CliRun.wick(
            "diff",
            "--lhs",
            "iceberg:" + iceberg + "@" + snapshots.get(0),
            "--rhs",
            "iceberg:" + iceberg + "@" + snapshots.get(2),
            "--key",
            "play_id",
            "--out",
            out);
    assertThat(run.exitCode()).as(run.err()).isEqualTo(0);
    JsonNode g = json(out, "summary.json").get("global");
    assertThat(g.get("same").asLong()).isEqualTo(45);
    assertThat(g.get("missingRhs").asLong()).isEqualTo(5);
    assertThat(g.get("missingLhs").asLong()).isEqualTo(10);
  }

  @Test
  void readsAnIcebergTableThroughItsCatalogWithAFilter() throws IOException {
    String out = out();
    CliRun run =
        CliRun.wick(
            "profile",
            "--conf",
            "spark.sql.catalog.wicklake=org.apache.iceberg.spark.SparkCatalog",
            "--conf",
            "spark.sql.catalog.wicklake.type=hadoop",
            "--conf",
            "spark.sql.catalog.wicklake.warehouse=" + icebergWarehouse.toUri(),
            "--in",
            "iceberg:wicklake.db.plays",
            "--where",
            "country = 'SE'",
            "--out",
            out);
    assertThat(run.exitCode()).as(run.err()).isEqualTo(0);
    // Plays 5-59 remain; every fourth (play_id % 4 == 0) is Swedish: 8, 12, ..., 56.
    assertThat(json(out, "profile.json").get("rowCount").asLong()).isEqualTo(13);
  }

  @Test
  void travelsAnIcebergTableToATime() throws IOException {
    Row first =
        WickSpark.local(2)
            .sql(
                "SELECT committed_at FROM wicklake.db.plays.snapshots ORDER BY committed_at"
                    + " LIMIT 1")
            .first();
    String at = first.getTimestamp(0).toInstant().toString();
    String out = out();
    CliRun run = CliRun.wick("profile", "--in", "iceberg:" + iceberg + "@" + at, "--out", out);
    assertThat(run.exitCode()).as(run.err()).isEqualTo(0);
    assertThat(json(out, "profile.json").get("rowCount").asLong()).isEqualTo(50);
  }

  @Test
  void refusesAnIcebergFolderReadAsParquet() {
    CliRun run = CliRun.wick("profile", "--in", iceberg.resolve("data").toString(), "--out", out());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .contains("lies in " + iceberg + ", an Iceberg table")
        .contains("iceberg:" + iceberg);
  }
}
