package dev.wick.cli;

import static dev.wick.cli.CliRun.wick;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wick drift --old OLD --new NEW}: two profiles compared without reading data. */
class DriftCommandTest {
  @TempDir static Path tmp;
  static String day1;
  static String day2;
  static String shifted;

  @BeforeAll
  static void profiles() {
    day1 = profile("day1", ProfileCommandTest.plays(tmp, "d1", 11, 100, "'BR'"));
    day2 = profile("day2", ProfileCommandTest.plays(tmp, "d2", 12, 100, "'BR'"));
    shifted = profile("shifted", ProfileCommandTest.plays(tmp, "d3", 13, 115, "'NO'"));
  }

  private static String profile(String name, String data) {
    String out = tmp.resolve("profile-" + name).toString();
    CliRun run = wick("profile", "--in", data, "--out", out);
    assertThat(run.exitCode()).as(run.err()).isZero();
    return out;
  }

  @Test
  void printsTheDriftOfEachFieldAndPassesWhenSmall() {
    CliRun run =
        wick(
            "drift",
            "--old",
            day1,
            "--new",
            day2 + "/profile.json",
            "--max-drift",
            "score=0.1,nulls=0.05");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("7 fields compared:");
    assertThat(run.out()).containsPattern("\\n  amount\\s+numeric\\s+ks\\s+0\\.0");
    assertThat(run.out()).containsPattern("\\n  country\\s+text\\s+linf\\s+0\\.0");
    assertThat(run.err()).isEmpty();
  }

  @Test
  void failsWhenAFieldDriftsBeyondTheLimit() {
    CliRun run = wick("drift", "--old", day1, "--new", shifted, "--max-drift", "0.1");
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err().lines().toList())
        .hasSize(2)
        .allSatisfy(
            line ->
                assertThat(line)
                    .matches(
                        "drift check failed: Field '(amount|country)' drifted: score 0\\.\\d{4}"
                            + " exceeds 0\\.1000 \\(--max-drift 0\\.1\\)\\."));
    // Most drifted first.
    assertThat(run.out().indexOf("  amount")).isLessThan(run.out().indexOf("  id "));
  }

  @Test
  void writesJsonAndHtmlWhenAskedTo() throws Exception {
    String out = tmp.resolve("drift-out").toString();
    CliRun run = wick("drift", "--old", day1, "--new", shifted, "--out", out);
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("(drift.json, drift.html, summary.md)");
    assertThat(Files.readString(Path.of(out, "drift.json"))).contains("\"ks\"");
    assertThat(Files.readString(Path.of(out, "drift.html")))
        .contains("<path class=\"baseline\"", "<th>Drift (KS)</th>");
    CliRun again = wick("drift", "--old", day1, "--new", shifted, "--out", out);
    assertThat(again.exitCode()).isEqualTo(2);
    assertThat(again.err()).contains("already exists");
  }

  @Test
  void aCorruptProfileIsAUsageError() throws Exception {
    Path bad = tmp.resolve("corrupt.json");
    Files.writeString(bad, "[1, 2, 3]");
    CliRun run = wick("drift", "--old", day1, "--new", bad.toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo(
            "error: Profile "
                + bad
                + " is not a valid Wick profile: it is not a JSON object; write it again with"
                + " 'wick profile'.\n");
  }

  @Test
  void aMissingProfileIsAUsageError() {
    CliRun run = wick("drift", "--old", day1, "--new", tmp.resolve("missing").toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("does not exist; pass a profile.json");
  }

  @Test
  void profilesWithNoCommonFieldCannotBeCompared() throws Exception {
    Path other = tmp.resolve("other.json");
    Files.writeString(
        other,
        "{\"wickProfile\": 1, \"source\": \"x\", \"createdAt\": \"t\", \"rowCount\": 1, \"top\": 1,"
            + " \"fields\": [{\"path\": \"zz\", \"type\": \"long\", \"kind\": \"numeric\","
            + " \"count\": 1, \"nulls\": 0}]}");
    CliRun run = wick("drift", "--old", day1, "--new", other.toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("share no field of the same kind");
  }

  @Test
  void profilesOfDifferentSchemasCompareTheCommonFieldsAndNameTheOthers() throws Exception {
    String data = ProfileCommandTest.plays(tmp, "d4", 14, 100, "'BR'");
    Path narrow = tmp.resolve("d4-narrow");
    org.apache.spark.sql.SparkSession spark = dev.wick.core.spark.WickSpark.local(2);
    spark
        .read()
        .parquet(data)
        .drop("country")
        .withColumn("extra", org.apache.spark.sql.functions.lit(1))
        .write()
        .parquet(narrow.toString());
    String current = profile("narrow", narrow.toString());
    String out = tmp.resolve("narrow-drift").toString();
    CliRun run = wick("drift", "--old", day1, "--new", current, "--max-drift", "0.1", "--out", out);
    // A vanished field is a schema change: the gate fails although every common field passes.
    assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(1);
    assertThat(run.out())
        .contains(
            "6 fields compared:\n"
                + "schema changed:\n"
                + "  only in the baseline, not compared: country\n"
                + "  only in the current profile, not compared: extra\n");
    assertThat(run.out()).doesNotContain("  country  ");
    assertThat(run.err())
        .isEqualTo(
            "drift check failed: Field 'country' is only in the baseline profile, so it was not"
                + " compared (accept it with --allow-schema-change).\n"
                + "drift check failed: Field 'extra' is only in the current profile, so it was not"
                + " compared (accept it with --allow-schema-change).\n");
    JsonNode schema =
        new ObjectMapper().readTree(Path.of(out, "drift.json").toFile()).get("schema");
    assertThat(schema.get("changed").asBoolean()).isTrue();
    assertThat(schema.get("onlyInBaseline").toString()).isEqualTo("[\"country\"]");
    assertThat(schema.get("onlyInCurrent").toString()).isEqualTo("[\"extra\"]");

    CliRun accepted =
        wick(
            "drift",
            "--old",
            day1,
            "--new",
            current,
            "--max-drift",
            "0.1",
            "--allow-schema-change");
    assertThat(accepted.exitCode()).as(accepted.err()).isZero();
    assertThat(accepted.err()).isEmpty();
  }

  @Test
  void aProfileOfNoRowsIsAnInputErrorForTheGate() throws Exception {
    String text = Files.readString(Path.of(day2, "profile.json"));
    String emptied = text.replaceFirst("\"rowCount\"\\s*:\\s*\\d+", "\"rowCount\" : 0");
    assertThat(emptied).isNotEqualTo(text);
    Path empty = tmp.resolve("empty-profile.json");
    Files.writeString(empty, emptied);
    CliRun run = wick("drift", "--old", day1, "--new", empty.toString(), "--max-drift", "0.1");
    assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo(
            "error: The current profile (of "
                + tmp.resolve("d2")
                + ") has no rows, so there is no drift to measure (check the path, or pass"
                + " --allow-empty to accept it).\n");
    CliRun allowed =
        wick(
            "drift", "--old", day1, "--new", empty.toString(), "--max-drift", "1", "--allow-empty");
    assertThat(allowed.exitCode()).as(allowed.err()).isZero();
  }

  @Test
  void aMalformedLimitIsAUsageError() {
    CliRun run = wick("drift", "--old", day1, "--new", day2, "--max-drift", "ks=lots");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("Drift thresholds 'ks=lots' are malformed");
  }

  @Test
  void theOlderArgumentsOldNewGiveTheSameDriftAsTheFlags() {
    CliRun flags = wick("drift", "--old", day1, "--new", shifted, "--max-drift", "0.1");
    CliRun arguments = wick("drift", day1, shifted, "--max-drift", "0.1");
    assertThat(flags.exitCode()).isEqualTo(1);
    assertThat(arguments.exitCode()).isEqualTo(1);
    assertThat(arguments.out()).isEqualTo(flags.out()).contains("Drift from ");
    assertThat(arguments.err()).isEqualTo(flags.err()).contains("drift check failed: ");
    assertThat(wick("drift", "--help").out())
        .contains("Usage: wick drift")
        .containsPattern("\\[OLD]\\s+\\[NEW]")
        .containsPattern("--old=PATH\\s+The baseline profile")
        .containsPattern("--new=PATH\\s+The current profile")
        .containsPattern("\\[OLD]\\s+The baseline profile: the older form of --old\\.")
        .containsPattern("\\[NEW]\\s+The current profile: the older form of --new\\.");
  }

  @Test
  void mixingTheFlagsWithTheArgumentsIsAUsageError() {
    String mixed =
        "error: Give the two profiles either as --old PATH --new PATH or as the arguments OLD"
            + " NEW, not a mix of both; pass them with --old and --new.\n";
    for (String[] args :
        List.of(
            new String[] {"drift", "--old", day1, shifted},
            new String[] {"drift", day1, "--new", shifted},
            new String[] {"drift", "--old", day1, "--new", shifted, day1, shifted})) {
      CliRun run = wick(args);
      assertThat(run.exitCode()).as(List.of(args).toString()).isEqualTo(2);
      assertThat(run.out()).isEmpty();
      assertThat(run.err()).isEqualTo(mixed);
    }
  }

  @Test
  void aMissingProfileArgumentIsAUsageError() {
    CliRun none = wick("drift");
    assertThat(none.exitCode()).isEqualTo(2);
    assertThat(none.err())
        .isEqualTo("error: wick drift needs two profiles; pass --old PATH --new PATH.\n");
    CliRun onlyOld = wick("drift", "--old", day1);
    assertThat(onlyOld.exitCode()).isEqualTo(2);
    assertThat(onlyOld.err())
        .isEqualTo(
            "error: wick drift needs the current profile too; pass --old PATH --new PATH.\n");
    CliRun onlyNew = wick("drift", "--new", day1);
    assertThat(onlyNew.exitCode()).isEqualTo(2);
    assertThat(onlyNew.err())
        .isEqualTo(
            "error: wick drift needs the baseline profile too; pass --old PATH --new PATH.\n");
    CliRun oneArgument = wick("drift", day1);
    assertThat(oneArgument.exitCode()).isEqualTo(2);
    assertThat(oneArgument.err()).isEqualTo(onlyOld.err());
  }
}
