package dev.wick.cli;

import static dev.wick.cli.CliRun.wick;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wick.core.spark.WickSpark;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wick diff}'s deeper comparisons through the real main: arrays of records matched by
 * element key, comparators, keyless diffs, typed rows of missing keys, filters and samples.
 */
class DiffDepthCommandTest {
  @TempDir static Path tmp;
  private static String sessionsLhs;
  private static String sessionsRhs;
  private static String eventsLhs;
  private static String eventsRhs;

  /**
   * 100 sessions of 3 plays each (tracks t0, t1, t2 with ms_played 1000 * track). The candidate
   * reverses every session's plays; in sessions 10 and 20 t1's ms_played is 7 more; session 30
   * drops t2; session 40 gets another play t9; session 50 repeats t0.
   */
  @BeforeAll
  static void writeInputs() {
    SparkSession spark = WickSpark.local(2);
    sessionsLhs = tmp.resolve("sessions-lhs").toString();
    sessionsRhs = tmp.resolve("sessions-rhs").toString();
    String plays =
        "SELECT id AS session, transform(sequence(0, 2), i -> named_struct('track_id',"
            + " concat('t', i), 'ms_played', i * 1000L)) AS plays FROM range(100)";
    spark.sql(plays).write().parquet(sessionsLhs);
    spark
        .sql(plays)
        .selectExpr(
            "session",
            "CASE WHEN session IN (10, 20) THEN transform(reverse(plays), p ->"
                + " named_struct('track_id', p.track_id, 'ms_played', IF(p.track_id = 't1',"
                + " p.ms_played + 7, p.ms_played)))"
                + " WHEN session = 30 THEN filter(plays, p -> p.track_id != 't2')"
                + " WHEN session = 40 THEN concat(plays, array(named_struct('track_id', 't9',"
                + " 'ms_played', 5L)))"
                + " WHEN session = 50 THEN concat(plays, slice(plays, 1, 1))"
                + " ELSE reverse(plays) END AS plays")
        .write()
        .parquet(sessionsRhs);
    eventsLhs = tmp.resolve("events-lhs").toString();
    eventsRhs = tmp.resolve("events-rhs").toString();
    spark
        .sql(
            "SELECT id, timestamp_seconds(1700000000 + id) AS started_at, 'Oslo' AS city,"
                + " IF(id = 0, double('NaN'), id * 1.0D) AS score FROM range(10)")
        .write()
        .parquet(eventsLhs);
    // started_at moves 3 s (ids 0-4) or 8 s (ids 5-6); city is upper-cased for even ids and
    // padded for id 3.
    spark
        .sql(
            "SELECT id, timestamp_seconds(1700000000 + id + CASE WHEN id < 5 THEN 3 WHEN id < 7"
                + " THEN 8 ELSE 0 END) AS started_at, CASE WHEN id % 2 = 0 THEN 'OSLO' WHEN id = 3"
                + " THEN ' Oslo ' ELSE 'Oslo' END AS city, IF(id = 0, double('NaN'), id * 1.0D)"
                + " AS score FROM range(10)")
        .write()
        .parquet(eventsRhs);
  }

  private static String out(String name) {
    return tmp.resolve(name).toString();
  }

  private static JsonNode summary(String dir) throws IOException {
    return new ObjectMapper().readTree(Path.of(dir, "summary.json").toFile());
  }

  private static String[] args(String... more) {
    List<String> all = new ArrayList<>(List.of("diff", "--lhs", sessionsLhs, "--rhs", sessionsRhs));
    all.addAll(List.of(more));
    return all.toArray(new String[0]);
  }

  @Test
  void arraysOfRecordsMatchByElementKey() throws IOException {
    String dir = out("by-key");
    CliRun run = wick(args("--key", "session", "--unordered", "plays:track_id", "--out", dir));
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .contains("5 of 100 keys differ (5.00%)")
        .containsPattern("plays\\[\\]\\.ms_played\\s+2\\s+40\\.00%\\s+numeric\\s+7\\s+7\\s+7")
        .contains(
            "plays[] by track_id: 1 elements only in lhs, 1 only in rhs; 1 keys not matched (a"
                + " null or repeated track_id)");
    JsonNode s = summary(dir);
    assertThat(s.get("global").get("different").asLong()).isEqualTo(5);
    JsonNode arrays = s.get("arrays").get(0);
    assertThat(arrays.get("field").asText()).isEqualTo("plays");
    assertThat(arrays.get("onlyLhs").asLong()).isEqualTo(1);
    assertThat(arrays.get("onlyRhs").asLong()).isEqualTo(1);
    assertThat(arrays.get("unmatched").asLong()).isEqualTo(1);
    List<Row> keys = WickSpark.local(2).read().parquet(dir + "/keys").collectAsList();
    List<String> entries = new ArrayList<>();
    for (Row k : keys) {
      for (Row f : k.<Row>getList(k.fieldIndex("fields"))) {
        entries.add(
            k.getAs("session")
                + " "
                + f.getAs("field")
                + " "
                + f.getAs("element")
                + " "
                + f.getAs("left")
                + " "
                + f.getAs("right"));
      }
    }
    assertThat(entries)
        .containsExactlyInAnyOrder(
            "10 plays[].ms_played track_id=t1 1000 1007",
            "20 plays[].ms_played track_id=t1 1000 1007",
            "30 plays[] track_id=t2 {\"track_id\":\"t2\",\"ms_played\":2000} null",
            "40 plays[] track_id=t9 null {\"track_id\":\"t9\",\"ms_played\":5}",
            "50 plays a null or repeated track_id in rhs"
                + " [{\"track_id\":\"t0\",\"ms_played\":0},{\"track_id\":\"t1\",\"ms_played\":1000},"
                + "{\"track_id\":\"t2\",\"ms_played\":2000}]"
                + " [{\"track_id\":\"t0\",\"ms_played\":0},{\"track_id\":\"t1\",\"ms_played\":1000},"
                + "{\"track_id\":\"t2\",\"ms_played\":2000},{\"track_id\":\"t0\",\"ms_played\":0}]");
    assertThat(Path.of(dir, "report.html")).content().contains("Arrays matched by element key");
  }

  @Test
  void anUnmatchedArrayFailsTheGate() {
    CliRun run =
        wick(
            args(
                "--key",
                "session",
                "--unordered",
                "plays:track_id",
                "--out",
                out("by-key-gated"),
                "--max-diff-fraction",
                "0.04"));
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).contains("5 of 100 keys are not SAME");
  }

  private static String[] events(String... more) {
    List<String> all = new ArrayList<>(List.of("diff", "--lhs", eventsLhs, "--rhs", eventsRhs));
    all.addAll(List.of(more));
    return all.toArray(new String[0]);
  }

  @Test
  void comparatorsForTimestampsTextAndNan() throws IOException {
    CliRun exact = wick(events("--key", "id", "--out", out("events-exact")));
    assertThat(exact.exitCode()).as(exact.err()).isZero();
    assertThat(exact.out()).contains("8 of 10 keys differ");
    String dir = out("events-tolerant");
    CliRun tolerant =
        wick(
            events(
                "--key",
                "id",
                "--out",
                dir,
                "--tolerance",
                "started_at=5s",
                "--ignore-case",
                "city",
                "--trim",
                "city"));
    assertThat(tolerant.exitCode()).as(tolerant.err()).isZero();
    assertThat(tolerant.out())
        .contains("2 of 10 keys differ (20.00%)")
        .containsPattern("started_at\\s+2\\s+100\\.00%");
    assertThat(summary(dir).get("fields").get(0).get("field").asText()).isEqualTo("started_at");
    CliRun caseOnly =
        wick(
            events(
                "--key",
                "id",
                "--out",
                out("events-case"),
                "--ignore",
                "started_at",
                "--ignore-case",
                "city"));
    assertThat(caseOnly.out()).contains("1 of 10 keys differ");
    CliRun nan =
        wick(
            events(
                "--key",
                "id",
                "--out",
                out("events-nan"),
                "--ignore",
                "started_at,city",
                "--nan-equal",
                "false",
                "--fail-on-diff"));
    assertThat(nan.exitCode()).isEqualTo(1);
    assertThat(nan.out())
        .contains("1 of 10 keys differ")
        .containsPattern("score\\s+1\\s+100\\.00%");
    CliRun badTolerance =
        wick(events("--key", "id", "--out", out("events-bad"), "--tolerance", "started_at=5 sec"));
    assertThat(badTolerance.exitCode()).isEqualTo(2);
    assertThat(badTolerance.err())
        .isEqualTo(
            "error: --tolerance for 'started_at' must be a number, or a duration such as 5s or"
                + " 2d, got '5 sec'.\n");
    CliRun numberOnTime =
        wick(events("--key", "id", "--out", out("events-bad2"), "--tolerance", "started_at=5"));
    assertThat(numberOnTime.exitCode()).isEqualTo(2);
    assertThat(numberOnTime.err())
        .contains("Tolerance on 'started_at' cannot apply: it is a timestamp");
  }

  @Test
  void withoutKeyRowsCompareAsMultisets() throws IOException {
    CliRun same = wick(events("--out", out("keyless-same"), "--ignore", "started_at,city"));
    assertThat(same.exitCode()).as(same.err()).isZero();
    assertThat(same.out())
        .contains("no key: rows compared as multisets")
        .contains("all 10 rows are the same in the compared fields");
    String dir = out("keyless");
    CliRun differ = wick(events("--out", dir, "--fail-on-diff"));
    assertThat(differ.exitCode()).isEqualTo(1);
    assertThat(differ.out())
        .contains("16 of 18 rows differ (88.89%)")
        .containsPattern("missing in lhs\\s+8\\s+44\\.44%\\s+only in rhs")
        .contains("only in lhs: {\"id\":");
    assertThat(differ.err())
        .contains(
            "16 of 18 rows are not SAME (88.89%: 8 only in lhs, 8 only in rhs, duplicates"
                + " counted); none may be (--fail-on-diff).");
    JsonNode s = summary(dir);
    assertThat(s.get("keys")).isEmpty();
    assertThat(s.get("global").get("same").asLong()).isEqualTo(2);
    assertThat(s.get("rows").get(0).get("diff").asText()).isEqualTo("MISSING_RHS");
    List<Row> keys = WickSpark.local(2).read().parquet(dir + "/keys").collectAsList();
    assertThat(keys).hasSize(16);
    assertThat(keys.get(0).schema().apply("started_at").dataType().typeName())
        .isEqualTo("timestamp");
    CliRun refused = wick(events("--out", out("keyless-bad"), "--tolerance", "score=1"));
    assertThat(refused.exitCode()).isEqualTo(2);
    assertThat(refused.err())
        .isEqualTo(
            "error: A diff without key fields compares whole rows as they are, so it cannot apply"
                + " tolerances; name the key fields to use them.\n");
  }

  @Test
  void filtersAndTheTypedRowsOfMissingKeys() {
    String dir = out("filtered");
    CliRun run =
        wick(
            events(
                "--key",
                "id",
                "--out",
                dir,
                "--where",
                "id >= 5",
                "--rhs-where",
                "id < 8",
                "--lhs-where",
                "city = 'Oslo'"));
    assertThat(run.exitCode()).as(run.err()).isZero();
    // lhs: 5..9; rhs: 5, 6, 7. Keys 8 and 9 are only in the lhs; 5 and 6 moved by 8 s.
    assertThat(run.out())
        .contains("4 of 5 keys differ")
        .containsPattern("missing in rhs\\s+2\\s+40\\.00%");
    List<Row> keys =
        WickSpark.local(2)
            .read()
            .parquet(dir + "/keys")
            .filter("diff = 'MISSING_RHS'")
            .orderBy("id")
            .collectAsList();
    assertThat(keys).hasSize(2);
    Row row = keys.get(0).getStruct(keys.get(0).fieldIndex("row"));
    assertThat(row.schema().fieldNames()).containsExactly("started_at", "city", "score");
    assertThat(row.schema().apply("started_at").dataType().typeName()).isEqualTo("timestamp");
    assertThat(row.<java.sql.Timestamp>getAs("started_at").getTime() / 1000).isEqualTo(1700000008L);
    assertThat((Double) row.getAs("score")).isEqualTo(8.0);
    CliRun bad = wick(events("--key", "id", "--out", out("filtered-bad"), "--where", "nope > 1"));
    assertThat(bad.exitCode()).isEqualTo(2);
    assertThat(bad.err())
        .startsWith("error: Filter 'nope > 1' is not a condition Spark can apply to the lhs: ")
        .contains("`nope`")
        .doesNotContain("\tat ");
    assertThat(bad.err().strip().lines()).hasSize(1);
    CliRun notBoolean =
        wick(events("--key", "id", "--out", out("filtered-bad2"), "--rhs-where", "id + 1"));
    assertThat(notBoolean.exitCode()).isEqualTo(2);
    assertThat(notBoolean.err()).startsWith("error: Filter 'id + 1' is not a condition");
    CliRun unparsable =
        wick(events("--key", "id", "--out", out("filtered-bad3"), "--where", "id >"));
    assertThat(unparsable.exitCode()).isEqualTo(2);
    assertThat(unparsable.err().strip().lines()).hasSize(1);
  }

  @Test
  void aDiffOfASampleGatesOnTheUpperBound() throws IOException {
    String big = tmp.resolve("big-lhs").toString();
    String bigRhs = tmp.resolve("big-rhs").toString();
    SparkSession spark = WickSpark.local(2);
    spark.range(20_000).selectExpr("id", "id AS v").write().parquet(big);
    spark.range(20_000).selectExpr("id", "IF(id % 25 = 0, -1, id) AS v").write().parquet(bigRhs);
    String[] base = {"diff", "--lhs", big, "--rhs", bigRhs, "--key", "id"};
    String dir = out("sampled");
    CliRun sampled =
        wick(
            concat(
                base,
                "--out",
                dir,
                "--sample",
                "0.2",
                "--seed",
                "3",
                "--max-diff-fraction",
                "0.045"));
    assertThat(sampled.exitCode()).as(sampled.out()).isEqualTo(1);
    assertThat(sampled.out())
        .contains("sample: 20.00% of the keys by key hash (seed 3)")
        .containsPattern("notSame\\s+\\d\\.\\d\\d%\\s+\\[\\d\\.\\d\\d%, \\d\\.\\d\\d%\\]")
        .containsPattern("\\n  v\\s+");
    assertThat(sampled.err())
        .startsWith("diff check failed: On a 20.00% sample of the keys (seed 3), ")
        .contains("whose upper bound is above the allowed 4.50%");
    JsonNode s = summary(dir);
    long keys = s.get("sample").get("keys").asLong();
    assertThat(keys).isEqualTo(s.get("global").get("total").asLong()).isBetween(3_600L, 4_400L);
    JsonNode notSame = s.get("sample").get("categories").get(0);
    assertThat(notSame.get("name").asText()).isEqualTo("notSame");
    assertThat(notSame.get("low").asDouble()).isLessThan(0.04);
    assertThat(notSame.get("high").asDouble()).isGreaterThan(0.045);
    assertThat(Path.of(dir, "report.html")).content().contains("what it says of all keys");
    // The same keys as wick sample --by id keeps.
    String picked = out("picked");
    CliRun sample =
        wick(
            "sample",
            "--in",
            big,
            "--out",
            picked,
            "--fraction",
            "0.2",
            "--by",
            "id",
            "--seed",
            "3");
    assertThat(sample.exitCode()).as(sample.err()).isZero();
    assertThat(spark.read().parquet(picked).count()).isEqualTo(keys);
    CliRun loose =
        wick(
            concat(
                base,
                "--out",
                out("sampled-loose"),
                "--sample",
                "0.2",
                "--seed",
                "3",
                "--max-diff-fraction",
                "0.06"));
    assertThat(loose.exitCode()).as(loose.err()).isZero();
    CliRun bad = wick(concat(base, "--out", out("sampled-bad"), "--sample", "1.5"));
    assertThat(bad.exitCode()).isEqualTo(2);
    assertThat(bad.err()).isEqualTo("error: --sample must be in (0, 1], got 1.5.\n");
  }

  private static String[] concat(String[] a, String... b) {
    List<String> all = new ArrayList<>(List.of(a));
    all.addAll(List.of(b));
    return all.toArray(new String[0]);
  }

  @Test
  void badElementKeysAreOneLineUsageErrors() {
    CliRun unknown =
        wick(args("--key", "session", "--unordered", "plays:track", "--out", out("bad-1")));
    assertThat(unknown.exitCode()).isEqualTo(2);
    assertThat(unknown.err())
        .startsWith("error: Element key 'track' is not a compared field of the elements of 'plays'")
        .doesNotContain("\tat ");
    CliRun notRecords =
        wick(args("--key", "plays", "--unordered", "session:x", "--out", out("bad-2")));
    assertThat(notRecords.exitCode()).isEqualTo(2);
  }
}
