package dev.wick.cli;

import static dev.wick.cli.CliRun.wick;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.core.spark.WickSpark;
import dev.wick.profiler.Profile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wick profile} as a user runs it: the real main, real files, exit codes and output. */
class ProfileCommandTest {
  @TempDir static Path tmp;
  static String day1;
  static String day2;
  static String shifted;
  static String narrow;
  static String empty;

  /**
   * 4,000 track plays: ids drawn uniformly from [0, 1,000,000) by a seeded hash (so two seeds give
   * two samples of one distribution, as daily snapshots of the same entities do), amounts ~ N(mean,
   * 15), a skewed country (every 50th null), a nested record and an array.
   */
  static String plays(Path dir, String name, long seed, int mean, String extraCountry) {
    SparkSession spark = WickSpark.local(2);
    String path = dir.resolve(name).toString();
    spark
        .range(0, 4000)
        .selectExpr(
            "pmod(xxhash64(id, " + seed + "L), 1000000L) AS id",
            mean + " + 15 * randn(" + seed + ") AS amount",
            "CASE WHEN pmod(id, 50) = 0 THEN NULL WHEN rand("
                + seed
                + ") < 0.5 THEN 'US' WHEN rand("
                + (seed + 7)
                + ") < 0.6 THEN 'SE' ELSE "
                + extraCountry
                + " END AS country",
            "named_struct('age', CAST(18 + pmod(id, 60) AS INT)) AS user",
            "array('a', CAST(pmod(id, 3) AS STRING)) AS tags")
        .write()
        .parquet(path);
    return path;
  }

  @BeforeAll
  static void inputs() {
    day1 = plays(tmp, "day1", 1, 100, "'BR'");
    day2 = plays(tmp, "day2", 2, 100, "'BR'");
    shifted = plays(tmp, "shifted", 3, 110, "'NO'");
    narrow = tmp.resolve("narrow").toString();
    WickSpark.local(2)
        .read()
        .parquet(day1)
        .drop("country")
        .withColumn("extra", org.apache.spark.sql.functions.lit(1))
        .write()
        .parquet(narrow);
    empty = tmp.resolve("empty").toString();
    WickSpark.local(2).read().parquet(day1).limit(0).write().parquet(empty);
  }

  static String out(String name) {
    return tmp.resolve(name).toString();
  }

  @Test
  void writesTheProfileAsJsonAndHtml() throws Exception {
    String out = out("p1");
    CliRun run = wick("profile", "--in", day1, "--out", out, "--top", "3");
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).startsWith("Profiled 4,000 rows and 7 fields of " + day1 + ".\n");
    assertThat(run.out()).contains("(profile.json, profile.html)");
    Profile p = Profile.read(Path.of(out));
    assertThat(p.rowCount()).isEqualTo(4000);
    assertThat(p.paths())
        .containsExactly("id", "amount", "country", "user", "user.age", "tags", "tags[]");
    assertThat(p.field("country").orElseThrow().nulls()).isEqualTo(80);
    assertThat(p.field("country").orElseThrow().topValues()).hasSize(3);
    assertThat(p.field("tags[]").orElseThrow().count()).isEqualTo(8000);
    String html = Files.readString(Path.of(out, "profile.html"));
    assertThat(html).contains("<svg class=\"chart histogram\"", "<svg class=\"chart topvalues\"");
    assertThat(Path.of(out, "_SUCCESS")).exists();
    assertThat(Path.of(out, "drift.json")).doesNotExist();
  }

  @Test
  void anExistingOutputIsKeptUnlessOverwriteIsAsked() throws Exception {
    String out = out("p2");
    assertThat(wick("profile", "--in", day1, "--out", out).exitCode()).isZero();
    String before = Files.readString(Path.of(out, "profile.json"));
    CliRun again = wick("profile", "--in", day2, "--out", out);
    assertThat(again.exitCode()).isEqualTo(2);
    assertThat(again.err()).contains("already exists; pass --overwrite to replace it");
    assertThat(Files.readString(Path.of(out, "profile.json"))).isEqualTo(before);
    CliRun over = wick("profile", "--in", day2, "--out", out, "--overwrite");
    assertThat(over.exitCode()).as(over.err()).isZero();
    assertThat(Profile.read(Path.of(out)).source()).isEqualTo(day2);
  }

  @Test
  void fieldsAndRedactionAreResolvedAgainstTheSchema() throws Exception {
    String out = out("p3");
    CliRun run =
        wick(
            "profile",
            "--in",
            day1,
            "--out",
            out,
            "--fields",
            "country,user",
            "--redact",
            "country");
    assertThat(run.exitCode()).as(run.err()).isZero();
    Profile p = Profile.read(Path.of(out));
    assertThat(p.paths()).containsExactly("country", "user", "user.age");
    assertThat(p.field("country").orElseThrow().topValues()).isEmpty();
    assertThat(p.field("country").orElseThrow().redacted()).isTrue();
    assertThat(Files.readString(Path.of(out, "profile.json"))).doesNotContain("\"US\"");
  }

  @Test
  void anUnknownFieldIsAUsageErrorWithTheNearestNames() {
    CliRun run = wick("profile", "--in", day1, "--out", out("p4"), "--fields", "user.aeg");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo(
            "error: Field 'user.aeg' does not resolve: record 'user' has no field 'aeg'; did you"
                + " mean 'age'? The nearest names are 'age'.\n");
    assertThat(Path.of(out("p4"))).doesNotExist();
  }

  @Test
  void anUnreadableInputIsAUsageError() {
    String nope = tmp.resolve("nope").toString();
    CliRun run = wick("profile", "--in", nope, "--out", out("p5"));
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo(
            "error: Input "
                + nope
                + " does not exist; check the path (a file, a folder or a glob).\n");
    assertThat(Path.of(out("p5"))).doesNotExist();
  }

  @Test
  void aCorruptInputFileIsAUsageError() throws Exception {
    Path dir = tmp.resolve("corrupt");
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("part-00000.parquet"), "these bytes are not parquet\n");
    CliRun run = wick("profile", "--in", dir.toString(), "--out", out("p12"));
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .startsWith("error: Cannot read " + dir + " as parquet: ")
        .contains("is not a readable parquet file")
        .doesNotContain("\tat ");
    assertThat(run.err().lines()).hasSize(1);
    assertThat(Path.of(out("p12"))).doesNotExist();
  }

  @Test
  void aCorruptFileAmongGoodOnesIsAUsageErrorNamingIt() throws Exception {
    // Spark learns the schema from a good file and meets the truncated one only in the scan.
    Path dir = tmp.resolve("mixed");
    Files.createDirectories(dir);
    Path good;
    try (var files = Files.list(Path.of(day1))) {
      good = files.filter(f -> f.getFileName().toString().endsWith(".parquet")).findFirst().get();
    }
    byte[] bytes = Files.readAllBytes(good);
    Files.write(dir.resolve("part-00000-good.parquet"), bytes);
    Files.write(dir.resolve("part-99999-truncated.parquet"), java.util.Arrays.copyOf(bytes, 2000));
    CliRun run = wick("profile", "--in", dir.toString(), "--out", out("p15"));
    assertThat(run.exitCode()).isEqualTo(2);
    String error =
        run.err().lines().filter(l -> l.startsWith("error: ")).findFirst().orElse(run.err());
    assertThat(error)
        .startsWith("error: Cannot read " + dir)
        .contains("part-99999-truncated.parquet")
        .endsWith(".");
    assertThat(Path.of(out("p15"))).doesNotExist();
  }

  @Test
  void anUnknownRedactedFieldIsAUsageError() {
    CliRun run = wick("profile", "--in", day1, "--out", out("p13"), "--redact", "email");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).startsWith("error: ").contains("'email'");
    assertThat(run.err().lines()).hasSize(1);
    assertThat(Path.of(out("p13"))).doesNotExist();
  }

  @Test
  void aTopOutOfRangeIsAUsageError() {
    CliRun run = wick("profile", "--in", day1, "--out", out("p14"), "--top", "0");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo("error: --top 0 is out of range; pass a number from 1 to 1000.\n");
  }

  @Test
  void anEmptyInputHasNothingToProfile() {
    CliRun run = wick("profile", "--in", empty, "--out", out("p6"));
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo(
            "error: Input "
                + empty
                + " has no rows, so there is nothing to profile; check the path.\n");
    assertThat(Path.of(out("p6"))).doesNotExist();
  }

  @Test
  void aBaselineOfTheSameDistributionPassesTheDriftGate() throws Exception {
    String base = out("base-a");
    assertThat(wick("profile", "--in", day1, "--out", base).exitCode()).isZero();
    String out = out("p7");
    CliRun run =
        wick(
            "profile",
            "--in",
            day2,
            "--out",
            out,
            "--baseline",
            base + "/profile.json",
            "--max-drift",
            "0.1");
    assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
    assertThat(run.out()).contains("Drift from " + day1 + " (4,000 rows) to " + day2);
    assertThat(run.out()).contains("(profile.json, profile.html, drift.json, summary.md)");
    assertThat(run.out())
        .endsWith("drift gate passed: All 7 rules judged held (--max-drift 0.1).\n");
    assertThat(Files.readString(Path.of(out, "summary.md"))).startsWith("## ✅ wick drift: PASSED");
    assertThat(Files.readString(Path.of(out, "drift.json"))).contains("\"path\" : \"amount\"");
    assertThat(Files.readString(Path.of(out, "profile.html"))).contains("<path class=\"baseline\"");
  }

  @Test
  void aShiftedDistributionFailsTheDriftGateAfterWritingTheReport() throws Exception {
    String base = out("base-b");
    assertThat(wick("profile", "--in", day1, "--out", base).exitCode()).isZero();
    String out = out("p8");
    CliRun run =
        wick("profile", "--in", shifted, "--out", out, "--baseline", base, "--max-drift", "0.1");
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err())
        .startsWith("drift check failed: Field 'amount' drifted: score ")
        .contains("drift check failed: Field 'country' drifted: score ")
        .endsWith(" (--max-drift 0.1).\n");
    assertThat(run.out()).containsPattern("amount\\s+numeric\\s+ks\\s+0\\.2");
    assertThat(Path.of(out, "drift.json")).exists();
  }

  @Test
  void aCorruptBaselineIsAUsageErrorBeforeAnyScan() throws Exception {
    Path bad = tmp.resolve("bad.json");
    Files.writeString(bad, "{\"wickProfile\": 1, \"rowCount\": 3");
    CliRun run = wick("profile", "--in", day1, "--out", out("p9"), "--baseline", bad.toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .startsWith("error: Profile " + bad + " is not a valid Wick profile: it is not valid JSON")
        .endsWith("; write it again with 'wick profile'.\n");
    assertThat(Path.of(out("p9"))).doesNotExist();
  }

  @Test
  void aBaselineOfAnotherSchemaComparesTheCommonFieldsAndNamesTheOthers() throws Exception {
    String base = out("base-c");
    assertThat(wick("profile", "--in", day1, "--out", base).exitCode()).isZero();
    String out = out("p10");
    CliRun run = wick("profile", "--in", narrow, "--out", out, "--baseline", base);
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .contains(
            "schema changed:\n"
                + "  only in the baseline, not compared: country\n"
                + "  only in the current profile, not compared: extra\n");
    assertThat(Files.readString(Path.of(out, "drift.json")))
        .contains("\"onlyInBaseline\" : [ \"country\" ]");
    // With a gate, the vanished field fails it unless accepted.
    CliRun gated =
        wick(
            "profile",
            "--in",
            narrow,
            "--out",
            out("p10-gated"),
            "--baseline",
            base,
            "--max-drift",
            "1");
    assertThat(gated.exitCode()).as(gated.err()).isEqualTo(1);
    assertThat(gated.err())
        .isEqualTo(
            "drift check failed: Field 'country' is only in the baseline profile, so it was not"
                + " compared (accept it with --allow-schema-change).\n"
                + "drift check failed: Field 'extra' is only in the current profile, so it was not"
                + " compared (accept it with --allow-schema-change).\n");
    CliRun accepted =
        wick(
            "profile",
            "--in",
            narrow,
            "--out",
            out("p10-accepted"),
            "--baseline",
            base,
            "--max-drift",
            "1",
            "--allow-schema-change");
    assertThat(accepted.exitCode()).as(accepted.err()).isZero();
  }

  @Test
  void maxDriftWithoutABaselineIsAUsageError() {
    CliRun run = wick("profile", "--in", day1, "--out", out("p11"), "--max-drift", "0.1");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo(
            "error: --max-drift needs a profile to compare with; pass --baseline"
                + " OLD/profile.json.\n");
  }
}
