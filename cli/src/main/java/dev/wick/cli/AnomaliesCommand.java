package dev.wick.cli;

import dev.wick.core.WickException;
import dev.wick.core.explain.Explanation;
import dev.wick.core.gate.Verdict;
import dev.wick.core.io.Output;
import dev.wick.core.results.ResultsTable;
import dev.wick.profiler.Anomalies;
import dev.wick.profiler.AnomalyReport;
import dev.wick.profiler.AnomalyThresholds;
import dev.wick.profiler.DriftRegion;
import dev.wick.profiler.Profile;
import dev.wick.profiler.ProfileHistory;
import dev.wick.profiler.ProfileReport;
import dev.wick.profiler.TimedProfile;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code wick anomalies}: is the newest profile of a history unusual? Reads profiles only. */
@Command(
    name = "anomalies",
    header = "Judge the newest profile of a history against the earlier ones.",
    mixinStandardHelpOptions = true,
    description =
        "Judge the newest profile of a history (written by 'wick profile --history') against the"
            + " earlier profiles of its label, without reading any data: per field and metric (row"
            + " count, null rate, distinct count, mean, quantiles, shares of top values, invalid"
            + " rate, distances to the window's distribution) a robust band from the median and"
            + " MAD of the window, or of the same weekday when the history shows a weekly cycle."
            + " A results table (--results-table of any command) given as --history is judged"
            + " the same way: the newest run's every metric against the earlier runs of its"
            + " command, dataset and label."
            + " Exits with 1 when a metric is outside its band or the schema changed, and with 2"
            + " when the history is too short to judge (fewer than --min-history earlier"
            + " profiles) unless --allow-empty.")
final class AnomaliesCommand implements Callable<Integer> {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Mixin SparkOptions spark;

  @Option(
      names = "--history",
      required = true,
      paramLabel = "DIR",
      description =
          "The history folder (local or any Hadoop file system), or a results table that"
              + " --results-table appended to, named as there.")
  String history;

  @Option(
      names = "--at",
      paramLabel = "TIME",
      description = "Judge the newest entry at or before this time (default: the newest entry).")
  String at;

  @Option(
      names = "--label",
      paramLabel = "LABEL",
      description = "Judge the entries of this label (default: the newest entry's label).")
  String label;

  @Mixin AnomaliesOptions judging;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description =
          "Write anomalies.json and anomalies.html here (refused if it exists, unless"
              + " --overwrite).")
  String out;

  @Option(
      names = "--overwrite",
      description = "Replace --out if it exists (only a folder Wick or Spark wrote).")
  boolean overwrite;

  @Mixin GateOptions gate;

  @Mixin ProfileDataOptions data;

  @Mixin VerdictOutputs verdictOutputs;

  @Override
  public Integer call() {
    if (overwrite && out == null) {
      throw WickException.usage("--overwrite needs --out DIR to say what to overwrite.");
    }
    data.check("newest", "the anomalies");
    verdictOutputs.check(overwrite, data.inputs(List.of(history)), out);
    verdictOutputs.checkTable(spark::spark);
    Anomalies anomalies = judging.anomalies();
    Optional<Instant> upTo = Optional.ofNullable(at).map(ProfileHistory::parseTime);
    Configuration conf = new Configuration();
    List<TimedProfile> points = List.of();
    AnomalyReport report;
    if (ResultsTable.holdsResults(history, conf)) {
      report =
          AnomaliesHistory.fromResults(history, label, anomalies, upTo, spark::spark, data.on());
    } else {
      points = AnomaliesHistory.profiles(history, label, anomalies, upTo, conf);
      report = anomalies.detect(points);
    }
    AnomalyThresholds thresholds =
        gate.apply(
            AnomalyThresholds.strict(),
            AnomalyThresholds::allowingSchemaChange,
            AnomalyThresholds::allowingEmpty);
    PrintWriter stdout = spec.commandLine().getOut();
    AnomaliesPrinter.print(report, stdout);
    Map<String, Explanation> explained = Map.of();
    if (data.on() && points.size() >= 2 && !report.anomalies().isEmpty()) {
      Profile newestProfile = points.get(points.size() - 1).profile();
      explained =
          data.explain(
              spark.spark(),
              DriftRegion.ofAnomalies(
                  report, points.get(points.size() - 2).profile(), newestProfile),
              stdout);
    }
    String written = null;
    if (out != null) {
      try (Output o = Output.create(spark.spark(), out, overwrite, List.of(history))) {
        report.writeTo(o, thresholds, explained);
        written = Inputs.local(o.commit());
        stdout.printf(
            "Wrote %s (%s, %s, %s).%n",
            written, AnomalyReport.JSON, AnomalyReport.HTML, ProfileReport.SUMMARY_MD);
      }
    }
    Verdict verdict = report.verdict(thresholds);
    SparkSession session = verdictOutputs.appends() ? spark.spark() : null;
    verdictOutputs.publish(
        verdict,
        written,
        AnomalyReport.HTML,
        session,
        session == null ? null : verdictOutputs.results.run(session, "anomalies", report.source()),
        report.metrics());
    GatePrinter.passed(verdict, stdout, "--threshold " + judging.threshold);
    stdout.flush();
    return AnomaliesPrinter.gate(
        report,
        report.gate(thresholds),
        "--threshold " + judging.threshold,
        spec.commandLine().getErr());
  }
}
