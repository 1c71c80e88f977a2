package dev.wick.cli;

import dev.wick.checks.CheckResults;
import dev.wick.checks.CheckSplit;
import dev.wick.checks.Checks;
import dev.wick.core.explain.Explainer;
import dev.wick.core.gate.GateResult;
import dev.wick.core.gate.Verdict;
import dev.wick.core.io.Format;
import dev.wick.core.io.Output;
import dev.wick.core.results.Run;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.concurrent.Callable;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code wick check}: dataset-level checks from a checks file, in as few passes as they allow; with
 * {@code --split} or {@code --mark}, also the rows each row-level check fails, with their reasons.
 */
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
            + " checks.json and checks.html to --out (with --split also valid/ and invalid/, the"
            + " rows that pass every row-level check and those that fail one with their reasons;"
            + " with --mark, marked/: every row and its reasons), prints one line per failed"
            + " check, and exits"
            + " 1 when a check of severity error fails (or, with --max-invalid-fraction, too many"
            + " rows are invalid), 2 when the input has no rows (unless"
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

  @Mixin CheckRowsOptions rows;

  @Mixin ExplainOptions explain;

  @Mixin VerdictOutputs verdictOutputs;

  @Override
  public Integer call() {
    OptionalDouble maxInvalidFraction = rows.maxInvalidFraction();
    Checks checks = Checks.read(checksFile);
    if (input.trustSql) {
      checks = checks.trustSql();
    }
    for (Map.Entry<String, String> ref : refs.entrySet()) {
      checks = checks.reference(ref.getKey(), ref.getValue());
    }
    List<String> inputs = new ArrayList<>(List.of(input.in, checksFile.toString()));
    inputs.addAll(checks.inputs());
    verdictOutputs.check(output.overwrite, inputs, output.out);
    SparkSession session = spark.spark();
    verdictOutputs.checkTable(() -> session);
    Run run = verdictOutputs.results.run(session, "check", input.in);
    CheckResults results;
    GateResult gate;
    Verdict verdict;
    String written;
    // The output is opened before the scan, so an existing or overlapping one is refused first.
    try (Output o = Output.create(session, output.out, output.overwrite, inputs)) {
      Dataset<Row> data = input.source().read(session);
      // An unknown column fails here, before any job; the first read runs beside the checks.
      Explainer explainer = explain.on() ? explain.explainer(data).readingAhead() : null;
      if (rows.on()) {
        // The rows are written first: the checks' aggregates ride on that write. An input of no
        // rows is refused below, before the commit, so nothing is left behind.
        CheckSplit judged = checks.split(data);
        Format format = input.keptFormat(session);
        results =
            (rows.split
                    ? judged.writeSplit(o, format, input.keptAvroSchema(session, format))
                    : judged.writeMarked(o, format))
                .withInput(input.in);
        if (maxInvalidFraction.isPresent()) {
          results = results.withMaxInvalidFraction(maxInvalidFraction.getAsDouble());
        }
      } else {
        results = checks.run(data).withInput(input.in);
      }
      if (explain.on() && results.rows() > 0) {
        results = checks.explain(data, Map.of(), results, explainer);
      }
      gate = results.gate(empty.allowEmpty);
      verdict = results.verdict(empty.allowEmpty);
      if (gate.hasInputError()) {
        // Nothing is committed: no rows must not read as all checks passed.
        verdictOutputs.publish(verdict, null, null, session, run, results.metrics());
        return GatePrinter.report(gate, spec.commandLine().getErr(), "dataset", "", "");
      }
      results.writeTo(o, empty.allowEmpty);
      written = Inputs.local(o.commit());
    }
    String parts = rows.split ? "valid/, invalid/, " : rows.mark ? "marked/, " : "";
    CheckPrinter.print(spec.commandLine().getOut(), results, input.in, written, parts);
    verdictOutputs.publish(
        verdict, written, CheckResults.CHECKS_HTML, session, run, results.metrics());
    GatePrinter.passed(verdict, spec.commandLine().getOut(), "set in " + checksFile);
    return GatePrinter.report(
        gate,
        spec.commandLine().getErr(),
        "dataset",
        v ->
            v.measure().equals("invalid fraction")
                ? "--max-invalid-fraction " + rows.invalidBound.maxInvalidFraction
                : "set in " + checksFile,
        "");
  }
}
