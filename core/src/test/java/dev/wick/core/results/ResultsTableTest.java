package dev.wick.core.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.WickException;
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

class ResultsTableTest {
  static SparkSession spark;
  @TempDir Path dir;

  @BeforeAll
  static void spark() {
    spark = WickSpark.local(2);
  }

  private static List<Metric> metrics(double rows) {
    return List.of(
        Metric.of("dataset", "rows", rows),
        Metric.judged("completeness(country)", "completeness", 0.98, ">= 0.99", false),
        new Metric(
            "mean(ms)",
            "mean",
            java.util.OptionalDouble.empty(),
            Optional.of("between 1 and 2"),
            Optional.of(true)));
  }

  @Test
  void aFolderAppendKeepsEveryColumnOfTheRunAndItsMetrics() {
    ResultsTable table = ResultsTable.at(dir.resolve("results").toString());
    Run run =
        Run.of("check", "/data/plays")
            .label(Optional.of("nightly"))
            .baseline("/data/old", Optional.of("v3"));
    table.append(spark, run, metrics(1000));

    List<Row> rows = table.read(spark).orderBy("metric").collectAsList();
    assertThat(rows).hasSize(3);
    Row completeness = rows.get(0);
    assertThat(completeness.<String>getAs("run_id")).isEqualTo(run.id());
    assertThat(completeness.<String>getAs("command")).isEqualTo("check");
    assertThat(completeness.<String>getAs("dataset")).isEqualTo("/data/plays");
    assertThat(completeness.<String>getAs("baseline")).isEqualTo("/data/old");
    assertThat(completeness.<String>getAs("baseline_version")).isEqualTo("v3");
    assertThat(completeness.<String>getAs("label")).isEqualTo("nightly");
    assertThat(completeness.<String>getAs("subject")).isEqualTo("completeness(country)");
    assertThat(completeness.<Double>getAs("value")).isEqualTo(0.98);
    assertThat(completeness.<String>getAs("bound")).isEqualTo(">= 0.99");
    assertThat(completeness.<Boolean>getAs("passed")).isFalse();
    Row mean = rows.get(1);
    assertThat(mean.isNullAt(mean.fieldIndex("value"))).isTrue();
    Row count = rows.get(2);
    assertThat(count.<Double>getAs("value")).isEqualTo(1000.0);
    assertThat(count.isNullAt(count.fieldIndex("passed"))).isTrue();
    assertThat(count.isNullAt(count.fieldIndex("dataset_version"))).isTrue();
    // Nothing is left beside the appended file: the staging folder is gone.
    assertThat(dir.resolve("results").resolve("_wick_staging")).doesNotExist();
  }

  @Test
  void fourRunsAppendingAtOnceAllLandWhole() throws Exception {
    ResultsTable table = ResultsTable.at(dir.resolve("results").toString());
    ExecutorService pool = Executors.newFixedThreadPool(4);
    List<Future<String>> runs = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      int n = i;
      runs.add(
          pool.submit(
              () -> {
                Run run = Run.of("check", "/data/plays-" + n);
                table.append(spark, run, metrics(n));
                return run.id();
              }));
    }
    List<String> ids = new ArrayList<>();
    for (Future<String> f : runs) {
      ids.add(f.get());
    }
    pool.shutdown();

    List<Row> rows = table.read(spark).collectAsList();
    assertThat(rows).hasSize(12);
    for (String id : ids) {
      List<Row> ofRun = rows.stream().filter(r -> r.getAs("run_id").equals(id)).toList();
      assertThat(ofRun).hasSize(3);
      // Every row of a run is the run's own: its dataset and its row count agree.
      String dataset = ofRun.get(0).getAs("dataset");
      assertThat(ofRun).allMatch(r -> r.getAs("dataset").equals(dataset));
      double count =
          ofRun.stream()
              .filter(r -> r.getAs("metric").equals("rows"))
              .findFirst()
              .orElseThrow()
              .<Double>getAs("value");
      assertThat(dataset).isEqualTo("/data/plays-" + (int) count);
    }
  }

  @Test
  void aTableOfOtherColumnsIsRefusedBeforeAnythingIsWritten() throws Exception {
    Path other = dir.resolve("other");
    spark.range(3).toDF("id").write().parquet(other.toString());
    long files = Files.list(other).count();
    ResultsTable table = ResultsTable.at(other.toString());

    assertThatThrownBy(() -> table.append(spark, Run.of("check", "x"), metrics(1)))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "The results table "
                + other
                + " has the columns [id], not Wick's results columns [run_id, run_time, command,"
                + " dataset, dataset_version, baseline, baseline_version, label, subject, metric,"
                + " value, bound, passed]; name a new location or one that Wick's runs created.");
    assertThat(Files.list(other).count()).isEqualTo(files);
  }

  @Test
  void aFileOrAMissingTableOrNoLocationIsOneSentence() throws Exception {
    Path file = Files.writeString(dir.resolve("results.txt"), "x");
    assertThatThrownBy(() -> ResultsTable.at(file.toString()).check(spark))
        .hasMessage("The results table " + file + " is a file; name a folder for the results.");
    // A folder of other files (a home folder, another command's output) is never written into.
    Path home = Files.createDirectories(dir.resolve("home"));
    Files.writeString(home.resolve("notes.txt"), "mine");
    assertThatThrownBy(
            () -> ResultsTable.at(home.toString()).append(spark, Run.of("check", "x"), metrics(1)))
        .hasMessage(
            "The results table "
                + home
                + " is a folder holding notes.txt, which is not a results file; name an empty"
                + " folder or one that Wick's runs created.");
    assertThat(home.toFile().list()).containsExactly("notes.txt");
    Path missing = dir.resolve("none");
    assertThatThrownBy(() -> ResultsTable.at(missing.toString()).read(spark))
        .hasMessage(
            "The results table " + missing + " does not exist; name one that runs appended to.");
    assertThatThrownBy(() -> ResultsTable.at("delta:"))
        .hasMessage(
            "The results table 'delta:' names no location; give a folder, delta:PATH or"
                + " iceberg:CATALOG.DB.TABLE.");
  }
}
