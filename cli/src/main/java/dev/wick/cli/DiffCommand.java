package dev.wick.cli;

import dev.wick.bigdiff.BigDiff;
import dev.wick.bigdiff.DiffSummary;
import dev.wick.bigdiff.DiffThresholds;
import dev.wick.bigdiff.PreparedDiff;
import dev.wick.core.ExitCode;
import dev.wick.core.WickException;
import dev.wick.core.gate.Verdict;
import dev.wick.core.io.Format;
import dev.wick.core.io.Output;
import dev.wick.core.results.Run;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code wick diff}: a keyed diff of two datasets with field-level statistics, as a gate. */
@Command(
    name = "diff",
    header = "Compare two datasets key by key; gate a release on the result.",
    mixinStandardHelpOptions = true,
    description =
        "Compare two datasets key by key, in one shuffle: each key is SAME, DIFFERENT, MISSING_LHS"
            + " (only in rhs) or MISSING_RHS (only in lhs), and each field gets statistics of how"
            + " much it differs. Writes summary.json, summary.md, keys/, fields/ and report.html to --out (the"
            + " datasets in parquet unless --out-format is avro or json) and prints a short table."
            + " With --fail-on-diff or --max-diff-fraction it exits with 1 when the diff is too big"
            + " or the schema changed, and with 2 when a side has no rows, so that it can gate a"
            + " release.")
final class DiffCommand implements Callable<Integer> {
  private static final List<Format> FORMATS = List.of(Format.PARQUET, Format.AVRO, Format.JSON);

  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Mixin SparkOptions spark;

  @Option(
      names = "--lhs",
      required = true,
      paramLabel = "PATH",
      description =
          "The baseline: a file, folder or glob, or a table: table:NAME, delta:PATH or"
              + " iceberg:TABLE, each Delta or Iceberg one with @VERSION or @TIME if wanted.")
  String lhs;

  @Option(
      names = "--rhs",
      required = true,
      paramLabel = "PATH",
      description = "The candidate, compared against the baseline.")
  String rhs;

  @Mixin DiffInputOptions inputs;

  @Option(
      names = "--key",
      split = ",",
      paramLabel = "FIELD",
      description =
          "The fields that identify a record (nested paths such as user.id allowed). Without"
              + " --key, the two sides are compared as multisets of whole rows: the rows only in"
              + " one side are counted, duplicates included.")
  List<String> keys = new ArrayList<>();

  @Mixin OutputOptions output;

  @Mixin OutFormatOption outFormat;

  @Option(names = "--format", hidden = true, converter = FormatConverter.class)
  void format(Format f) {
    outFormat.set(f);
  }

  @Mixin CompareOptions compare;

  @Option(
      names = "--sample",
      paramLabel = "F",
      description =
          "Diff only the fraction F of the keys that wick sample --by KEY --seed N keeps (the same"
              + " keys on both sides); report each share with its 95%% Wilson interval, and gate"
              + " --max-diff-fraction on the interval's upper bound.")
  Double sample;

  @Mixin SeedOption seed;

  @Mixin ExplainOptions explain;

  @ArgGroup(exclusive = true)
  DiffGateFlags gate;

  @Mixin GateOptions gateOptions;

  @Mixin VerdictOutputs verdictOutputs;

  @Override
  public Integer call() {
    Format format = outFormat.format().orElse(Format.PARQUET);
    if (!FORMATS.contains(format)) {
      throw WickException.usage(
          "--out-format "
              + format.sparkName()
              + " cannot hold the diff's lists of fields; use parquet, avro or json.");
    }
    if (gate != null) {
      gate.check();
    }
    verdictOutputs.check(output.overwrite, List.of(lhs, rhs), output.out);
    // The diff's settings fail here, before Spark starts.
    String lhsLabel = "lhs (" + lhs + ")";
    String rhsLabel = "rhs (" + rhs + ")";
    BigDiff diff =
        compare
            .apply(keys.isEmpty() ? BigDiff.keyless() : BigDiff.key(keys.toArray(new String[0])))
            .labels(lhsLabel, rhsLabel);
    Optional<DiffThresholds> thresholds =
        gate == null ? Optional.empty() : Optional.of(gate.thresholds(gateOptions));
    if (sample != null) {
      diff = diff.sample(sample, seed.value());
    }
    if (explain.on()) {
      diff =
          explain.by.isEmpty() ? diff.explain() : diff.explainBy(explain.by.toArray(new String[0]));
    }
    SparkSession session = spark.spark();
    Inputs.refuseSame(session, "--lhs", lhs, "--rhs", rhs);
    verdictOutputs.checkTable(() -> session);
    ResultsTableOption table = verdictOutputs.results;
    Run run = table.against(session, table.run(session, "diff", rhs), lhs);
    Dataset<Row> left = inputs.lhs(session, lhs);
    Dataset<Row> right = inputs.rhs(session, rhs);
    PreparedDiff prepared = diff.prepare(left, right);
    DiffSummary summary;
    String written;
    try (Output out = Output.create(session, output.out, output.overwrite, List.of(lhs, rhs))) {
      summary = prepared.writeTo(out, format, thresholds);
      written = out.commit();
    }
    PrintWriter w = spec.commandLine().getOut();
    DiffPrinter.print(w, lhs, rhs, summary, Inputs.local(written));
    w.flush();
    Verdict verdict = summary.verdict(thresholds, lhsLabel, rhsLabel);
    verdictOutputs.publish(
        verdict, Inputs.local(written), "report.html", session, run, summary.metrics(thresholds));
    if (gate == null) {
      return ExitCode.OK.code();
    }
    GatePrinter.passed(verdict, w, gate.flag());
    return gate.report(summary, thresholds.get(), spec.commandLine().getErr());
  }
}
