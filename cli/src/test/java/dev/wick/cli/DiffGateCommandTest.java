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
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The diff gate never passes what it did not compare: schema changes, duplicated keys, numbers
 * beyond double precision, widened types and empty inputs, through the real {@code wick} main.
 */
class DiffGateCommandTest {
  @TempDir static Path tmp;
  private static String baseline;

  /** 30 plays: track_id, country, listeners (int), ms_played (long). */
  @BeforeAll
  static void writeBaseline() {
    baseline = write("baseline", "SELECT * FROM plays");
  }

  private static String write(String name, String sql) {
    SparkSession spark = WickSpark.local(2);
    spark
        .sql(
            "SELECT id AS track_id, element_at(array('SE', 'US', 'BR'), CAST(id % 3 + 1 AS INT)) AS"
                + " country, CAST(id * 10 AS INT) AS listeners, id * 1000 AS ms_played"
                + " FROM range(30)")
        .createOrReplaceTempView("plays");
    String path = tmp.resolve(name).toString();
    spark.sql(sql).write().parquet(path);
    return path;
  }

  private static CliRun diff(String rhs, String outName, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "diff",
                "--lhs",
                baseline,
                "--rhs",
                rhs,
                "--key",
                "track_id",
                "--out",
                tmp.resolve(outName).toString()));
    args.addAll(List.of(more));
    return wick(args.toArray(new String[0]));
  }

  private static JsonNode summary(String outName) throws IOException {
    return new ObjectMapper().readTree(tmp.resolve(outName).resolve("summary.json").toFile());
  }

  @Test
  void aRenamedColumnFailsTheGateUnlessAccepted() throws IOException {
    String renamed =
        write("renamed", "SELECT track_id, country, listeners AS Listeners, ms_played FROM plays");
    CliRun run = diff(renamed, "renamed-diff", "--fail-on-diff");
    assertThat(run.exitCode()).as(run.err()).isEqualTo(1);
    assertThat(run.err())
        .isEqualTo(
            "diff check failed: Field 'listeners' is only in the lhs (likely renamed to"
                + " 'Listeners'), so it was not compared (accept it with --allow-schema-change, or"
                + " leave the field out with --ignore).\n"
                + "diff check failed: Field 'Listeners' is only in the rhs, so it was not compared"
                + " (accept it with --allow-schema-change, or leave the field out with"
                + " --ignore).\n");
    // The schema comes first, and the headline does not call the output the same.
    assertThat(run.out())
        .contains(
            "schema changed:\n"
                + "  only in lhs, not compared: listeners\n"
                + "  only in rhs, not compared: Listeners\n"
                + "  likely renamed: listeners -> Listeners\n"
                + "all 30 keys are the same in the compared fields; the schema changed (above)\n");
    JsonNode schema = summary("renamed-diff").get("schema");
    assertThat(schema.get("changed").asBoolean()).isTrue();
    assertThat(schema.get("onlyLhs").toString()).isEqualTo("[\"listeners\"]");
    assertThat(schema.get("onlyRhs").toString()).isEqualTo("[\"Listeners\"]");
    assertThat(schema.get("likelyRenames").toString())
        .isEqualTo("[{\"lhs\":\"listeners\",\"rhs\":\"Listeners\"}]");
    assertThat(summary("renamed-diff").fieldNames().next()).isEqualTo("keys");

    CliRun accepted = diff(renamed, "renamed-accepted", "--fail-on-diff", "--allow-schema-change");
    assertThat(accepted.exitCode()).as(accepted.err()).isZero();
    assertThat(accepted.err()).isEmpty();
    CliRun ignored =
        diff(renamed, "renamed-ignored", "--fail-on-diff", "--ignore", "listeners,Listeners");
    assertThat(ignored.exitCode()).as(ignored.err()).isZero();
  }

  @Test
  void aDroppedColumnFailsTheFractionGateToo() throws IOException {
    String dropped = write("dropped", "SELECT track_id, country, ms_played FROM plays");
    CliRun run = diff(dropped, "dropped-diff", "--max-diff-fraction", "0.5");
    assertThat(run.exitCode()).as(run.err()).isEqualTo(1);
    assertThat(run.err())
        .isEqualTo(
            "diff check failed: Field 'listeners' is only in the lhs, so it was not compared"
                + " (accept it with --allow-schema-change, or leave the field out with"
                + " --ignore).\n");
    assertThat(summary("dropped-diff").get("schema").get("onlyLhs").toString())
        .isEqualTo("[\"listeners\"]");
  }

  @Test
  void duplicatedKeysUnderReportCountAgainstTheGate() throws IOException {
    String doubled = write("doubled", "SELECT * FROM plays UNION ALL SELECT * FROM plays");
    CliRun run = diff(doubled, "doubled-diff", "--duplicates", "report", "--fail-on-diff");
    assertThat(run.exitCode()).as(run.err()).isEqualTo(1);
    assertThat(run.out())
        .contains("30 of 30 keys differ (100.00%, 30 duplicated)")
        .doesNotContain("are the same");
    assertThat(run.err())
        .isEqualTo(
            "diff check failed: 30 of 30 keys are not SAME (100.00%: 0 different, 0 only in lhs,"
                + " 0 only in rhs, 30 duplicated); none may be (--fail-on-diff).\n");
    JsonNode g = summary("doubled-diff").get("global");
    assertThat(g.get("duplicateKeys").asLong()).isEqualTo(30);
    assertThat(g.get("same").asLong()).isZero();
  }

  @Test
  void nullKeysAreClassifiedAndCountedByTheGate() throws IOException {
    String lhs =
        write("null-lhs", "SELECT CAST(NULL AS BIGINT) AS track_id, 'SE' AS country FROM range(1)");
    String rhs =
        write("null-rhs", "SELECT CAST(NULL AS BIGINT) AS track_id, 'US' AS country FROM range(1)");
    CliRun run =
        wick(
            "diff",
            "--lhs",
            lhs,
            "--rhs",
            rhs,
            "--key",
            "track_id",
            "--out",
            tmp.resolve("null-diff").toString(),
            "--fail-on-diff");
    assertThat(run.exitCode()).as(run.err()).isEqualTo(1);
    assertThat(run.out())
        .containsPattern(
            "null key parts\\s+1\\s+100\\.00%\\s+matched null-safely, classified like any key");
    assertThat(run.err())
        .isEqualTo(
            "diff check failed: 1 of 1 keys are not SAME (100.00%: 1 different, 0 only in lhs, 0"
                + " only in rhs, 0 duplicated); none may be (--fail-on-diff).\n");
    assertThat(summary("null-diff").get("global").get("nullKeys").asLong()).isEqualTo(1);
  }

  @Test
  void tolerancesOnLongsCompareBeyondDoublePrecision() throws IOException {
    String lhs = write("big-lhs", "SELECT 1L AS track_id, 9007199254740993L AS x FROM range(1)");
    String rhs = write("big-rhs", "SELECT 1L AS track_id, 9007199254740992L AS x FROM range(1)");
    String[] base = {"diff", "--lhs", lhs, "--rhs", rhs, "--key", "track_id", "--fail-on-diff"};
    CliRun strict =
        wick(concat(base, "--out", tmp.resolve("big-0").toString(), "--tolerance", "x=0"));
    assertThat(strict.exitCode()).as(strict.err()).isEqualTo(1);
    assertThat(strict.out()).contains("1 of 1 keys differ (100.00%)");
    assertThat(summary("big-0").get("fields").get(0).get("field").asText()).isEqualTo("x");
    assertThat(summary("big-0").get("fields").get(0).get("different").asLong()).isEqualTo(1);
    CliRun loose =
        wick(concat(base, "--out", tmp.resolve("big-1").toString(), "--tolerance", "x=1"));
    assertThat(loose.exitCode()).as(loose.err()).isZero();
  }

  @Test
  void aWidenedTypeIsComparedByValueAndReportedAsASchemaChange() throws IOException {
    String widened =
        write(
            "widened",
            "SELECT track_id, country, CAST(listeners AS BIGINT) + CAST(track_id = 7 AS INT) AS"
                + " listeners, ms_played FROM plays");
    CliRun run = diff(widened, "widened-diff", "--fail-on-diff");
    assertThat(run.exitCode()).as(run.err()).isEqualTo(1);
    assertThat(run.out())
        .contains("  type changed: listeners int -> long (compared in the wider type)\n")
        .contains("1 of 30 keys differ (3.33%); the schema changed (above)");
    assertThat(run.err())
        .isEqualTo(
            "diff check failed: Field 'listeners' is int in the lhs but long in the rhs (values"
                + " compared in the wider type) (accept it with --allow-schema-change, or leave"
                + " the field out with --ignore).\n"
                + "diff check failed: 1 of 30 keys are not SAME (3.33%: 1 different, 0 only in"
                + " lhs, 0 only in rhs, 0 duplicated); none may be (--fail-on-diff).\n");
    JsonNode change = summary("widened-diff").get("schema").get("typeChanges").get(0);
    assertThat(change.toString())
        .isEqualTo(
            "{\"field\":\"listeners\",\"lhsType\":\"int\",\"rhsType\":\"long\",\"compared\":true}");
    CliRun accepted =
        diff(widened, "widened-accepted", "--max-diff-fraction", "0.05", "--allow-schema-change");
    assertThat(accepted.exitCode()).as(accepted.err()).isZero();
  }

  @Test
  void anIncompatibleTypeIsReportedNotComparedAndFails() throws IOException {
    String retyped =
        write(
            "retyped",
            "SELECT track_id, country, listeners, CAST(ms_played AS STRING) AS ms_played FROM"
                + " plays");
    CliRun run = diff(retyped, "retyped-diff", "--fail-on-diff");
    assertThat(run.exitCode()).as(run.err()).isEqualTo(1);
    assertThat(run.err())
        .isEqualTo(
            "diff check failed: Field 'ms_played' is long in the lhs but string in the rhs,"
                + " which cannot be compared, so it was not (accept it with --allow-schema-change,"
                + " or leave the field out with --ignore).\n");
    assertThat(summary("retyped-diff").get("schema").get("typeChanges").get(0).toString())
        .isEqualTo(
            "{\"field\":\"ms_played\",\"lhsType\":\"long\",\"rhsType\":\"string\",\"compared\":false}");
    List<String> compared = new ArrayList<>();
    summary("retyped-diff").get("fields").forEach(f -> compared.add(f.get("field").asText()));
    assertThat(compared).containsExactlyInAnyOrder("country", "listeners");
  }

  @Test
  void anEmptyInputIsAnInputErrorForAGate() throws IOException {
    String empty = write("empty", "SELECT * FROM plays LIMIT 0");
    CliRun run = diff(empty, "empty-diff", "--fail-on-diff");
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo(
            "error: The rhs has no rows, so the diff compared nothing (check the path, or pass"
                + " --allow-empty to accept it).\n");
    assertThat(run.out()).contains("nothing to compare: the rhs has no rows");
    CliRun allowed = diff(empty, "empty-allowed", "--max-diff-fraction", "1", "--allow-empty");
    assertThat(allowed.exitCode()).as(allowed.err()).isZero();
    assertThat(summary("empty-allowed").get("global").get("rhsKeys").asLong()).isZero();
  }

  private static String[] concat(String[] a, String... b) {
    String[] out = new String[a.length + b.length];
    System.arraycopy(a, 0, out, 0, a.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
