package dev.wick.core.report;

import static dev.wick.core.report.Html.escape;

import dev.wick.core.gate.Judgement;
import dev.wick.core.gate.Verdict;
import java.util.List;

/**
 * The frame every Wick HTML report shares: one stylesheet (one font, tables that scroll inside
 * their box instead of running off the page, long unbreakable values such as paths wrapped inside
 * the window), a title, and the verdict banner first. A report adds its own sections and, for its
 * charts, a few rules of its own.
 *
 * <p>Pages stay self-contained: inline CSS, no network, every text escaped by {@link Html#escape}.
 */
public final class ReportPage {
  private ReportPage() {}

  /** How many judgements the banner lists; the report's own sections hold the rest. */
  public static final int BANNER_RULES = 12;

  /** The stylesheet every report starts from. */
  public static final String STYLE =
      """
      body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:24px;color:#222;max-width:100%}
      h1{font-size:22px;margin:0 0 4px}h2{font-size:18px;margin:28px 0 8px}h3{font-size:15px;margin:12px 0 4px}
      .sub,.meta{color:#555;margin-bottom:16px}
      table{border-collapse:collapse;font-size:13px;margin-bottom:16px;display:block;max-width:100%;overflow-x:auto}
      h1,h2,h3,p,li,dd,small,.sub,.meta{overflow-wrap:anywhere}
      th,td{border-bottom:1px solid #e2e2e2;padding:4px 10px;text-align:left;vertical-align:top;overflow-wrap:break-word}
      th{background:#f4f6f8;font-weight:600}
      td.n,th.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
      code,pre{font:12px ui-monospace,Menlo,Consolas,monospace}code{background:#f3f3f3;padding:0 .25em;border-radius:3px}
      pre{margin:2px 0;white-space:pre-wrap;overflow-wrap:anywhere}
      mark{background:#ffe08a;padding:0 2px}
      .pass,.ok{color:#176d2c}.fail,.bad{color:#b00020;font-weight:600}.warned{color:#9a6700}
      .verdict{border-radius:6px;padding:12px 16px;margin:12px 0 20px;border:1px solid}
      .verdict .word{font-size:20px;font-weight:700;letter-spacing:.04em}
      .verdict p{margin:4px 0 8px}.verdict table{margin:0}.verdict tbody tr{background:#fff}
      .verdict.passed{background:#eaf6ec;border-color:#3d9a50}.verdict.passed .word{color:#176d2c}
      .verdict.failed{background:#fdecea;border-color:#c94040}.verdict.failed .word{color:#b00020}
      .verdict.not-judged{background:#f1f3f5;border-color:#8a939c}.verdict.not-judged .word{color:#4a525a}
      """;

  /**
   * A whole page: {@code title}, the report's own {@code css} after the shared stylesheet, the
   * verdict banner when there is a verdict, then {@code body} (HTML the report escaped itself).
   */
  public static String page(String title, String css, String subtitleHtml, String bodyHtml) {
    StringBuilder h = new StringBuilder(bodyHtml.length() + 4096);
    h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
        .append("<meta name=\"viewport\" content=\"width=device-width\"><title>")
        .append(escape(title))
        .append("</title><style>")
        .append(STYLE)
        .append(css)
        .append("</style></head><body>\n<h1>")
        .append(escape(title))
        .append("</h1>\n");
    if (!subtitleHtml.isEmpty()) {
      h.append("<div class=\"sub\">").append(subtitleHtml).append("</div>\n");
    }
    h.append(bodyHtml).append("</body></html>\n");
    return h.toString();
  }

  /**
   * The verdict banner: the outcome's word, the headline, and the rules judged (failures first,
   * each with its measured value against its limit), at most {@link #BANNER_RULES} of them.
   */
  public static String banner(Verdict v) {
    String css =
        switch (v.outcome()) {
          case PASSED -> "passed";
          case FAILED -> "failed";
          case NOT_JUDGED -> "not-judged";
        };
    StringBuilder h = new StringBuilder(1024);
    h.append("<div class=\"verdict ")
        .append(css)
        .append("\" id=\"verdict\"><div class=\"word\">")
        .append(v.outcome().word())
        .append("</div><p>")
        .append(escape(v.headline()))
        .append("</p>");
    List<Judgement> rules = v.judgements();
    if (!rules.isEmpty()) {
      h.append("<table><thead><tr><th>outcome</th><th>rule</th><th class=\"n\">measured</th>")
          .append("<th class=\"n\">limit</th><th>what was found</th></tr></thead><tbody>");
      for (Judgement j : rules.subList(0, Math.min(BANNER_RULES, rules.size()))) {
        String status =
            switch (j.status()) {
              case PASSED -> "<td class=\"pass\">passed</td>";
              case WARNED -> "<td class=\"warned\">warned</td>";
              case FAILED -> "<td class=\"fail\">failed</td>";
            };
        h.append("<tr>")
            .append(status)
            .append("<td><code>")
            .append(escape(j.name()))
            .append("</code></td><td class=\"n\">")
            .append(escape(j.measured()))
            .append("</td><td class=\"n\">")
            .append(escape(j.limit()))
            .append("</td><td>")
            .append(escape(j.message()))
            .append("</td></tr>");
      }
      h.append("</tbody></table>");
      if (rules.size() > BANNER_RULES) {
        h.append("<p>")
            .append(Wording.count(rules.size() - BANNER_RULES))
            .append(" more below.</p>");
      }
    }
    return h.append("</div>\n").toString();
  }
}
