package dev.wick.checks;

import static dev.wick.core.report.Html.escape;

import dev.wick.core.gate.Verdict;
import dev.wick.core.report.ReportPage;
import dev.wick.core.report.Wording;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

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
      Optional<String> judged = judgedField(r.check().rule());
      for (String row : r.examples()) {
        h.append("<pre>").append(marked(row, judged)).append("</pre>");
      }
      r.explanation().ifPresent(e -> h.append(e.toHtml()));
      h.append("</td></tr>\n");
    }
    h.append("</tbody></table>\n");
    return ReportPage.page("Checks of " + results.input(), "", "", h.toString());
  }

  /** The field a row-level check judges one value of, whose value an example marks. */
  static Optional<String> judgedField(Check.Rule rule) {
    String field = null;
    if (rule instanceof RangeCheck c) {
      field = c.field();
    } else if (rule instanceof AllowedValuesCheck c) {
      field = c.field();
    } else if (rule instanceof RegexCheck c) {
      field = c.field();
    } else if (rule instanceof SemanticCheck c) {
      field = c.field();
    } else if (rule instanceof CompletenessCheck c) {
      field = c.field();
    }
    return Optional.ofNullable(field);
  }

  /**
   * An example row (its JSON text), escaped, with the judged top-level field's value marked: a
   * quoted text whole, or a scalar up to the next comma or brace.
   */
  static String marked(String row, Optional<String> field) {
    if (field.isEmpty()) {
      return escape(row);
    }
    // Top-level fields only: a nested name could match another record's field of that name.
    String path = field.get();
    String name = path;
    String key = "\"" + name.replace("\\", "\\\\").replace("\"", "\\\"") + "\":";
    int at = row.indexOf(key);
    if (at < 0 || path.contains(".") || path.contains("[") || path.contains("{")) {
      return escape(row);
    }
    int start = at + key.length();
    int end = valueEnd(row, start);
    return escape(row.substring(0, start))
        + "<mark>"
        + escape(row.substring(start, end))
        + "</mark>"
        + escape(row.substring(end));
  }

  /** Where the JSON value starting at {@code start} ends. */
  private static int valueEnd(String row, int start) {
    if (start < row.length() && row.charAt(start) == '"') {
      for (int i = start + 1; i < row.length(); i++) {
        if (row.charAt(i) == '\\') {
          i++;
        } else if (row.charAt(i) == '"') {
          return i + 1;
        }
      }
      return row.length();
    }
    int i = start;
    while (i < row.length() && row.charAt(i) != ',' && row.charAt(i) != '}') {
      i++;
    }
    return i;
  }
}
