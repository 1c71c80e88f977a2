package dev.wick.cli;

import dev.wick.checks.CheckResult;
import dev.wick.checks.CheckResults;
import dev.wick.core.report.Wording;
import java.io.PrintWriter;

/**
 * What {@code wick check} prints on stdout: the tally, the warnings, the rows split, the output.
 */
final class CheckPrinter {
  private CheckPrinter() {}

  /**
   * Prints {@code results} of the input {@code in}, written to {@code written} with {@code parts}.
   */
  static void print(
      PrintWriter stdout, CheckResults results, String in, String written, String parts) {
    long errors = results.results().stream().filter(CheckResult::failsGate).count();
    long warned = results.failed().size() - errors;
    stdout.printf(
        "Checked %s of %s: %d of %s passed, %d failed, %d warned (%s).%n",
        Wording.count(results.rows(), "row"),
        in,
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
    for (CheckResult r : results.results()) {
      r.explanation().ifPresent(e -> stdout.println("explain: " + e.line()));
    }
    results
        .invalidRows()
        .ifPresent(
            n ->
                stdout.printf(
                    "%s passed every row-level check, %s failed one or more.%n",
                    Wording.count(results.rows() - n, "row"), Wording.count(n)));
    stdout.printf(
        "Wrote %s (%s%s, %s, %s).%n",
        written,
        parts,
        CheckResults.CHECKS_JSON,
        CheckResults.CHECKS_HTML,
        CheckResults.SUMMARY_MD);
    stdout.flush();
  }
}
