package dev.wick.cli;

import dev.wick.core.WickException;
import dev.wick.core.explain.Explanation;
import dev.wick.core.gate.Verdict;
import dev.wick.core.io.Output;
import dev.wick.core.io.Source;
import dev.wick.core.report.Wording;
import dev.wick.core.results.Metric;
import dev.wick.core.results.Run;
import dev.wick.core.schema.Schema;
import dev.wick.profiler.DriftRegion;
import dev.wick.profiler.DriftThresholds;
import dev.wick.profiler.HistoryEntry;
import dev.wick.profiler.Profile;
import dev.wick.profiler.ProfileReport;
import dev.wick.profiler.Profiler;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code wick profile}: one-pass distribution summaries of every field, and drift. */
@Command(
    name = "profile",
    header = "Profile every field of a dataset in one pass, and its drift.",
    mixinStandardHelpOptions = true,
    description =
        "Profile every field of a dataset in one pass (nested fields, array elements and map"
            + " values included): counts, nulls, distinct values, min, max, mean, quantiles and a"
            + " histogram, top values, lengths, sizes and the share of valid values of semantic"
            + " types. Writes profile.json (with the sketches, so later comparisons need no data)"
            + " and profile.html to --out. With --baseline it also compares against an earlier"
            + " profile and writes drift.json, and with --max-drift exits with 1 when the drift is"
            + " too big or the schema changed.")
final class ProfileCommand implements Callable<Integer> {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Mixin SparkOptions spark;

  @Mixin InputOptions input;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description =
          "The folder to write profile.json and profile.html to (refused if it exists, unless"
              + " --overwrite, and if it is inside an input); --out, --history or both.")
  String out;

  @Option(
      names = "--overwrite",
      description =
          "Replace --out if it exists (only a folder Wick or Spark wrote), and the --history entry"
              + " of the same time and label.")
  boolean overwrite;

  @Mixin HistoryOptions history;

  @Mixin ProfilerOptions profiling;

  @Mixin BaselineOptions drift;

  @Mixin AllowSchemaChangeOption schemaChange;

  @Mixin VerdictOutputs verdictOutputs;

  @Mixin ExplainOptions explain;

  @Override
  public Integer call() {
    Profiler profiler = profiling.profiler();
    DriftThresholds thresholds = drift.thresholds();
    HistoryEntry entry = history.entry();
    if (out == null && entry == null) {
      throw WickException.usage(
          "Say where the profile goes: --out DIR for a report, --history DIR for a history, or"
              + " both.");
    }
    Optional<Profile> before = drift.read();
    if (explain.on() && before.isEmpty()) {
      throw WickException.usage(
          "--explain finds where the drift from a baseline sits; pass --baseline"
              + " OLD/profile.json.");
    }
    List<String> inputs = new ArrayList<>(List.of(input.in));
    before.ifPresent(b -> inputs.add(drift.baseline));
    verdictOutputs.check(overwrite, inputs, out, before.isPresent(), "--baseline OLD/profile.json");
    SparkSession session = spark.spark();
    verdictOutputs.checkTable(() -> session);
    Run run = verdictOutputs.results.run(session, "profile", input.in);
    // The outputs are opened before the scan, so an existing or overlapping one is refused first.
    try (Output report = out == null ? null : Output.create(session, out, overwrite, inputs);
        Output historyEntry =
            entry == null ? null : HistoryOptions.open(session, entry, overwrite, inputs)) {
      Source source = input.source();
      Dataset<Row> data = source.read(session);
      // The model says more than Spark's schema for Avro (enums, semantic types of the writer).
      Schema schema = source.schema(session);
      Profile profile = profiler.profile(data, schema, input.in);
      if (profile.rowCount() == 0) {
        throw WickException.usage(
            "Input " + input.in + " has no rows, so there is nothing to profile; check the path.");
      }
      Optional<ProfileReport.Comparison> comparison =
          before.map(b -> ProfileReport.Comparison.of(b, profile));
      PrintWriter stdout = spec.commandLine().getOut();
      stdout.printf(
          "Profiled %s and %s of %s.%n",
          Wording.count(profile.rowCount(), "row"),
          Wording.count(profile.fields().size(), "field"),
          input.in);
      comparison.ifPresent(c -> DriftPrinter.print(c.drift(), stdout));
      Map<String, Explanation> explained = Map.of();
      if (explain.on() && comparison.isPresent()) {
        explained =
            DriftRegion.explain(
                explain.explainer(data),
                DriftRegion.toExplain(
                    comparison.get().drift(), before.get(), profile, judged(thresholds)));
        explained.values().forEach(e -> stdout.println("explain: " + e.line()));
      }
      String written = null;
      if (report != null) {
        new ProfileReport(profile, comparison).writeTo(report, judged(thresholds), explained);
        written = Inputs.local(report.commit());
        stdout.printf(
            "Wrote %s (%s, %s%s).%n",
            written,
            ProfileReport.PROFILE_JSON,
            ProfileReport.PROFILE_HTML,
            comparison.isPresent()
                ? ", " + ProfileReport.DRIFT_JSON + ", " + ProfileReport.SUMMARY_MD
                : "");
      }
      if (historyEntry != null) {
        entry.write(historyEntry, profile);
        stdout.printf(
            "Added to history %s at %s%s.%n",
            Inputs.local(historyEntry.commit()),
            entry.at(),
            entry.label().map(l -> " (" + l + ")").orElse(""));
      }
      Optional<Verdict> verdict = comparison.map(c -> c.drift().verdict(judged(thresholds)));
      List<Metric> metrics = new ArrayList<>(profile.metrics());
      comparison.ifPresent(c -> metrics.addAll(c.drift().metrics(judged(thresholds))));
      if (verdict.isPresent()) {
        Run compared = run.baseline(before.get().source(), Optional.empty());
        verdictOutputs.publish(
            verdict.get(), written, ProfileReport.PROFILE_HTML, session, compared, metrics);
      } else {
        verdictOutputs.results.append(session, run, metrics);
      }
      stdout.flush();
      if (drift.maxDrift == null || comparison.isEmpty()) {
        return 0;
      }
      DriftThresholds judged = judged(thresholds).get();
      GatePrinter.passed(
          comparison.get().drift().verdict(Optional.of(judged)),
          stdout,
          "--max-drift " + drift.maxDrift);
      return DriftPrinter.gate(
          comparison.get().drift(), judged, drift.maxDrift, spec.commandLine().getErr());
    }
  }

  /** The drift's thresholds, with what the flags accept, when --max-drift set some. */
  private Optional<DriftThresholds> judged(DriftThresholds thresholds) {
    if (drift.maxDrift == null) {
      return Optional.empty();
    }
    return Optional.of(
        schemaChange.allowSchemaChange ? thresholds.allowingSchemaChange() : thresholds);
  }
}
