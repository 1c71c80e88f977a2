package dev.wick.checks;

import static dev.wick.core.report.Html.escape;

import dev.wick.core.report.Wording;

/** {@code checks.html}: one self-contained page (no scripts, no links) listing every check. */
final class ChecksHtml {
  private ChecksHtml() {}

  static String render(CheckResults results) {
    StringBuilder h = new StringBuilder(4096);
    long errors = results.results().stream().filter(CheckResult::failsGate).count();
    long warnings = results.failed().size() - errors;
    h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
        .append("<title>Checks of ")
        .append(escape(results.input()))
        .append("</title><style>")
        .append("body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#222}")
        .append("table{border-collapse:collapse;width:100%}")
        .append("th,td{border-bottom:1px solid #ddd;padding:4px 8px;text-align:left;")
        .append("vertical-align:top}")
        .append(".pass{color:#176d2c}.fail{color:#b00020;font-weight:bold}.warn{color:#9a6700}")
        .append("code,pre{font:12px ui-monospace,monospace}pre{margin:2px 0;white-space:pre-wrap}")
        .append("</style></head><body>\n");
    h.append("<h1>Checks of ")
        .append(escape(results.input()))
        .append("</h1>\n<p>")
        .append(results.rows())
        .append(" rows, ")
        .append(results.results().size())
        .append(" checks: ")
        .append(results.results().size() - results.failed().size())
        .append(" passed, ")
        .append(errors)
        .append(" failed, ")
        .append(warnings)
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
    for (CheckResult r : results.results()) {
      String css = r.passed() ? "pass" : r.failsGate() ? "fail" : "warn";
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
          .append(escape(r.measured() == null ? "none" : String.valueOf(r.measured())))
          .append("</td><td>")
          .append(escape(r.bound()))
          .append("</td><td>")
          .append(r.failing().isPresent() ? String.valueOf(r.failing().getAsLong()) : "")
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
    h.append("</tbody></table>\n</body></html>\n");
    return h.toString();
  }
}
