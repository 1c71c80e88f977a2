package dev.wick.cli;

import dev.wick.core.report.Wording;
import dev.wick.core.schema.Schema;
import dev.wick.core.validation.ValidationSummary;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/** Prints a validation's summary on stdout: the counts and the rules that records failed. */
final class ValidatePrinter {
  private ValidatePrinter() {}

  /** The counts, the failing rules and where the output went. */
  static void print(PrintWriter w, ValidationSummary summary, Schema schema, String out) {
    w.printf(
        Locale.ROOT,
        "Validated %s of %s: %s valid, %s invalid (%s).%n",
        Wording.count(summary.total(), "record"),
        schema.name(),
        Wording.count(summary.valid()),
        Wording.count(summary.invalid()),
        Wording.percent(summary.invalidFraction()));
    List<ValidationSummary.RuleCount> failing =
        summary.rules().stream().filter(r -> r.invalid() > 0).toList();
    int fieldWidth = failing.stream().mapToInt(r -> r.field().length()).max().orElse(0);
    int ruleWidth = failing.stream().mapToInt(r -> r.rule().length()).max().orElse(0);
    for (ValidationSummary.RuleCount r : failing) {
      w.printf(
          Locale.ROOT,
          "  %-" + fieldWidth + "s  %-" + ruleWidth + "s  %s%n",
          r.field(),
          r.rule(),
          Wording.count(r.invalid()));
    }
    w.printf("Wrote valid/, invalid/, summary.json, summary.md and report.html to %s.%n", out);
    w.flush();
  }
}
