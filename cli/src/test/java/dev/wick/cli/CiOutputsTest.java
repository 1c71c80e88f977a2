package dev.wick.cli;

import static dev.wick.cli.CliRun.wick;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.core.spark.WickSpark;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.surefire.log.api.NullConsoleLogger;
import org.apache.maven.plugins.surefire.report.ReportTestCase;
import org.apache.maven.plugins.surefire.report.ReportTestSuite;
import org.apache.maven.plugins.surefire.report.TestSuiteXmlParser;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CI outputs of every gated command, for a passing and a failing run of each: {@code
 * summary.md} and the {@code --junit-xml} report are compared with the copies kept under {@code
 * src/test/resources/ci/} (rewritten with {@code -Dwick.golden=update}), the JUnit XML is read by
 * Surefire's own report parser (the one Maven's report plugins use) and its counts are checked
 * against the exit code and the console, and a passing gate prints one line saying so.
 */
class CiOutputsTest {
  static final Path KEPT = Path.of("src/test/resources/ci").toAbsolutePath();
  static final String PLAYS = "../examples/data/track_plays";
  static final String SCHEMA = "../examples/src/main/avro/TrackPlay.avsc";
  static final String BASELINE = "../examples/data/counts_baseline";
  static final String CANDIDATE = "../examples/data/counts_candidate";

  @TempDir static Path tmp;

  @BeforeAll
  static void profiles() throws IOException {
    WickSpark.local(2);
    for (String side : List.of("counts_baseline", "counts_candidate")) {
      CliRun run =
          wick(
              "profile", "--in", "../examples/data/" + side, "--out", tmp.resolve(side).toString());
      assertThat(run.exitCode()).as(run.err()).isZero();
    }
    Files.writeString(
        tmp.resolve("failing.yaml"),
        "checks:\n"
            + "  - {check: rowCount, min: 1000000}\n"
            + "  - {check: unique, fields: [play_id]}\n"
            + "  - {check: range, field: ms_played, min: 0, max: 1000, severity: warn}\n");
  }

  @Test
  void diff() throws Exception {
    String[] diff = {"diff", "--lhs", BASELINE, "--rhs", CANDIDATE, "--key", "track_id"};
    judged("diff-pass", 0, 5, 0, 0, concat(diff, "--max-diff-fraction", "0.5"));
    CliRun failed = judged("diff-fail", 1, 5, 2, 0, concat(diff, "--max-diff-fraction", "0.01"));
    assertThat(failed.err()).contains("diff check failed: 133 of 500 keys are not SAME");
    // A diff with no threshold is not judged: one skipped case that says why.
    judged("diff-unjudged", 0, 1, 0, 0, diff);
  }

  @Test
  void check() throws Exception {
    String[] check = {"check", "--in", PLAYS};
    CliRun passed =
        judged(
            "check-pass",
            0,
            10,
            0,
            0,
            concat(check, "--checks", "../examples/checks/track_plays.yaml"));
    assertThat(passed.out())
        .contains(
            "check gate passed: 8 of 10 checks held; 2 only warned (set in ../examples/checks/track_plays.yaml).");
    judged(
        "check-fail",
        1,
        3,
        1,
        0,
        concat(check, "--checks", tmp.resolve("failing.yaml").toString()));
  }

  @Test
  void validate() throws Exception {
    String[] validate = {"validate", "--in", PLAYS, "--schema", SCHEMA};
    judged("validate-pass", 0, -1, 0, 0, concat(validate, "--max-invalid-fraction", "0.5"));
    judged("validate-fail", 1, -1, -1, 0, concat(validate, "--max-invalid-fraction", "0.001"));
    // Without a largest share, the invalid records are counted, not judged.
    judged("validate-unjudged", 0, 1, 0, 0, validate);
  }

  @Test
  void drift() throws Exception {
    String[] drift = {
      "drift",
      "--old",
      tmp.resolve("counts_baseline").toString(),
      "--new",
      tmp.resolve("counts_candidate").toString()
    };
    judged("drift-pass", 0, -1, 0, 0, concat(drift, "--max-drift", "0.5"));
    judged("drift-fail", 1, -1, -1, 0, concat(drift, "--max-drift", "distinct=0.01"));
  }

  @Test
  void aJUnitFileIsRefusedBeforeAnyWorkWhereItCouldLoseSomething() throws Exception {
    String[] diff = {
      "diff", "--lhs", BASELINE, "--rhs", CANDIDATE, "--key", "track_id", "--max-diff-fraction", "1"
    };
    Path existing = Files.writeString(tmp.resolve("kept.xml"), "keep me");
    CliRun exists =
        wick(
            concat(
                diff, "--out", tmp.resolve("r1").toString(), "--junit-xml", existing.toString()));
    assertThat(exists.exitCode()).isEqualTo(2);
    assertThat(exists.err())
        .isEqualTo(
            "error: --junit-xml "
                + existing
                + " exists; pass --overwrite to replace it, or name another file.\n");
    assertThat(existing).hasContent("keep me");
    assertThat(tmp.resolve("r1")).doesNotExist();

    CliRun folder =
        wick(concat(diff, "--out", tmp.resolve("r2").toString(), "--junit-xml", tmp.toString()));
    assertThat(folder.exitCode()).isEqualTo(2);
    assertThat(folder.err()).contains("is a folder; name the file to write");

    CliRun inside =
        wick(
            concat(
                diff,
                "--out",
                tmp.resolve("r3").toString(),
                "--junit-xml",
                BASELINE + "/wick.xml"));
    assertThat(inside.exitCode()).isEqualTo(2);
    assertThat(inside.err())
        .contains("is inside the input " + BASELINE + ", which Wick never writes");
    assertThat(Path.of(BASELINE, "wick.xml")).doesNotExist();

    // Inside the output folder, which the command writes whole, it is refused too.
    Path out = tmp.resolve("r5");
    CliRun insideOut =
        wick(
            concat(
                diff, "--out", out.toString(), "--junit-xml", out.resolve("wick.xml").toString()));
    assertThat(insideOut.exitCode()).isEqualTo(2);
    assertThat(insideOut.err()).contains("is inside the output folder " + out);
    assertThat(out).doesNotExist();

    // With --overwrite, the file is replaced whole.
    CliRun replaced =
        wick(
            concat(
                diff,
                "--out",
                tmp.resolve("r4").toString(),
                "--junit-xml",
                existing.toString(),
                "--overwrite"));
    assertThat(replaced.exitCode()).as(replaced.err()).isZero();
    assertThat(Files.readString(existing)).startsWith("<?xml").contains("name=\"wick.diff\"");
  }

  /**
   * Runs {@code args} with {@code --out} and {@code --junit-xml}, checks the exit code, compares
   * both outputs with the kept copies, and reads the XML with Surefire's parser: {@code tests}
   * cases of which {@code failures} failed and {@code errors} could not be judged (-1: any number,
   * but at least one failure when the run failed).
   */
  private static CliRun judged(
      String name, int exit, int tests, int failures, int errors, String... args) throws Exception {
    Path out = tmp.resolve(name);
    Path xml = tmp.resolve(name + ".xml");
    CliRun run = wick(concat(args, "--out", out.toString(), "--junit-xml", xml.toString()));
    assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(exit);
    if (exit == 0 && !name.endsWith("unjudged")) {
      assertThat(run.out().lines().filter(l -> l.contains(" gate passed: ")).count())
          .as(run.out())
          .isEqualTo(1);
    } else {
      assertThat(run.out()).doesNotContain(" gate passed: ");
    }
    String markdown = Files.readString(out.resolve("summary.md"), StandardCharsets.UTF_8);
    String junit = Files.readString(xml, StandardCharsets.UTF_8);
    kept(name + ".md", markdown, tmp);
    kept(name + ".xml", junit, tmp);
    assertThat(markdown)
        .startsWith(
            "## "
                + (name.endsWith("unjudged") ? "⚪" : exit == 0 ? "✅" : "❌")
                + " wick "
                + args[0]
                + ": "
                + (name.endsWith("unjudged") ? "NOT JUDGED" : exit == 0 ? "PASSED" : "FAILED"));

    List<ReportTestSuite> suites =
        new TestSuiteXmlParser(new NullConsoleLogger()).parse(xml.toString());
    assertThat(suites).hasSize(1);
    ReportTestSuite suite = suites.get(0);
    assertThat(suite.getFullClassName()).isEqualTo("wick." + args[0]);
    List<ReportTestCase> cases = suite.getTestCases();
    assertThat(cases).hasSize(suite.getNumberOfTests());
    if (tests >= 0) {
      assertThat(suite.getNumberOfTests()).isEqualTo(tests);
    }
    if (failures >= 0) {
      assertThat(suite.getNumberOfFailures()).isEqualTo(failures);
    } else {
      assertThat(suite.getNumberOfFailures()).isPositive();
    }
    assertThat(suite.getNumberOfErrors()).isEqualTo(errors);
    assertThat(cases.stream().filter(ReportTestCase::hasFailure).count())
        .isEqualTo(suite.getNumberOfFailures());
    // Failures come first, as in the report and the Markdown.
    List<Boolean> failed = cases.stream().map(ReportTestCase::hasFailure).toList();
    assertThat(failed.indexOf(false)).isGreaterThanOrEqualTo(failed.lastIndexOf(true));
    return run;
  }

  /** Compares {@code text} with the kept copy, its temporary folder masked, or rewrites it. */
  static void kept(String name, String text, Path temporary) throws IOException {
    String masked =
        text.replace(temporary.toString(), "<tmp>").replaceAll("made \\S+", "made <time>");
    Path file = KEPT.resolve(name);
    if ("update".equals(System.getProperty("wick.golden"))) {
      Files.createDirectories(KEPT);
      Files.writeString(file, masked, StandardCharsets.UTF_8);
      return;
    }
    assertThat(file)
        .as("the kept copy; rerun with -Dwick.golden=update and review git diff if it is meant")
        .exists();
    assertThat(masked)
        .as(name + ": rerun with -Dwick.golden=update and review git diff if the change is meant")
        .isEqualTo(Files.readString(file, StandardCharsets.UTF_8));
  }

  static String[] concat(String[] head, String... tail) {
    List<String> all = new ArrayList<>(List.of(head));
    all.addAll(List.of(tail));
    return all.toArray(new String[0]);
  }
}
