package dev.wick.cli;

import dev.wick.core.WickException;
import dev.wick.core.explain.Explanation;
import dev.wick.core.gate.Verdict;
import dev.wick.core.io.Output;
import dev.wick.profiler.DriftRegion;
import dev.wick.profiler.DriftThresholds;
import dev.wick.profiler.Profile;
import dev.wick.profiler.ProfileReport;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code wick drift --old OLD --new NEW}: compares two profiles from their sketches, without
 * touching data ({@code wick drift OLD NEW} is the older form).
 */
@Command(
    name = "drift",
    header = "Compare two profiles without reading any data.",
    mixinStandardHelpOptions = true,
    description =
        "Compare two profiles written by 'wick profile', the baseline (--old) and the current"
            + " one (--new), each a profile.json or its folder, without"
            + " reading any data: per field the Kolmogorov-Smirnov test for numbers and dates,"
            + " chi-square and L-infinity over top values for categories, and the change in null"
            + " rate and distinct count. With --out it writes drift.json and drift.html there;"
            + " with --max-drift it exits with 1 when a field drifts more or the schema changed.")
final class DriftCommand implements Callable<Integer> {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Mixin SparkOptions spark;

  @Option(
      names = "--old",
      paramLabel = "PATH",
      description = "The baseline profile: a profile.json or the folder 'wick profile' wrote.")
  String old;

  @Option(
      names = "--new",
      paramLabel = "PATH",
      description = "The current profile, compared against the baseline.")
  String now;

  @Parameters(
      index = "0",
      arity = "0..1",
      paramLabel = "OLD",
      description = "The baseline profile: the older form of --old.")
  String oldArgument;

  @Parameters(
      index = "1",
      arity = "0..1",
      paramLabel = "NEW",
      description = "The current profile: the older form of --new.")
  String newArgument;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description =
          "Write drift.json and drift.html here (refused if it exists, unless --overwrite).")
  String out;

  @Option(
      names = "--max-drift",
      paramLabel = "LIMITS",
      description =
          "Exit with 1 when a field drifts more than LIMITS: one score for every measure (such as"
              + " 0.1, a KS statistic or L-infinity), or a limit per measure (such as"
              + " score=0.1,nulls=0.05,distinct=0.5).")
  String maxDrift;

  @Option(
      names = "--overwrite",
      description = "Replace the output if it exists (only a folder Wick or Spark wrote).")
  boolean overwrite;

  @Mixin GateOptions gate;

  @Mixin ProfileDataOptions data;

  @Mixin VerdictOutputs verdictOutputs;

  @Override
  public Integer call() {
    String[] profiles = profiles();
    String baseline = profiles[0];
    String current = profiles[1];
    DriftThresholds thresholds =
        maxDrift == null ? DriftThresholds.none() : DriftThresholds.parse(maxDrift);
    if (overwrite && out == null) {
      throw WickException.usage("--overwrite needs --out DIR to say what to overwrite.");
    }
    data.check("current", "the drift");
    List<String> inputs = data.inputs(List.of(baseline, current));
    verdictOutputs.check(overwrite, inputs, out);
    verdictOutputs.checkTable(spark::spark);
    Profile before = Profile.read(Path.of(baseline));
    Profile after = Profile.read(Path.of(current));
    ProfileReport.Comparison comparison = ProfileReport.Comparison.of(before, after);
    if (maxDrift != null) {
      thresholds =
          gate.apply(
              thresholds, DriftThresholds::allowingSchemaChange, DriftThresholds::allowingEmpty);
    }
    Optional<DriftThresholds> judged =
        maxDrift == null ? Optional.empty() : Optional.of(thresholds);
    PrintWriter stdout = spec.commandLine().getOut();
    DriftPrinter.print(comparison.drift(), stdout);
    Map<String, Explanation> explained = Map.of();
    if (data.on()) {
      List<DriftRegion> regions = DriftRegion.toExplain(comparison.drift(), before, after, judged);
      explained = data.explain(spark.spark(), regions, stdout);
      if (regions.isEmpty()) {
        stdout.println("explain: no field moved enough to explain.");
      }
    }
    String written = null;
    if (out != null) {
      try (Output o = Output.create(spark.spark(), out, overwrite, inputs)) {
        new ProfileReport(after, Optional.of(comparison)).writeDriftTo(o, judged, explained);
        written = Inputs.local(o.commit());
      }
      stdout.printf(
          "Wrote %s (%s, %s, %s).%n",
          written, ProfileReport.DRIFT_JSON, ProfileReport.DRIFT_HTML, ProfileReport.SUMMARY_MD);
      stdout.flush();
    }
    Verdict verdict = comparison.drift().verdict(judged);
    SparkSession session = verdictOutputs.appends() ? spark.spark() : null;
    verdictOutputs.publish(
        verdict,
        written,
        ProfileReport.DRIFT_HTML,
        session,
        session == null
            ? null
            : verdictOutputs
                .results
                .run(session, "drift", after.source())
                .baseline(before.source(), Optional.empty()),
        comparison.drift().metrics(judged));
    if (maxDrift == null) {
      return 0;
    }
    GatePrinter.passed(verdict, stdout, "--max-drift " + maxDrift);
    return DriftPrinter.gate(comparison.drift(), thresholds, maxDrift, spec.commandLine().getErr());
  }

  /** The baseline and current profiles' paths, from --old and --new or from OLD NEW. */
  private String[] profiles() {
    boolean flags = old != null || now != null;
    boolean arguments = oldArgument != null || newArgument != null;
    if (flags && arguments) {
      throw WickException.usage(
          "Give the two profiles either as --old PATH --new PATH or as the arguments OLD NEW, not"
              + " a mix of both; pass them with --old and --new.");
    }
    String baseline = flags ? old : oldArgument;
    String current = flags ? now : newArgument;
    if (baseline == null || current == null) {
      throw WickException.usage(
          "wick drift needs "
              + (baseline == null && current == null
                  ? "two profiles"
                  : baseline == null ? "the baseline profile too" : "the current profile too")
              + "; pass --old PATH --new PATH.");
    }
    return new String[] {baseline, current};
  }
}
