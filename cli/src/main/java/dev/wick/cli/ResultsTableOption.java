package dev.wick.cli;

import dev.wick.core.WickException;
import dev.wick.core.io.Source;
import dev.wick.core.results.Metric;
import dev.wick.core.results.ResultsTable;
import dev.wick.core.results.Run;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.Option;

/**
 * {@code --results-table LOCATION}: the run's numbers appended to a table, one row per metric
 * ({@link ResultsTable}), to be queried and charted over time. The location is checked before any
 * work (never inside an input or the command's output folder; a table of other columns is refused
 * once Spark is up), and the rows are appended last, once the outputs are written.
 */
final class ResultsTableOption {
  @Option(
      names = "--results-table",
      paramLabel = "LOCATION",
      description =
          "Also append the run's numbers, one row per metric, to LOCATION: a folder of Parquet"
              + " files, or a Delta or Iceberg table named as an input names one. Every append"
              + " lands whole; a table of other columns is refused.")
  String location;

  @Option(
      names = "--results-label",
      paramLabel = "NAME",
      description = "The label of this run's rows in the results table (a job, a schedule).")
  String label;

  /**
   * Refuses, before any work, a label without a table, and a table inside one of {@code inputs} or
   * inside the command's output folder {@code out} (null when it writes none).
   */
  void check(List<String> inputs, String out) {
    if (location == null) {
      if (label != null) {
        throw WickException.usage(
            "--results-label labels rows of a results table; add --results-table LOCATION.");
      }
      return;
    }
    Optional<Path> folder = ResultsTable.at(location).localFolder();
    if (folder.isEmpty()) {
      return;
    }
    Path target = folder.get();
    if (out != null && !out.contains("://")) {
      Path o = Path.of(out).toAbsolutePath().normalize();
      if (target.startsWith(o) || o.startsWith(target)) {
        throw WickException.usage(
            "--results-table "
                + location
                + " overlaps the output folder "
                + out
                + ", which the command writes whole; keep the results table apart from it.");
      }
    }
    Inputs.holding(target, inputs)
        .ifPresent(
            input -> {
              throw WickException.usage(
                  "--results-table "
                      + location
                      + " is inside the input "
                      + input
                      + ", which Wick never writes; keep the results table elsewhere.");
            });
  }

  /**
   * Refuses a table of other columns before the command's work, starting Spark ({@code spark}) only
   * when a table was named.
   */
  void checkTable(java.util.function.Supplier<SparkSession> spark) {
    if (location != null) {
      ResultsTable.at(location).check(spark.get());
    }
  }

  /** A run of {@code command} over {@code dataset} (its table version read when it is one). */
  Run run(SparkSession spark, String command, String dataset) {
    return Run.of(command, dataset)
        .datasetVersion(
            location == null ? Optional.empty() : Source.of(dataset).tableVersion(spark))
        .label(Optional.ofNullable(label));
  }

  /** {@code run}, compared against {@code baseline} (its table version read when it is one). */
  Run against(SparkSession spark, Run run, String baseline) {
    return run.baseline(
        baseline, location == null ? Optional.empty() : Source.of(baseline).tableVersion(spark));
  }

  /** Appends {@code metrics} of {@code run}, when a table was named. */
  void append(SparkSession spark, Run run, List<Metric> metrics) {
    if (location != null) {
      ResultsTable.at(location).append(spark, run, metrics);
    }
  }
}
