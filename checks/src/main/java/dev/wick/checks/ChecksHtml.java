package dev.wick.checks;

import static dev.wick.core.report.Html.escape;

import dev.wick.core.gate.Verdict;
import dev.wick.core.report.ReportPage;
import dev.wick.core.report.Wording;
import java.util.Comparator;
import java.util.List;

/** {@code checks.html}: one self-contained page (no scripts, no links) listing every check. */
final class ChecksHtml {
  private ChecksHtml() {}

  static String render(CheckResults results, Verdict verdict) {
    StringBuilder h = new StringBuilder(4096);
    long errors = results.results().stream().filter(CheckResult::failsGate).count();
    long warnings = results.failed().size() - errors;
    h.append(ReportPage.banner(verdict));
    h.append("<p>")
        .append(Wording.count(results.rows(), "row"))
        .append(", ")
        .append(Wording.count(results.results().size(), "check"))
        .append(": ")
        .append(Wording.count(results.results().size() - results.failed().size()))
        .append(" passed, ")
        .append(Wording.count(errors))
        .append(" failed, ")
        .append(Wording.count(warnings))
        .append(" warned. The data was read ")
        .append(results.passes())
        .append(results.passes() == 1 ? " time" : " times")
        .append(".</p>\n");
    boolean split = results.invalidRows().isPresent();
    if (split) {
      long invalid = results.invalidRows().getAsLong();
      double share = results.rows() == 0 ? 0 : (double) invalid / results.rows();
      h.append("<p>Rows judged one by one: ")
          .append(Wording.count(results.rows() - invalid))
          .append(" passed every row-level check, ")
          .append(Wording.count(invalid))
          .append(" (")
          .append(Wording.percent(share))
          .append(") failed one or more");
      if (results.maxInvalidFraction().isPresent()) {
        boolean within = share <= results.maxInvalidFraction().getAsDouble();
        h.append("; at most ")
            .append(Wording.percent(results.maxInvalidFraction().getAsDouble()))
            .append(" may: <span class=\"")
            .append(within ? "pass\">within the bound" : "fail\">over the bound")
            .append("</span>");
      }
      h.append(".</p>\n");
    }
    h.append("<table><thead><tr><th>check</th><th>severity</th><th>outcome</th>")
        .append("<th>measured</th><th>bound</th><th>failing</th>")
        .append(split ? "<th>invalid rows</th>" : "")
        .append("<th>details</th></tr></thead><tbody>\n");
    List<CheckResult> failuresFirst =
        results.results().stream()
            .sorted(Comparator.comparingInt(r -> r.passed() ? 2 : r.failsGate() ? 0 : 1))
            .toList();
    for (CheckResult r : failuresFirst) {
      String css = r.passed() ? "pass" : r.failsGate() ? "fail" : "warned";
      String outcome = r.passed() ? "passed" : r.failsGate() ? "failed" : "warned";
      h.append("<tr><td><code>")
          .append(escape(r.check().name()))
          .append("</code></td><td>")
          .append(r.check().severity().text())
          .append("</td><td class=\"")
          .append(css)
          .append("\">")
          .append(outcome)
          .append("</td><td>")
          .append(escape(CheckResults.measured(r.measured())))
          .append("</td><td>")
          .append(escape(r.bound()))
          .append("</td><td>")
          .append(r.failing().isPresent() ? Wording.count(r.failing().getAsLong()) : "")
          .append("</td><td>");
      if (split) {
        h.append(r.invalidRows().isPresent() ? Wording.count(r.invalidRows().getAsLong()) : "")
            .append("</td><td>");
      }
      h.append(escape(r.message()));
      for (String row : r.examples()) {
        h.append("<pre>").append(escape(row)).append("</pre>");
      }
      r.explanation().ifPresent(e -> h.append(e.toHtml()));
      h.append("</td></tr>\n");
    }
    h.append("</tbody></table>\n");
    return ReportPage.page("Checks of " + results.input(), "", "", h.toString());
  }
}
