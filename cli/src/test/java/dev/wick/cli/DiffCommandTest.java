package dev.wick.cli;

import static dev.wick.cli.CliRun.wick;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wick.core.spark.WickSpark;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wick diff} as a user runs it: the real main, real files, exit codes and outputs. */
class DiffCommandTest {
  @TempDir static Path tmp;
  private static String baseline;
  private static String candidate;
  private static String copy;

  /**
   * 200 plays; the candidate changes ms_played of 5 tracks (ids 10..50 step 10), misspells the
   * country of 3 (ids 7, 77, 177), drops tracks 198 and 199 and adds track 200.
   */
  @BeforeAll
  static void writeInputs() {
    SparkSession spark = WickSpark.local(2);
    baseline = tmp.resolve("baseline").toString();
    candidate = tmp.resolve("candidate").toString();
    copy = tmp.resolve("copy").toString();
    String plays =
        "SELECT id AS track_id, element_at(array('SE', 'US', 'BR'), CAST(id % 3 + 1 AS INT)) AS"
            + " country, id * 1000 AS ms_played, array('pop', 'rock') AS tags FROM range({rows})";
    spark.sql(plays.replace("{rows}", "200")).write().parquet(baseline);
    spark.sql(plays.replace("{rows}", "200")).write().parquet(copy);
    spark
        .sql(plays.replace("{rows}", "201"))
        .selectExpr(
            "track_id",
            "CASE WHEN track_id IN (7, 77, 177) THEN lower(country) ELSE country END AS country",
            "CASE WHEN track_id IN (10, 20, 30, 40, 50) THEN ms_played + 500 ELSE ms_played END"
                + " AS ms_played",
            "CASE WHEN track_id % 2 = 0 THEN array('rock', 'pop') ELSE tags END AS tags")
        .where("track_id NOT IN (198, 199)")
        .write()
        .parquet(candidate);
  }

  private static String out(String name) {
    return tmp.resolve(name).toString();
  }

  private static JsonNode summary(String dir) throws IOException {
    return new ObjectMapper().readTree(Path.of(dir, "summary.json").toFile());
  }

  @Test
  void printsAShortTableAndWritesTheReport() throws IOException {
    String dir = out("plain");
    CliRun run =
        wick(
            "diff",
            "--lhs",
            baseline,
            "--rhs",
            candidate,
            "--key",
            "track_id",
            "--out",
            dir,
            "--unordered",
            "tags");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .contains("11 of 201 keys differ (5.47%)")
        .containsPattern("different\\s+8\\s+3\\.98%")
        .containsPattern("missing in lhs\\s+1\\s+0\\.50%\\s+only in rhs")
        .containsPattern("missing in rhs\\s+2\\s+1\\.00%\\s+only in lhs")
        .containsPattern("ms_played\\s+5\\s+62\\.50%\\s+numeric\\s+500\\s+500\\s+500")
        .containsPattern("country\\s+3\\s+37\\.50%\\s+string\\s+2\\s+2\\s+2")
        .endsWith("report: " + Path.of(dir).toAbsolutePath() + "/report.html\n");
    assertThat(run.out().indexOf("ms_played")).isLessThan(run.out().indexOf("country  "));
    assertThat(Path.of(dir, "report.html")).isRegularFile();
    assertThat(Path.of(dir, "_SUCCESS")).exists();
    JsonNode s = summary(dir);
    assertThat(s.get("global").get("total").asLong()).isEqualTo(201);
    assertThat(s.get("global").get("same").asLong()).isEqualTo(190);
    assertThat(s.get("fields").get(0).get("field").asText()).isEqualTo("ms_played");
    assertThat(s.get("fields").get(0).get("delta").get("mean").asDouble()).isEqualTo(500.0);
    List<Row> keys = WickSpark.local(2).read().parquet(dir + "/keys").collectAsList();
    assertThat(keys).hasSize(11);
    assertThat(WickSpark.local(2).read().parquet(dir + "/fields").count()).isEqualTo(3);
  }

  @Test
  void failOnDiffExitsWithOneAndStillWritesTheDiff() throws IOException {
    String dir = out("gated");
    CliRun run =
        wick(
            "diff",
            "--lhs",
            baseline,
            "--rhs",
            candidate,
            "--key",
            "track_id",
            "--out",
            dir,
            "--fail-on-diff");
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).contains("diff check failed: 105 of 201 keys are not SAME");
    assertThat(run.out()).contains("report: ");
    assertThat(summary(dir).get("global").get("different").asLong()).isEqualTo(102);
  }

  @Test
  void maxDiffFractionGatesOnTheShareOfKeysThatDiffer() {
    String[] base = {"diff", "--lhs", baseline, "--rhs", candidate, "--key", "track_id"};
    CliRun loose =
        wick(
            concat(
                base, "--out", out("loose"), "--unordered", "tags", "--max-diff-fraction", "0.06"));
    assertThat(loose.exitCode()).as(loose.err()).isZero();
    CliRun strict =
        wick(
            concat(
                base,
                "--out",
                out("strict"),
                "--unordered",
                "tags",
                "--max-diff-fraction",
                "0.05"));
    assertThat(strict.exitCode()).isEqualTo(1);
    assertThat(strict.err())
        .isEqualTo(
            "diff check failed: 11 of 201 keys are not SAME (5.47%: 8 different, 2 only in lhs,"
                + " 1 only in rhs, 0 duplicated); at most 5.00% may be (--max-diff-fraction"
                + " 0.05).\n");
  }

  @Test
  void identicalOutputsPassTheGate() {
    CliRun run =
        wick(
            "diff",
            "--lhs",
            baseline,
            "--rhs",
            copy,
            "--key",
            "track_id",
            "--out",
            out("same"),
            "--fail-on-diff");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("all 200 keys are the same").doesNotContain("field ");
  }

  @Test
  void tolerancesIgnoredFieldsDuplicatesAndOtherFormats() throws IOException {
    String dupes = out("dupes");
    WickSpark.local(2)
        .read()
        .parquet(candidate)
        .union(WickSpark.local(2).read().parquet(candidate).where("track_id = 3"))
        .write()
        .parquet(dupes);
    String dir = out("rules");
    CliRun run =
        wick(
            "diff",
            "--lhs",
            baseline,
            "--rhs",
            dupes,
            "--key",
            "track_id",
            "--out",
            dir,
            "--tolerance",
            "ms_played=500",
            "--ignore",
            "country",
            "--unordered",
            "tags",
            "--duplicates",
            "report",
            "--include-same",
            "--format",
            "json");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).containsPattern("duplicated\\s+1\\s+0\\.50%\\s+lhs 0, rhs 1");
    JsonNode g = summary(dir).get("global");
    assertThat(g.get("different").asLong()).isZero();
    assertThat(g.get("same").asLong()).isEqualTo(197);
    assertThat(g.get("duplicateKeysRhs").asLong()).isEqualTo(1);
    assertThat(summary(dir).get("schema").get("ignored").get(0).asText()).isEqualTo("country");
    assertThat(WickSpark.local(2).read().json(dir + "/keys").count()).isEqualTo(200);
    assertThat(WickSpark.local(2).read().json(dir + "/duplicates").count()).isEqualTo(1);
  }

  @Test
  void emptyInputsWithoutAGateAreAnEmptyDiff() throws IOException {
    String empty = out("empty");
    WickSpark.local(2).read().parquet(baseline).limit(0).write().parquet(empty);
    String dir = out("empty-diff");
    CliRun run =
        wick(
            "diff",
            "--lhs",
            empty,
            "--rhs",
            empty + "/*.parquet",
            "--key",
            "track_id",
            "--out",
            dir);
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .contains("nothing to compare: both sides have no rows")
        .doesNotContain("are the same");
    assertThat(summary(dir).get("global").get("total").asLong()).isZero();
  }

  @Test
  void badInputFailsWithOneSentenceAndExitTwo() throws IOException {
    String renamed = out("renamed");
    String dupes = out("bad-dupes");
    SparkSession spark = WickSpark.local(2);
    spark
        .read()
        .parquet(baseline)
        .withColumnRenamed("track_id", "trackId")
        .write()
        .parquet(renamed);
    spark
        .read()
        .parquet(baseline)
        .union(spark.read().parquet(baseline).where("track_id < 3"))
        .write()
        .parquet(dupes);
    Files.createDirectories(tmp.resolve("taken"));

    assertUsage(
        wick("diff", "--lhs", baseline, "--rhs", candidate, "--key", "trackid", "--out", out("x1")),
        "Key field 'trackid' is not in the lhs",
        "did you mean 'track_id'?");
    assertUsage(
        wick("diff", "--lhs", baseline, "--rhs", renamed, "--key", "track_id", "--out", out("x2")),
        "Key field 'track_id' is not in the rhs (" + renamed + ")",
        "did you mean 'trackId'?");
    assertUsage(
        wick("diff", "--lhs", baseline, "--rhs", dupes, "--key", "track_id", "--out", out("x4")),
        "Key (track_id) is not unique: 0 keys in the lhs",
        "3 keys in the rhs",
        "--duplicates report");
    assertThat(tmp.resolve("x4")).doesNotExist();
    assertUsage(
        wick(
            "diff",
            "--lhs",
            baseline,
            "--rhs",
            baseline + "/",
            "--key",
            "track_id",
            "--out",
            out("x5")),
        "--lhs and --rhs are the same dataset");
    assertUsage(
        wick(
            "diff",
            "--lhs",
            baseline,
            "--rhs",
            candidate,
            "--key",
            "track_id",
            "--out",
            out("taken")),
        "already exists; pass --overwrite");
    assertUsage(
        wick(
            "diff",
            "--lhs",
            out("nowhere"),
            "--rhs",
            candidate,
            "--key",
            "track_id",
            "--out",
            out("x6")),
        "does not exist");
    assertUsage(
        wick(
            "diff",
            "--lhs",
            baseline,
            "--rhs",
            candidate,
            "--key",
            "track_id",
            "--out",
            out("x7"),
            "--duplicates",
            "keep"),
        "--duplicates must be fail or report, got 'keep'.");
    assertUsage(
        wick(
            "diff",
            "--lhs",
            baseline,
            "--rhs",
            candidate,
            "--key",
            "track_id",
            "--out",
            out("x8"),
            "--tolerance",
            "ms_played=lots"),
        "--tolerance");
    assertUsage(
        wick(
            "diff",
            "--lhs",
            baseline,
            "--rhs",
            candidate,
            "--key",
            "track_id",
            "--out",
            out("x9"),
            "--max-diff-fraction",
            "2"),
        "--max-diff-fraction must be between 0 and 1, got 2.0.");
    assertUsage(
        wick(
            "diff",
            "--lhs",
            baseline,
            "--rhs",
            candidate,
            "--key",
            "track_id",
            "--out",
            out("x10"),
            "--out-format",
            "csv"),
        "--out-format csv cannot hold the diff's lists of fields");
    assertUsage(
        wick(
            "diff",
            "--lhs",
            baseline,
            "--rhs",
            candidate,
            "--key",
            "track_id",
            "--out",
            out("x11"),
            "--fail-on-diff",
            "--max-diff-fraction",
            "0.1"),
        "mutually exclusive");
  }

  private static void assertUsage(CliRun run, String... fragments) {
    assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(2);
    assertThat(run.err()).startsWith("error: ").contains(fragments).doesNotContain("\tat ");
    assertThat(run.out()).isEmpty();
  }

  private static String[] concat(String[] a, String... b) {
    String[] out = new String[a.length + b.length];
    System.arraycopy(a, 0, out, 0, a.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
