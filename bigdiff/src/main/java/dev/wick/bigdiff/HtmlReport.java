package dev.wick.bigdiff;

import dev.wick.bigdiff.FieldStats.Example;
import dev.wick.bigdiff.FieldStats.HistogramBin;
import dev.wick.core.gate.Verdict;
import dev.wick.core.report.Html;
import dev.wick.core.report.ReportPage;
import dev.wick.core.report.Wording;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * {@code report.html}: one self-contained page (inline CSS and SVG, no scripts, no network) with
 * the global counts, the fields by how often they differ with histograms of their deltas, and
 * example keys per field.
 */
final class HtmlReport {
  private HtmlReport() {}

  /** The diff's own rules, after the shared stylesheet: the bars of the key counts. */
  private static final String CSS =
      """
      .bar{display:inline-block;height:.8em;background:#4a7bd0;vertical-align:middle}
      .same{background:#3d9a50}.different{background:#e08a1e}.missing{background:#c94040}
      .dup{background:#8a5cc2}svg{display:block}
      .ex td{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px;max-width:40em;
      overflow-wrap:anywhere}
      """;

  /** The report of a diff judged against no threshold. */
  static String render(DiffSummary s, String lhs, String rhs) {
    return render(s, lhs, rhs, s.verdict(Optional.empty(), lhs, rhs));
  }

  static String render(DiffSummary s, String lhs, String rhs, Verdict verdict) {
    StringBuilder h = new StringBuilder(8192);
    h.append(ReportPage.banner(verdict));
    schema(h, s.schema());
    h.append("<p><b>").append(esc(headline(s))).append("</b></p>\n");
    globalTable(h, s.global());
    fields(h, s);
    explanations(h, s);
    arrays(h, s);
    rows(h, s);
    sample(h, s);
    examples(h, s);
    String subtitle =
        "<code>"
            + esc(lhs)
            + "</code> &rarr; <code>"
            + esc(rhs)
            + "</code>, keyed by <code>"
            + esc(s.keyless() ? "no key (rows as multisets)" : String.join(", ", s.keys()))
            + "</code>";
    return ReportPage.page("Wick diff", CSS, subtitle, h.toString());
  }

  /** Where the differences sit, when they were explained: one block per failure. */
  private static void explanations(StringBuilder h, DiffSummary s) {
    if (s.explanations().isEmpty()) {
      return;
    }
    h.append("<h2>Where the differences sit</h2>");
    if (s.sample().isPresent()) {
      h.append("<p>Counted over the sampled keys; the rates and their intervals are estimates for")
          .append(" all keys.</p>");
    }
    s.explanations().values().forEach(e -> h.append(e.toHtml()).append('\n'));
  }

  private static void globalTable(StringBuilder h, GlobalCounts g) {
    h.append("<h2>Keys</h2><table>\n");
    long total = Math.max(1, g.total());
    row(h, "total (distinct keys, both sides)", g.total(), total, "");
    row(h, "same", g.same(), total, "same");
    row(h, "different", g.different(), total, "different");
    row(h, "missing in lhs (only in rhs)", g.missingLhs(), total, "missing");
    row(h, "missing in rhs (only in lhs)", g.missingRhs(), total, "missing");
    if (g.duplicateKeys() > 0) {
      row(h, "duplicated (not classified, so not SAME)", g.duplicateKeys(), total, "dup");
      row(h, "&nbsp;&nbsp;duplicated in lhs", g.duplicateKeysLhs(), total, "dup");
      row(h, "&nbsp;&nbsp;duplicated in rhs", g.duplicateKeysRhs(), total, "dup");
    }
    row(
        h,
        "with a null key part (matched null-safely, classified like any key)",
        g.nullKeys(),
        total,
        "");
    h.append("</table>\n");
  }

  private static void row(StringBuilder h, String label, long n, long total, String cls) {
    double f = (double) n / total;
    h.append("<tr><td>")
        .append(label)
        .append("</td><td class=\"n\">")
        .append(Wording.count(n))
        .append("</td><td class=\"n\">")
        .append(Wording.percent(f))
        .append("</td><td><span class=\"bar ")
        .append(cls)
        .append("\" style=\"width:")
        .append(String.format(Locale.ROOT, "%.1f", 240 * f))
        .append("px\"></span></td></tr>\n");
  }

  /**
   * The one-line verdict: how many keys are not SAME (duplicated keys among them), and whether the
   * schema changed. It says "the same" only when every key was classified SAME.
   */
  static String headline(DiffSummary s) {
    GlobalCounts g = s.global();
    String keys;
    if (g.lhsKeys() == 0 || g.rhsKeys() == 0) {
      keys =
          "Nothing to compare: "
              + (g.lhsKeys() == 0 && g.rhsKeys() == 0
                  ? "both sides have"
                  : g.lhsKeys() == 0 ? "the lhs has" : "the rhs has")
              + " no rows";
    } else if (s.hasDifferences()) {
      keys =
          Wording.count(g.notSame())
              + " of "
              + Wording.count(g.total())
              + (s.keyless() ? " rows are not the same (" : " keys are not the same (")
              + Wording.percent(g.diffFraction())
              + (g.duplicateKeys() > 0
                  ? ", " + Wording.count(g.duplicateKeys()) + " duplicated"
                  : "")
              + ")";
    } else {
      keys =
          "All "
              + Wording.count(g.total())
              + (s.keyless() ? " rows are" : " keys are")
              + " the same in the compared fields";
    }
    return keys + (s.schema().differs() ? ", and the schema changed." : ".");
  }

  private static void schema(StringBuilder h, SchemaDifference d) {
    if (!d.differs() && d.ignored().isEmpty()) {
      return;
    }
    h.append("<h2>Schema</h2><ul>\n");
    item(h, "only in lhs (not compared)", d.onlyLhs());
    item(h, "only in rhs (not compared)", d.onlyRhs());
    item(
        h,
        "likely renamed",
        d.renames().stream().map(r -> r.lhs() + " \u2192 " + r.rhs()).toList());
    item(
        h,
        "type changed",
        d.typeChanges().stream()
            .map(
                t ->
                    t.field()
                        + ": "
                        + t.lhsType()
                        + " \u2192 "
                        + t.rhsType()
                        + (t.compared() ? " (compared in the wider type)" : " (not compared)"))
            .toList());
    item(
        h,
        "nullability changed",
        d.nullabilityChanges().stream()
            .map(
                n ->
                    n.field()
                        + ": "
                        + (n.lhsNullable() ? "nullable" : "required")
                        + " \u2192 "
                        + (n.rhsNullable() ? "nullable" : "required"))
            .toList());
    item(h, "ignored", d.ignored());
    h.append("</ul>\n");
  }

  private static void item(StringBuilder h, String label, List<String> fields) {
    if (fields.isEmpty()) {
      return;
    }
    h.append("<li>").append(label).append(": ");
    for (int i = 0; i < fields.size(); i++) {
      h.append(i == 0 ? "" : ", ").append("<code>").append(esc(fields.get(i))).append("</code>");
    }
    h.append("</li>\n");
  }

  private static void fields(StringBuilder h, DiffSummary s) {
    h.append("<h2>Fields</h2>");
    if (s.fields().isEmpty()) {
      h.append("<p>No fields are compared beyond the key.</p>\n");
      return;
    }
    List<DeltaStatistic> shown = DeltaStatistic.in(DeltaStatistic.Shown.REPORT);
    h.append("<table><tr><th>field</th><th>differs on</th><th>of DIFFERENT keys</th>")
        .append("<th>delta</th><th>count</th>");
    for (DeltaStatistic stat : shown) {
      h.append("<th>").append(stat.key()).append("</th>");
    }
    h.append("<th>histogram of deltas</th></tr>\n");
    for (FieldStats f : s.fields()) {
      h.append("<tr><td><code>")
          .append(esc(f.field()))
          .append("</code></td><td class=\"n\">")
          .append(Wording.count(f.different()))
          .append("</td><td class=\"n\">")
          .append(Wording.percent(f.fraction()))
          .append(" <span class=\"bar different\" style=\"width:")
          .append(String.format(Locale.ROOT, "%.1f", 60 * f.fraction()))
          .append("px\"></span></td>");
      if (f.delta().isPresent()) {
        DeltaStats d = f.delta().get();
        h.append("<td>").append(d.type().name().toLowerCase(Locale.ROOT)).append("</td>");
        h.append("<td class=\"n\">").append(Wording.count(d.count())).append("</td>");
        for (DeltaStatistic stat : shown) {
          h.append("<td class=\"n\">")
              .append(d.isApproximate(stat) && d.get(stat).isPresent() ? "&asymp;" : "")
              .append(number(d.get(stat)))
              .append("</td>");
        }
        h.append("<td>").append(histogram(f.histogram()));
        d.lowerBoundNote().ifPresent(n -> h.append("<p>").append(esc(n)).append(".</p>"));
        h.append("</td>");
      } else {
        h.append("<td>&ndash;</td>").append("<td></td>".repeat(shown.size() + 2));
      }
      h.append("</tr>\n");
    }
    h.append("</table>\n");
    if (s.fields().stream()
        .anyMatch(f -> f.delta().isPresent() && !f.delta().get().approximate().isEmpty())) {
      h.append("<p>&asymp; marks an approximate statistic; the others are exact.</p>\n");
    }
  }

  /** A diff of a sample: each share and its interval. */
  private static void sample(StringBuilder h, DiffSummary s) {
    if (s.sample().isEmpty()) {
      return;
    }
    SampleBounds b = s.sample().get();
    h.append("<h2>A sample: what it says of all keys</h2><p>")
        .append(esc(Wording.percent(b.fraction())))
        .append(" of the keys, picked by the sampler's key hash (seed ")
        .append(b.seed())
        .append("): ")
        .append(Wording.count(b.keys()))
        .append(" keys. Wilson intervals at ")
        .append(Math.round(100 * SampleBounds.CONFIDENCE))
        .append("% confidence.</p><table><tr><th>share of keys</th><th>in the sample</th>")
        .append("<th>estimate</th><th>low</th><th>high</th></tr>\n");
    List<SampleBounds.Interval> all = new java.util.ArrayList<>(b.categories());
    all.addAll(b.fields());
    for (SampleBounds.Interval i : all) {
      h.append("<tr><td><code>")
          .append(esc(i.name()))
          .append("</code></td><td class=\"n\">")
          .append(Wording.count(i.count()))
          .append("</td><td class=\"n\">")
          .append(esc(Wording.percent(i.estimate())))
          .append("</td><td class=\"n\">")
          .append(esc(Wording.percent(i.low())))
          .append("</td><td class=\"n\">")
          .append(esc(Wording.percent(i.high())))
          .append("</td></tr>\n");
    }
    h.append("</table>\n");
  }

  /** A diff without key fields: a few rows of each side that the other lacks. */
  private static void rows(StringBuilder h, DiffSummary s) {
    if (s.rows().isEmpty()) {
      return;
    }
    h.append("<h2>Rows on one side only</h2><table><tr><th>side</th><th>copies</th>")
        .append("<th>row</th></tr>\n");
    for (RowExample r : s.rows()) {
      h.append("<tr><td>")
          .append(r.type() == DiffType.MISSING_RHS ? "only in lhs" : "only in rhs")
          .append("</td><td class=\"n\">")
          .append(Wording.count(r.count()))
          .append("</td><td><code>")
          .append(esc(Excerpt.of(r.row())))
          .append("</code></td></tr>\n");
    }
    h.append("</table>\n");
  }

  /** The arrays matched by element key: their one-sided elements and unmatched arrays. */
  private static void arrays(StringBuilder h, DiffSummary s) {
    if (s.arrays().isEmpty()) {
      return;
    }
    h.append("<h2>Arrays matched by element key</h2><table><tr><th>array</th>")
        .append("<th>element key</th><th>elements only in lhs</th><th>elements only in rhs</th>")
        .append("<th>keys not matched (null or repeated element key)</th></tr>\n");
    for (ArrayStats a : s.arrays()) {
      h.append("<tr><td><code>")
          .append(esc(a.field()))
          .append("</code></td><td><code>")
          .append(esc(a.elementKey()))
          .append("</code></td><td class=\"n\">")
          .append(Wording.count(a.onlyLhs()))
          .append("</td><td class=\"n\">")
          .append(Wording.count(a.onlyRhs()))
          .append("</td><td class=\"n\">")
          .append(Wording.count(a.unmatched()))
          .append("</td></tr>\n");
    }
    h.append("</table>\n");
  }

  /** An SVG bar chart of histogram bins, placed by their centres. */
  static String histogram(List<HistogramBin> bins) {
    if (bins.isEmpty()) {
      return "";
    }
    int width = 200;
    int height = 44;
    double lo = bins.get(0).center();
    double hi = bins.get(bins.size() - 1).center();
    double span = hi - lo;
    double top = bins.stream().mapToDouble(HistogramBin::count).max().orElse(1);
    double barWidth = Math.max(2, (width - 4.0) / (bins.size() * 1.3));
    StringBuilder svg = new StringBuilder();
    svg.append("<svg width=\"")
        .append(width)
        .append("\" height=\"")
        .append(height + 14)
        .append("\" role=\"img\"><title>deltas from ")
        .append(number(lo))
        .append(" to ")
        .append(number(hi))
        .append("</title>");
    for (HistogramBin b : bins) {
      double x = span == 0 ? (width - barWidth) / 2 : (b.center() - lo) / span * (width - barWidth);
      double barHeight = Math.max(1, b.count() / top * height);
      svg.append(
              String.format(
                  Locale.ROOT,
                  "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#4a7bd0\">",
                  x,
                  height - barHeight,
                  barWidth,
                  barHeight))
          .append("<title>around ")
          .append(number(b.center()))
          .append(": ")
          .append(number(b.count()))
          .append("</title></rect>");
    }
    svg.append("<text x=\"0\" y=\"")
        .append(height + 12)
        .append("\" font-size=\"10\" fill=\"#666\">")
        .append(esc(number(lo)))
        .append("</text><text x=\"")
        .append(width)
        .append("\" y=\"")
        .append(height + 12)
        .append("\" font-size=\"10\" fill=\"#666\" text-anchor=\"end\">")
        .append(esc(number(hi)))
        .append("</text></svg>");
    return svg.toString();
  }

  private static void examples(StringBuilder h, DiffSummary s) {
    List<FieldStats> differing = s.differingFields();
    if (differing.isEmpty()) {
      return;
    }
    h.append("<h2>Examples</h2><table class=\"ex\"><tr><th>field</th><th>key</th>")
        .append("<th>lhs</th><th>rhs</th><th>delta</th></tr>\n");
    for (FieldStats f : differing) {
      for (Example e : f.examples()) {
        String[] shown = Excerpt.around(e.left(), e.right());
        h.append("<tr><td><code>")
            .append(esc(f.field()))
            .append("</code></td><td>")
            .append(esc(e.key()))
            .append("</td><td>")
            .append(shown[0] == null ? "<i>null</i>" : esc(shown[0]))
            .append("</td><td>")
            .append(shown[1] == null ? "<i>null</i>" : esc(shown[1]))
            .append("</td><td class=\"n\">")
            .append(e.lowerBound() ? "&ge; " : "")
            .append(number(e.delta()))
            .append("</td></tr>\n");
      }
    }
    h.append("</table>\n");
  }

  static String esc(String s) {
    return Html.escape(s);
  }

  static String number(OptionalDouble v) {
    return v.isPresent() ? number(v.getAsDouble()) : "";
  }

  /** A number in at most six significant digits, integers without a fraction. */
  static String number(double v) {
    if (!Double.isFinite(v)) {
      return String.valueOf(v);
    }
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return String.valueOf((long) v);
    }
    String s = String.format(Locale.ROOT, "%.6g", v);
    if (s.contains("e") || s.contains("E")) {
      return s;
    }
    return s.contains(".") ? s.replaceAll("0+$", "").replaceAll("\\.$", "") : s;
  }
}
