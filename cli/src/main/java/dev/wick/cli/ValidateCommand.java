package dev.wick.cli;

import dev.wick.core.WickException;
import dev.wick.core.explain.Explainer;
import dev.wick.core.explain.Explanation;
import dev.wick.core.gate.GateResult;
import dev.wick.core.gate.Verdict;
import dev.wick.core.io.Format;
import dev.wick.core.io.Output;
import dev.wick.core.report.VerdictFormats;
import dev.wick.core.results.Run;
import dev.wick.core.schema.Schema;
import dev.wick.core.schema.Schemas;
import dev.wick.core.validation.InvalidExamples;
import dev.wick.core.validation.ValidatedRows;
import dev.wick.core.validation.Validation;
import dev.wick.core.validation.ValidationReport;
import dev.wick.core.validation.ValidationSummary;
import dev.wick.core.validation.ValidationThresholds;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
 * {@code wick validate}: checks a dataset against an Avro schema's rules (non-null fields and
 * semantic types) and writes the valid rows, the invalid rows with their reasons and a summary.
 */
@Command(
    name = "validate",
    header = "Check a dataset against the rules of an Avro schema.",
    mixinStandardHelpOptions = true,
    description =
        "Validate a dataset against an Avro schema: non-nullable fields must be set, and fields"
            + " with a semantic type (\"wick.semantic\": \"country_code\", \"range(min=0,"
            + " max=100)\", ...) must satisfy it. Writes valid/, invalid/ (with a reasons column),"
            + " summary.json and report.html (the verdict, counts per rule, up to 10 invalid rows"
            + " per failing rule) to --out, the datasets in the input's format (parquet for csv and"
            + " tables) unless --out-format says avro, parquet, orc or json; wick show --in"
            + " OUT/invalid prints the invalid rows. Exits 1 when the invalid fraction is above"
            + " --max-invalid-fraction, and 2 when the input holds no records (unless"
            + " --allow-empty).")
final class ValidateCommand implements Callable<Integer> {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Mixin SparkOptions spark;

  @Mixin InputOptions input;

  @Option(
      names = "--schema",
      required = true,
      paramLabel = "FILE.avsc",
      description = "The Avro schema with the rules.")
  Path schemaFile;

  @Mixin OutputOptions output;

  @Mixin OutFormatOption outFormat;

  @Mixin MaxInvalidFractionOption invalidBound;

  @Option(
      names = "--reasons-column",
      paramLabel = "NAME",
      defaultValue = Validation.REASONS,
      description = "The name of the reasons column in invalid/ (default: ${DEFAULT-VALUE}).")
  String reasonsColumn;

  @Mixin AllowEmptyOption empty;

  @Mixin ExplainOptions explain;

  @Mixin VerdictOutputs verdictOutputs;

  @Override
  public Integer call() {
    OptionalDouble maxInvalidFraction = invalidBound.fraction();
    Format written = outFormat.format().orElse(null);
    if (written == Format.CSV || written == Format.TEXT) {
      throw WickException.usage(
          "--out-format "
              + written.sparkName()
              + " cannot hold the reasons column (an array of records); use parquet, avro, orc or"
              + " json.");
    }
    org.apache.avro.Schema avro = Schemas.parseAvsc(schemaFile);
    Schema schema = Schemas.fromAvro(avro);
    // Bad semantic types and reasons column names fail here, before Spark starts.
    Validation validation = Validation.of(schema).reasonsColumn(reasonsColumn);

    verdictOutputs.check(output.overwrite, List.of(input.in, schemaFile.toString()), output.out);
    SparkSession session = spark.spark();
    verdictOutputs.checkTable(() -> session);
    Run run = verdictOutputs.results.run(session, "validate", input.in);
    Dataset<Row> data = input.source().read(session);
    if (written == null) {
      written = input.keptFormat(session);
    }
    ValidatedRows checked = validation.run(data);
    // The explainer's first read runs beside the validation's write.
    Explainer explainer = explain.on() ? explain.explainer(data).readingAhead() : null;
    ValidationThresholds thresholds =
        maxInvalidFraction.isEmpty()
            ? ValidationThresholds.anyInvalid()
            : ValidationThresholds.maxInvalidFraction(maxInvalidFraction.getAsDouble());
    if (empty.allowEmpty) {
      thresholds = thresholds.allowingEmpty();
    }
    ValidationSummary summary;
    GateResult gate;
    Verdict verdict;
    String folder;
    Map<String, Explanation> explained = Map.of();
    try (Output out =
        Output.create(
            session, output.out, output.overwrite, List.of(input.in, schemaFile.toString()))) {
      summary = checked.writeTo(out, "valid", "invalid", written, Optional.of(avro));
      gate = summary.gate(thresholds);
      verdict = summary.verdict(thresholds, maxInvalidFraction.isPresent(), input.in);
      if (gate.hasInputError()) {
        // Nothing is committed: no records must not read as all valid.
        verdictOutputs.publish(
            verdict,
            null,
            null,
            session,
            run,
            summary.metrics(thresholds, maxInvalidFraction.isPresent()));
        return GatePrinter.report(gate, spec.commandLine().getErr(), "validate", "", "");
      }
      if (explainer != null) {
        explained = ExplainOptions.rules(explainer, summary, checked);
      }
      out.writeString("summary.json", summary.toJson(explained));
      out.writeString("summary.md", VerdictFormats.markdownBeside(verdict, "report.html"));
      out.writeString(
          "report.html",
          ValidationReport.of(verdict, summary, schema.name())
              .examples(InvalidExamples.fromWritten(out, "invalid", written, checked, summary))
              .html());
      folder = Inputs.local(out.commit());
    }
    ValidatePrinter.print(spec.commandLine().getOut(), summary, schema, output.out);
    explained.values().forEach(e -> spec.commandLine().getOut().println("explain: " + e.line()));
    verdictOutputs.publish(
        verdict,
        folder,
        "report.html",
        session,
        run,
        summary.metrics(thresholds, maxInvalidFraction.isPresent()));
    GatePrinter.passed(
        verdict,
        spec.commandLine().getOut(),
        invalidBound.maxInvalidFraction == null
            ? ""
            : "--max-invalid-fraction " + invalidBound.maxInvalidFraction);
    spec.commandLine().getOut().flush();
    return GatePrinter.report(
        gate,
        spec.commandLine().getErr(),
        "validate",
        "--max-invalid-fraction "
            + invalidBound.maxInvalidFraction
            + "; see "
            + output.out
            + "/invalid for the reasons",
        "");
  }
}
