package dev.wick.cli;

import static dev.wick.cli.CliRun.wick;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wick.core.spark.WickSpark;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A daily history through the real main: {@code wick profile --history} for nine ordinary days and
 * a tenth whose emails are mostly missing, then {@code wick anomalies} and {@code wick history}.
 */
class AnomaliesCommandTest {
  @TempDir static Path tmp;
  static String history;

  @BeforeAll
  static void tenDays() {
    SparkSession spark = WickSpark.local(2);
    String normal =
        "select id, concat('c', id % 4) as country, if(id % 20 = 0, null, concat('u', id)) as email"
            + " from range(0, 400, 1, 1)";
    spark.sql(normal).write().parquet(tmp.resolve("normal").toString());
    spark
        .sql(normal.replace("id % 20 = 0", "id % 2 = 0"))
        .write()
        .parquet(tmp.resolve("spike").toString());
    history = tmp.resolve("history").toString();
    for (int day = 1; day <= 9; day++) {
      CliRun run = profile("normal", day);
      assertThat(run.exitCode()).as(run.err()).isZero();
      assertThat(run.out())
          .contains(
              "Added to history "
                  + history
                  + String.format(
                      Locale.ROOT, "/202611%02dT000000Z at 2026-11-%02dT00:00:00Z.", day, day));
    }
  }

  private static CliRun profile(String data, int day) {
    return wick(
        "profile",
        "--in",
        tmp.resolve(data).toString(),
        "--history",
        history,
        "--at",
        String.format(Locale.ROOT, "2026-11-%02d", day));
  }

  @Test
  void anOrdinaryDayPassesAndASpikeFailsTheGateWithItsReports() throws Exception {
    CliRun ordinary = wick("anomalies", "--history", history);
    assertThat(ordinary.exitCode()).as(ordinary.err()).isZero();
    assertThat(ordinary.err()).isEmpty();
    assertThat(ordinary.out())
        .startsWith(
            "Judged "
                + tmp.resolve("normal")
                + " at 2026-11-09T00:00:00Z against 8 earlier profiles: no anomaly in ");

    String spikeHistory = tmp.resolve("spiked").toString();
    for (int day = 1; day <= 10; day++) {
      CliRun run =
          wick(
              "profile",
              "--in",
              tmp.resolve(day == 10 ? "spike" : "normal").toString(),
              "--history",
              spikeHistory,
              "--at",
              String.format(Locale.ROOT, "2026-11-%02dT06:00:00Z", day));
      assertThat(run.exitCode()).as(run.err()).isZero();
    }
    Path out = tmp.resolve("report");
    Path xml = tmp.resolve("anomalies.xml");
    CliRun spiked =
        wick(
            "anomalies",
            "--history",
            spikeHistory,
            "--out",
            out.toString(),
            "--junit-xml",
            xml.toString());
    assertThat(spiked.exitCode()).as(spiked.out() + spiked.err()).isEqualTo(1);
    assertThat(spiked.out()).contains("  field 'email' null rate: 0.5, band 0.04 to 0.06 (robust)");
    String json = Files.readString(out.resolve("anomalies.json"));
    assertThat(json).contains("\"at\" : \"2026-11-10T06:00:00Z\"").contains("\"earlier\" : 9");
    int anomalies = new ObjectMapper().readTree(json).get("anomalies").asInt();
    int metrics = new ObjectMapper().readTree(json).get("metrics").size();
    // Each anomaly once, on stdout; stderr says only why the exit is 1.
    List<String> lines =
        spiked.out().lines().filter(l -> l.matches("  \\S.*: .*, band .*")).toList();
    assertThat(lines).hasSize(anomalies).isNotEmpty();
    String printed = (spiked.out() + spiked.err()).toLowerCase(Locale.ROOT);
    for (String line : lines) {
      String metric =
          line.strip().substring(0, line.strip().lastIndexOf(": ")).toLowerCase(Locale.ROOT);
      assertThat(printed.split(java.util.regex.Pattern.quote(metric), -1))
          .as("times '%s' is printed", metric)
          .hasSize(2);
    }
    assertThat(spiked.err())
        .isEqualTo(
            "anomalies check failed: "
                + anomalies
                + " of "
                + metrics
                + " metrics "
                + (anomalies == 1 ? "is outside its band" : "are outside their bands")
                + " (--threshold 5.0), as listed above.\n");
    assertThat(Files.readString(out.resolve("anomalies.html")))
        .contains("<svg", "<div class=\"word\">FAILED</div>");
    // The CI outputs: one test case per metric judged, the anomalies failed.
    CiOutputsTest.kept("anomalies-fail.md", Files.readString(out.resolve("summary.md")), tmp);
    String junit = Files.readString(xml);
    CiOutputsTest.kept("anomalies-fail.xml", junit, tmp);
    assertThat(junit.split("<failure ", -1)).hasSize(anomalies + 1);
    // With the newest data, --explain finds where the new nulls sit: emails went missing on the
    // even ids, so in the countries c0 and c2 only.
    CliRun explained =
        wick(
            "anomalies",
            "--history",
            spikeHistory,
            "--in",
            tmp.resolve("spike").toString(),
            "--explain",
            "--out",
            tmp.resolve("explained").toString());
    assertThat(explained.exitCode()).as(explained.err()).isEqualTo(1);
    assertThat(explained.out()).containsPattern("explain: email drifted: .*country = c[02]");
    // The same explanation in the report: the JSON's explain array and the page's section.
    com.fasterxml.jackson.databind.JsonNode explain =
        new ObjectMapper()
            .readTree(tmp.resolve("explained").resolve("anomalies.json").toFile())
            .get("explain");
    assertThat(explain).hasSize(1);
    assertThat(explain.get(0).get("slices").get(0).get("slice").asText())
        .matches("country = c[02]");
    assertThat(Files.readString(tmp.resolve("explained").resolve("anomalies.html")))
        .contains("<h2>Where the anomalies sit</h2>");
    // Judged as of the day before, the same history passes, in one line.
    CliRun before =
        wick(
            "anomalies",
            "--history",
            spikeHistory,
            "--at",
            "2026-11-09T12:00:00Z",
            "--out",
            tmp.resolve("before").toString(),
            "--junit-xml",
            tmp.resolve("before.xml").toString());
    assertThat(before.exitCode()).isZero();
    assertThat(before.out())
        .endsWith(
            "anomalies gate passed: All " + metrics + " metrics judged held (--threshold 5.0).\n");
    CiOutputsTest.kept(
        "anomalies-pass.md", Files.readString(tmp.resolve("before").resolve("summary.md")), tmp);
    CiOutputsTest.kept("anomalies-pass.xml", Files.readString(tmp.resolve("before.xml")), tmp);
  }

  @Test
  void theSameEntryIsRefusedUnlessOverwrittenAndAFreshHistoryIsTooShort() {
    CliRun again = profile("normal", 3);
    assertThat(again.exitCode()).isEqualTo(2);
    assertThat(again.err())
        .contains("20261103T000000Z already exists; pass --overwrite to replace it");
    CliRun young = wick("anomalies", "--history", history, "--at", "2026-11-04");
    assertThat(young.exitCode()).isEqualTo(2);
    assertThat(young.err())
        .isEqualTo(
            "error: The history holds 3 profiles before 2026-11-04T00:00:00Z, too few to judge: at"
                + " least 7 are needed (check the path, or pass --allow-empty to accept it).\n");
    assertThat(
            wick("anomalies", "--history", history, "--at", "2026-11-04", "--allow-empty")
                .exitCode())
        .isZero();
  }

  @Test
  void historyListsMergesAndPrunes() throws Exception {
    String copy = tmp.resolve("copy").toString();
    for (int day = 1; day <= 5; day++) {
      wick(
          "profile",
          "--in",
          tmp.resolve("normal").toString(),
          "--history",
          copy,
          "--at",
          "2026-11-0" + day,
          "--label",
          "country=DE");
    }
    CliRun list = wick("history", "list", "--history", copy);
    assertThat(list.exitCode()).isZero();
    assertThat(list.out().lines()).hasSize(6).last().isEqualTo("5 profiles in " + copy);
    assertThat(list.out())
        .contains("2026-11-01T00:00:00Z  country=DE  " + copy + "/20261101T000000Z_country=DE");

    Path merged = tmp.resolve("week");
    CliRun merge =
        wick(
            "history",
            "merge",
            "--history",
            copy,
            "--from",
            "2026-11-01",
            "--to",
            "2026-11-04",
            "--out",
            merged.toString());
    assertThat(merge.exitCode()).as(merge.err()).isZero();
    assertThat(Files.readString(merged.resolve("profile.json"))).contains("\"rowCount\" : 1200");

    CliRun prune =
        wick("history", "prune", "--history", copy, "--keep", "2d", "--at", "2026-11-05");
    assertThat(prune.exitCode()).as(prune.err()).isZero();
    assertThat(prune.out()).endsWith("2 profiles deleted from " + copy + "\n");
    assertThat(wick("history", "list", "--history", copy).out())
        .endsWith("3 profiles in " + copy + "\n");
  }
}
