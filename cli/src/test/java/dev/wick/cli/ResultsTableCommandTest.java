package dev.wick.cli;

import static dev.wick.cli.CliRun.wick;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.core.results.Metric;
import dev.wick.core.results.ResultsTable;
import dev.wick.core.results.Run;
import dev.wick.core.results.RunResult;
import dev.wick.core.spark.WickSpark;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --results-table}: a scheduled check, validate, profile and diff of the bundled data append
 * to one table, which SQL then reads back with the numbers the commands printed; a Delta table
 * records the version of a Delta input and takes four appends at once; an Iceberg table is created
 * by its first append; a label without a table, a table inside an input and a table of other
 * columns are refused before any work.
 */
class ResultsTableCommandTest {
  static final String PLAYS = "../examples/data/track_plays";
  static final String CHECKS = "../examples/checks/track_plays.yaml";
  static final String BASELINE = "../examples/data/counts_baseline";
  static final String CANDIDATE = "../examples/data/counts_candidate";

  @TempDir static Path tmp;
  static SparkSession spark;

  @BeforeAll
  static void spark() {
    spark = WickSpark.local(2);
  }

  @Test
  void aCheckAValidationAProfileAndADiffAppendToOneTableThatSqlReads() throws Exception {
    String table = tmp.resolve("results").toString();
    CliRun check =
        wick(
            "check",
            "--in",
            PLAYS,
            "--checks",
            CHECKS,
            "--out",
            tmp.resolve("c").toString(),
            "--results-table",
            table,
            "--results-label",
            "nightly");
    assertThat(check.exitCode()).as(check.err()).isZero();
    CliRun diff =
        wick(
            "diff",
            "--lhs",
            BASELINE,
            "--rhs",
            CANDIDATE,
            "--key",
            "track_id",
            "--out",
            tmp.resolve("d").toString(),
            "--max-diff-fraction",
            "0.01",
            "--results-table",
            table,
            "--results-label",
            "nightly");
    assertThat(diff.exitCode()).as(diff.err()).isEqualTo(1);
    CliRun profile =
        wick(
            "profile",
            "--in",
            PLAYS,
            "--out",
            tmp.resolve("p").toString(),
            "--results-table",
            table);
    assertThat(profile.exitCode()).as(profile.err()).isZero();

    spark.read().parquet(table).createOrReplaceTempView("wick_results");
    List<Row> runs =
        spark
            .sql(
                "SELECT command, count(DISTINCT run_id), count(*), min(label) FROM wick_results"
                    + " GROUP BY command ORDER BY command")
            .collectAsList();
    assertThat(runs).extracting(r -> r.getString(0)).containsExactly("check", "diff", "profile");
    assertThat(runs).allMatch(r -> r.getLong(1) == 1);
    assertThat(runs.get(0).getString(3)).isEqualTo("nightly");
    assertThat(runs.get(2).isNullAt(3)).isTrue();

    // The numbers are the ones the commands printed: 133 of 500 keys not SAME, judged <= 0.01.
    Row share =
        spark
            .sql(
                "SELECT value, bound, passed, dataset, baseline FROM wick_results WHERE command ="
                    + " 'diff' AND metric = 'diff fraction'")
            .first();
    assertThat(share.getDouble(0)).isEqualTo(133 / 500.0);
    assertThat(share.getString(1)).isEqualTo("<= 0.01");
    assertThat(share.getBoolean(2)).isFalse();
    assertThat(share.getString(3)).isEqualTo(CANDIDATE);
    assertThat(share.getString(4)).isEqualTo(BASELINE);
    assertThat(diff.err()).contains("133 of 500 keys are not SAME");

    // The check's rows and the profile's rows are the same count of the same dataset.
    List<Row> rows =
        spark
            .sql(
                "SELECT command, value FROM wick_results WHERE dataset = '"
                    + PLAYS
                    + "' AND subject = 'dataset' AND metric = 'rows' ORDER BY command")
            .collectAsList();
    assertThat(rows).hasSize(2);
    assertThat(rows.get(0).getDouble(1)).isEqualTo(rows.get(1).getDouble(1)).isGreaterThan(0);
    // One row per check, each judged.
    long checks =
        spark
            .sql(
                "SELECT count(*) FROM wick_results WHERE command = 'check' AND passed IS NOT"
                    + " NULL")
            .first()
            .getLong(0);
    assertThat(checks).isEqualTo(10);
  }

  @Test
  void aDeltaTableKeepsTheVersionReadAndTakesFourAppendsAtOnce() throws Exception {
    Path plays = tmp.resolve("delta-plays");
    spark.read().format("avro").load(PLAYS).write().format("delta").save(plays.toString());
    spark
        .read()
        .format("avro")
        .load(PLAYS)
        .write()
        .format("delta")
        .mode("overwrite")
        .save(plays.toString());
    String table = "delta:" + tmp.resolve("delta-results");
    CliRun check =
        wick(
            "check",
            "--in",
            "delta:" + plays,
            "--checks",
            CHECKS,
            "--out",
            tmp.resolve("dc").toString(),
            "--results-table",
            table);
    assertThat(check.exitCode()).as(check.err()).isZero();
    Row first = ResultsTable.at(table).read(spark).first();
    assertThat(first.<String>getAs("dataset_version")).isEqualTo("v1");

    ExecutorService pool = Executors.newFixedThreadPool(4);
    List<Future<String>> appends = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      int n = i;
      appends.add(
          pool.submit(
              () -> {
                Run run = Run.of("check", "run-" + n);
                ResultsTable.at(table).append(spark, run, List.of(Metric.of("dataset", "rows", n)));
                return run.id();
              }));
    }
    for (Future<String> f : appends) {
      f.get();
    }
    pool.shutdown();
    List<Row> landed =
        ResultsTable.at(table).read(spark).where("dataset LIKE 'run-%'").collectAsList();
    assertThat(landed).hasSize(4);
    assertThat(landed).extracting(r -> r.<String>getAs("run_id")).doesNotHaveDuplicates();
    assertThat(landed)
        .allMatch(
            r -> r.<String>getAs("dataset").equals("run-" + Math.round(r.<Double>getAs("value"))));
  }

  @Test
  void anIcebergTableIsCreatedByItsFirstAppend() {
    spark.conf().set("spark.sql.catalog.wickresults", "org.apache.iceberg.spark.SparkCatalog");
    spark.conf().set("spark.sql.catalog.wickresults.type", "hadoop");
    spark
        .conf()
        .set("spark.sql.catalog.wickresults.warehouse", tmp.resolve("iceberg").toUri().toString());
    String table = "iceberg:wickresults.dq.results";
    for (int i = 0; i < 2; i++) {
      CliRun check =
          wick(
              "check",
              "--in",
              PLAYS,
              "--checks",
              CHECKS,
              "--out",
              tmp.resolve("ic" + i).toString(),
              "--results-table",
              table);
      assertThat(check.exitCode()).as(check.err()).isZero();
    }
    assertThat(
            spark
                .sql("SELECT count(DISTINCT run_id) FROM wickresults.dq.results")
                .first()
                .getLong(0))
        .isEqualTo(2);
  }

  @Test
  void refusalsComeBeforeAnyWork() throws Exception {
    CliRun label =
        wick(
            "check",
            "--in",
            PLAYS,
            "--checks",
            CHECKS,
            "--out",
            tmp.resolve("l").toString(),
            "--results-label",
            "nightly");
    assertThat(label.exitCode()).isEqualTo(2);
    assertThat(label.err())
        .contains("--results-label labels rows of a results table; add --results-table LOCATION.");

    CliRun inside =
        wick(
            "check",
            "--in",
            PLAYS,
            "--checks",
            CHECKS,
            "--out",
            tmp.resolve("i").toString(),
            "--results-table",
            PLAYS + "/results");
    assertThat(inside.exitCode()).isEqualTo(2);
    assertThat(inside.err())
        .contains(
            "--results-table "
                + PLAYS
                + "/results is inside the input "
                + PLAYS
                + ", which Wick never writes; keep the results table elsewhere.");

    Path other = tmp.resolve("not-results");
    spark.range(2).toDF("id").write().parquet(other.toString());
    Path out = tmp.resolve("never");
    CliRun wrong =
        wick(
            "check",
            "--in",
            PLAYS,
            "--checks",
            CHECKS,
            "--out",
            out.toString(),
            "--results-table",
            other.toString());
    assertThat(wrong.exitCode()).isEqualTo(2);
    assertThat(wrong.err())
        .contains("has the columns [id], not Wick's results columns [run_id,")
        .contains("name a new location or one that Wick's runs created.");
    assertThat(Files.exists(out)).isFalse();
  }

  @Test
  void anomaliesAndHistoryReadTheRunsOfAResultsTable() throws Exception {
    String table = tmp.resolve("judged").toString();
    CliRun check =
        wick(
            "check",
            "--in",
            PLAYS,
            "--checks",
            CHECKS,
            "--out",
            tmp.resolve("j").toString(),
            "--results-table",
            table,
            "--results-label",
            "nightly");
    assertThat(check.exitCode()).as(check.err()).isZero();
    RunResult real =
        ResultsTable.at(table).history(spark, Optional.empty(), Optional.empty(), 0).get(0);
    double rows =
        real.metrics().stream()
            .filter(m -> m.subject().equals("dataset") && m.metric().equals("rows"))
            .findFirst()
            .orElseThrow()
            .value()
            .getAsDouble();
    // Seven earlier nights of the same check, each with about twice the rows and otherwise the
    // same numbers: tonight's row count is the anomaly.
    for (int day = 7; day >= 1; day--) {
      Run earlier =
          new Run(
              "earlier-" + day,
              real.run().time().minus(java.time.Duration.ofDays(day)),
              "check",
              PLAYS,
              Optional.empty(),
              Optional.empty(),
              Optional.empty(),
              Optional.of("nightly"));
      double factor = 2 + day / 100.0;
      List<Metric> metrics =
          real.metrics().stream()
              .map(
                  m ->
                      m.subject().equals("dataset") && m.metric().equals("rows")
                          ? Metric.of("dataset", "rows", rows * factor)
                          : m)
              .toList();
      ResultsTable.at(table).append(spark, earlier, metrics);
    }

    CliRun anomalies = wick("anomalies", "--history", table);
    assertThat(anomalies.exitCode()).as(anomalies.out() + anomalies.err()).isEqualTo(1);
    assertThat(anomalies.out()).contains("rows");
    // Only the row count moved; every other number is as it was on the earlier nights.
    assertThat(anomalies.err())
        .contains("anomalies check failed: 1 of 15 metrics is outside its band");
    CliRun history = wick("history", "list", "--history", table);
    assertThat(history.exitCode()).as(history.err()).isZero();
    assertThat(history.out()).contains("8 runs in " + table).contains("  check  nightly  " + PLAYS);
    CliRun prune = wick("history", "prune", "--history", table, "--keep", "1d");
    assertThat(prune.exitCode()).isEqualTo(2);
    assertThat(prune.err())
        .contains(
            table
                + " is a results table, which only 'wick history list' and 'wick anomalies' read;"
                + " prune or merge its rows with SQL on the table.");
  }
}
