package dev.wick.cli;

import static dev.wick.cli.CliRun.wick;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.core.spark.WickSpark;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every HTML report, written by the real commands on small data and opened in headless Chromium at
 * 1280 pixels: the page does not run wider than the window, the verdict banner says the run's word,
 * and failures come before passes (in the banner, in the checks table of {@code checks.html} and in
 * the metrics table of {@code anomalies.html}).
 *
 * <p>A screenshot of each page's first 900 pixels is kept in {@code target/report-screenshots/};
 * with the system property {@value #COPY_TO} set (to a folder, relative to the project's root
 * unless absolute, as {@code docs/make-screenshots} sets it) they are copied there too. Skipped
 * when Chromium is not installed, unless {@code WICK_REQUIRE_BROWSER=1}.
 */
class ReportsBrowserTest {
  /** The system property naming a folder that receives a copy of every screenshot. */
  static final String COPY_TO = "wick.screenshots";

  /** The screenshots docs/gates.md shows, copied when {@value #COPY_TO} is set. */
  static final Set<String> README =
      Set.of(
          "diff-failed",
          "checks-failed",
          "validate-failed",
          "drift-passed",
          "profile-drift-passed",
          "anomalies-failed");

  private static final int WIDTH = 1280;
  private static final int HEIGHT = 900;
  private static final String COUNTS = "../examples/data/counts_";

  /**
   * The folder of the data this test writes itself: one long name with no place to break a line, so
   * that the titles and subtitles quoting its paths must wrap inside the window.
   */
  private static final String LONG_FOLDER =
      "a_folder_name_of_ninety_characters_without_a_single_place_where_a_line_could_break_at_all";

  @TempDir static Path root;
  private static Path tmp;
  private static Chromium chromium;

  /** One report to open: its name (the screenshot's too), its file and the verdict's word. */
  record Report(String name, Path page, String word) {
    @Override
    public String toString() {
      return name;
    }
  }

  private static final List<Report> REPORTS = new ArrayList<>();

  @BeforeAll
  static void writeEveryReport() throws Exception {
    chromium = Chromium.require(root);
    tmp = Files.createDirectories(root.resolve(LONG_FOLDER));
    REPORTS.clear();

    diff("diff-passed", "PASSED", "--max-diff-fraction", "0.5");
    diff("diff-failed", "FAILED", "--max-diff-fraction", "0.01");
    diff("diff-not-judged", "NOT JUDGED");

    check("checks-passed", "PASSED", "../examples/checks/track_plays.yaml");
    Path failing = tmp.resolve("failing.yaml");
    Files.writeString(
        failing,
        "checks:\n"
            + "  - {check: unique, fields: [play_id]}\n"
            + "  - {check: range, field: ms_played, min: 0, max: 86400000, severity: warn}\n"
            + "  - {check: rowCount, min: 1000000}\n");
    check("checks-failed", "FAILED", failing.toString());

    validate("validate-passed", "PASSED", "0.5");
    validate("validate-failed", "FAILED", "0.001");

    String before = profile(COUNTS + "baseline", "profile-baseline");
    String after = profile(COUNTS + "candidate", "profile-candidate");
    // The counts barely drift; the candidate with every play count doubled drifts past 0.1.
    Path doubled = tmp.resolve("doubled");
    WickSpark.local(2)
        .read()
        .parquet(COUNTS + "candidate")
        .withColumn("plays", functions.col("plays").multiply(2))
        .write()
        .parquet(doubled.toString());
    String shifted = profile(doubled.toString(), "profile-doubled");
    drift("drift-passed", "PASSED", before, after, "0.5");
    drift("drift-failed", "FAILED", before, shifted, "0.1");
    String plays = "../examples/data/track_plays";
    Path gated = tmp.resolve("profile-gated");
    CliRun run =
        wick(
            "profile",
            "--in",
            plays,
            "--baseline",
            profile(plays, "profile-plays"),
            "--max-drift",
            "0.5",
            "--out",
            gated.toString());
    assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
    REPORTS.add(new Report("profile-drift-passed", gated.resolve("profile.html"), "PASSED"));

    anomalies();
  }

  private static void diff(String name, String word, String... gate) {
    Path out = tmp.resolve(name);
    List<String> args =
        new ArrayList<>(
            List.of(
                "diff",
                "--lhs",
                COUNTS + "baseline",
                "--rhs",
                COUNTS + "candidate",
                "--key",
                "track_id",
                "--out",
                out.toString()));
    args.addAll(List.of(gate));
    CliRun run = wick(args.toArray(new String[0]));
    assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(word.equals("FAILED") ? 1 : 0);
    REPORTS.add(new Report(name, out.resolve("report.html"), word));
  }

  private static void validate(String name, String word, String maxInvalid) {
    Path out = tmp.resolve(name);
    CliRun run =
        wick(
            "validate",
            "--in",
            "../examples/data/track_plays",
            "--schema",
            "../examples/src/main/avro/TrackPlay.avsc",
            "--max-invalid-fraction",
            maxInvalid,
            "--out",
            out.toString());
    assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(word.equals("FAILED") ? 1 : 0);
    REPORTS.add(new Report(name, out.resolve("report.html"), word));
  }

  private static void check(String name, String word, String checks) {
    Path out = tmp.resolve(name);
    CliRun run =
        wick(
            "check",
            "--in",
            "../examples/data/track_plays",
            "--checks",
            checks,
            "--out",
            out.toString());
    assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(word.equals("FAILED") ? 1 : 0);
    REPORTS.add(new Report(name, out.resolve("checks.html"), word));
  }

  private static String profile(String in, String name) {
    Path out = tmp.resolve(name);
    CliRun run = wick("profile", "--in", in, "--out", out.toString());
    assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
    return out.toString();
  }

  private static void drift(String name, String word, String old, String now, String max) {
    Path out = tmp.resolve(name);
    CliRun run =
        wick("drift", "--old", old, "--new", now, "--max-drift", max, "--out", out.toString());
    assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(word.equals("FAILED") ? 1 : 0);
    REPORTS.add(new Report(name, out.resolve("drift.html"), word));
  }

  /**
   * A nine-day history from three profile runs: two ordinary days whose entries are copied to fill
   * days 1 to 8 (the history's time is its folder's name; the first day's, the more common, again
   * on day 8), and a ninth whose emails are mostly missing. Judged on day 9 it fails; judged as of
   * day 8 it passes.
   */
  private static void anomalies() throws Exception {
    // Beside the module, so that the page's title names a short path (its screenshot is in the
    // README); the long folder name is tested by the drift report of the doubled plays.
    Path days = Path.of("target", "reports-browser");
    if (Files.exists(days)) {
      try (Stream<Path> old = Files.walk(days)) {
        for (Path f : old.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(f);
        }
      }
    }
    SparkSession spark = WickSpark.local(2);
    String normal =
        "select id, concat('c', id % 4) as country, if(id % 20 = 0, null, concat('u', id)) as email"
            + " from range(0, ROWS, 1, 1)";
    spark.sql(normal.replace("ROWS", "400")).write().parquet(days.resolve("day-a").toString());
    spark.sql(normal.replace("ROWS", "430")).write().parquet(days.resolve("day-b").toString());
    spark
        .sql(normal.replace("ROWS", "410").replace("id % 20 = 0", "id % 2 = 0"))
        .write()
        .parquet(days.resolve("spike").toString());
    Path history = tmp.resolve("history");
    for (String[] day : new String[][] {{"day-a", "01"}, {"day-b", "02"}, {"spike", "09"}}) {
      CliRun run =
          wick(
              "profile",
              "--in",
              days.resolve(day[0]).toString(),
              "--history",
              history.toString(),
              "--at",
              "2026-11-" + day[1] + "T06:00:00Z");
      assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
    }
    for (int day = 3; day <= 8; day++) {
      Path from =
          history.resolve(day % 2 == 1 || day == 8 ? "20261101T060000Z" : "20261102T060000Z");
      Path to = history.resolve(String.format(Locale.ROOT, "202611%02dT060000Z", day));
      Files.createDirectories(to);
      try (Stream<Path> files = Files.list(from)) {
        for (Path f : files.toList()) {
          Files.copy(f, to.resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
    Path failed = tmp.resolve("anomalies-failed");
    CliRun spiked = wick("anomalies", "--history", history.toString(), "--out", failed.toString());
    assertThat(spiked.exitCode()).as(spiked.out() + spiked.err()).isEqualTo(1);
    REPORTS.add(new Report("anomalies-failed", failed.resolve("anomalies.html"), "FAILED"));
    Path passed = tmp.resolve("anomalies-passed");
    CliRun ordinary =
        wick(
            "anomalies",
            "--history",
            history.toString(),
            "--at",
            "2026-11-08T12:00:00Z",
            "--out",
            passed.toString());
    assertThat(ordinary.exitCode()).as(ordinary.out() + ordinary.err()).isZero();
    REPORTS.add(new Report("anomalies-passed", passed.resolve("anomalies.html"), "PASSED"));
  }

  static List<Report> reports() {
    return REPORTS;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("reports")
  void fitsTheWindowAndSaysItsVerdictFailuresFirst(Report report) throws Exception {
    assertThat(report.page()).isRegularFile();
    Path png = Path.of("target", "report-screenshots", report.name() + ".png");
    Chromium.Layout layout = chromium.open(report.page(), WIDTH, HEIGHT, png);
    assertThat(layout.innerWidth()).isEqualTo(WIDTH);
    assertThat(layout.scrollWidth())
        .as("%s is wider than the window; first element past its edge: %s", report, layout.widest())
        .isLessThanOrEqualTo(layout.innerWidth());

    String dom = layout.dom();
    Matcher banner =
        Pattern.compile(
                "<div class=\"verdict ([a-z-]+)\" id=\"verdict\"><div class=\"word\">([^<]+)</div>")
            .matcher(dom);
    assertThat(banner.find()).as("%s has a verdict banner", report).isTrue();
    assertThat(banner.group(2)).isEqualTo(report.word());
    assertThat(banner.group(1)).isEqualTo(report.word().toLowerCase(Locale.ROOT).replace(' ', '-'));
    String bannerHtml = bannerOf(dom, banner.start());
    List<String> bannerOutcomes = outcomes(bannerHtml);
    assertThat(failuresFirst(bannerOutcomes))
        .as("%s banner rules %s", report, bannerOutcomes)
        .isTrue();
    if (report.word().equals("FAILED")) {
      assertThat(bannerOutcomes).first().isEqualTo("fail");
    }
    if (report.word().equals("PASSED")) {
      assertThat(bannerOutcomes).isNotEmpty().doesNotContain("fail");
    }
    if (report.name().startsWith("checks") || report.name().startsWith("anomalies")) {
      // The table of every check (every metric) after the banner lists the failures first too.
      String rest = dom.substring(banner.start() + bannerHtml.length());
      List<String> rows = outcomes(rest.substring(0, rest.indexOf("</table>")));
      assertThat(rows).as("%s table", report).hasSizeGreaterThanOrEqualTo(3);
      assertThat(failuresFirst(rows)).as("%s table %s", report, rows).isTrue();
      if (report.word().equals("FAILED")) {
        assertThat(rows).first().isEqualTo("fail");
      }
    }

    assertThat(Files.size(png)).isPositive();
    String copyTo = System.getProperty(COPY_TO, "");
    if (!copyTo.isBlank() && README.contains(report.name())) {
      Path folder = Path.of(copyTo);
      if (!folder.isAbsolute()) {
        folder = Path.of("").toAbsolutePath().getParent().resolve(folder);
      }
      Files.createDirectories(folder);
      Files.copy(png, folder.resolve(png.getFileName()), StandardCopyOption.REPLACE_EXISTING);
    }
  }

  /** The banner's HTML, from its start to the end of its rules table (or of its headline). */
  private static String bannerOf(String dom, int start) {
    int headline = dom.indexOf("</p>", start) + "</p>".length();
    int end =
        dom.startsWith("<table>", headline)
            ? dom.indexOf("</table>", headline) + "</table>".length()
            : headline;
    return dom.substring(start, end);
  }

  /**
   * The outcome cells of a table's rows, in order: {@code fail}, {@code warned} or {@code pass}.
   */
  private static List<String> outcomes(String table) {
    Matcher m = Pattern.compile("<td class=\"(fail|warned|pass)\">").matcher(table);
    List<String> found = new ArrayList<>();
    while (m.find()) {
      found.add(m.group(1));
    }
    return found;
  }

  /** Whether every failure comes before every warning, and every warning before every pass. */
  private static boolean failuresFirst(List<String> outcomes) {
    List<String> order = List.of("fail", "warned", "pass");
    for (int i = 1; i < outcomes.size(); i++) {
      if (order.indexOf(outcomes.get(i)) < order.indexOf(outcomes.get(i - 1))) {
        return false;
      }
    }
    return true;
  }
}
