package dev.wick.cli;

import dev.wick.checks.CheckResult;
import dev.wick.checks.CheckResults;
import dev.wick.checks.Checks;
import dev.wick.core.gate.GateResult;
import dev.wick.core.io.Output;
import dev.wick.core.report.Wording;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code wick check}: dataset-level checks from a checks file, in as few passes as they allow. */
@Command(
    name = "check",
    header = "Check a dataset against the checks of a checks file.",
    mixinStandardHelpOptions = true,
    description =
        "Run the checks of a checks file (JSON or YAML: row counts, completeness, uniqueness,"
            + " distinct counts, allowed values, ranges, means, sums, quantiles, regular"
            + " expressions, semantic types, SQL predicates, references to other datasets and"
            + " freshness) on a dataset in one scan, plus one read of the key columns per unique or references"
            + " check and, on columnar inputs, one of the fields of distinct counts and quantiles."
            + " Writes"
            + " checks.json and checks.html to --out, prints one line per failed check, and exits"
            + " 1 when a check of severity error fails, 2 when the input has no rows (unless"
            + " --allow-empty).")
final class CheckCommand implements Callable<Integer> {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Mixin SparkOptions spark;

  @Mixin InputOptions input;

  @Option(
      names = "--checks",
      required = true,
      paramLabel = "FILE",
      description = "The checks file (.json, .yaml or .yml).")
  Path checksFile;

  @Option(
      names = "--ref",
      paramLabel = "NAME=PATH",
      description =
          "A dataset the references checks name, by path; overrides the checks file's path of"
              + " that name. Repeat for several.")
  Map<String, String> refs = new LinkedHashMap<>();

  @Mixin OutputOptions output;

  @Mixin AllowEmptyOption empty;

  @Override
  public Integer call() {
    Checks checks = Checks.read(checksFile);
    if (input.trustSql) {
      checks = checks.trustSql();
    }
    for (Map.Entry<String, String> ref : refs.entrySet()) {
      checks = checks.reference(ref.getKey(), ref.getValue());
    }
    List<String> inputs = new ArrayList<>(List.of(input.in, checksFile.toString()));
    inputs.addAll(checks.inputs());
    SparkSession session = spark.spark();
    CheckResults results;
    GateResult gate;
    String written;
    // The output is opened before the scan, so an existing or overlapping one is refused first.
    try (Output o = Output.create(session, output.out, output.overwrite, inputs)) {
      CheckResults ran = checks.run(input.source().read(session));
      results = new CheckResults(input.in, ran.rows(), ran.passes(), ran.results());
      gate = results.gate(empty.allowEmpty);
      if (gate.hasInputError()) {
        // Nothing is written: no rows must not read as all checks passed.
        return GatePrinter.report(gate, spec.commandLine().getErr(), "dataset", "", "");
      }
      results.writeTo(o);
      written = Inputs.local(o.commit());
    }
    PrintWriter stdout = spec.commandLine().getOut();
    long errors = results.results().stream().filter(CheckResult::failsGate).count();
    long warned = results.failed().size() - errors;
    stdout.printf(
        "Checked %s of %s: %d of %s passed, %d failed, %d warned (%s).%n",
        Wording.count(results.rows(), "row"),
        input.in,
        results.results().size() - results.failed().size(),
        Wording.count(results.results().size(), "check"),
        errors,
        warned,
        results.passes() == 1 ? "1 pass" : results.passes() + " passes");
    for (CheckResult r : results.failed()) {
      if (!r.failsGate()) {
        stdout.println("warning: " + r.message());
      }
    }
    stdout.printf(
        "Wrote %s (%s, %s).%n", written, CheckResults.CHECKS_JSON, CheckResults.CHECKS_HTML);
    stdout.flush();
    return GatePrinter.report(
        gate, spec.commandLine().getErr(), "dataset", "set in " + checksFile, "");
  }
}
