package dev.wick.cli;

import dev.wick.bigdiff.DiffSummary;
import dev.wick.bigdiff.DiffThresholds;
import dev.wick.core.WickException;
import java.io.PrintWriter;
import picocli.CommandLine.Option;

/** {@code wick diff}'s release gate: {@code --max-diff-fraction} or {@code --fail-on-diff}. */
final class DiffGateFlags {
  @Option(
      names = "--max-diff-fraction",
      paramLabel = "X",
      description =
          "Exit with 1 when more than this fraction of the keys is not SAME (duplicated keys count"
              + " as not SAME).")
  Double maxDiffFraction;

  @Option(names = "--fail-on-diff", description = "Exit with 1 when any key is not SAME.")
  boolean failOnDiff;

  /** Refuses a fraction outside [0, 1] before Spark starts. */
  void check() {
    if (maxDiffFraction != null && !(maxDiffFraction >= 0 && maxDiffFraction <= 1)) {
      throw WickException.usage(
          "--max-diff-fraction must be between 0 and 1, got " + maxDiffFraction + ".");
    }
  }

  /** The thresholds these flags set, accepting what {@code accepted} accepts. */
  DiffThresholds thresholds(GateOptions accepted) {
    return accepted.apply(
        failOnDiff
            ? DiffThresholds.anyDifference()
            : DiffThresholds.maxDiffFraction(maxDiffFraction),
        DiffThresholds::allowingSchemaChange,
        DiffThresholds::allowingEmpty);
  }

  /** How the threshold was given, for the lines that print the verdict. */
  String flag() {
    return failOnDiff ? "--fail-on-diff" : "--max-diff-fraction " + maxDiffFraction;
  }

  /** The gate's exit code for {@code summary}, its violations printed on {@code err}. */
  int report(DiffSummary summary, DiffThresholds thresholds, PrintWriter err) {
    return GatePrinter.report(
        summary.gate(thresholds),
        err,
        "diff",
        flag(),
        "accept it with --allow-schema-change, or leave the field out with --ignore");
  }
}
