package dev.wick.profiler.internal;

import static dev.wick.core.report.Html.escape;

import dev.wick.core.explain.Explanation;
import dev.wick.core.gate.Verdict;
import dev.wick.core.report.ReportPage;
import dev.wick.profiler.DriftReport;
import dev.wick.profiler.MetricCheck;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * {@code anomalies.html}: one self-contained page (no network) listing the schema changes and every
 * anomalous metric with a small inline SVG time series: the earlier values, the band they give
 * (shaded), and the newest value (red when outside); then every metric in one table, the anomalous
 * first.
 */
public final class AnomaliesHtml {
  private static final int W = 400;
  private static final int H = 130;
  private static final int PAD = 8;

  /** Room for the value axis's labels, left of the plot. */
  private static final int LEFT = 64;

  /** Room for the dates, below the plot. */
  private static final int BOTTOM = 20;

  private AnomaliesHtml() {}

  /**
   * What the page shows of an anomaly report, as plain values.
   *
   * @param source the newest profile's source
   * @param at the newest profile's time
   * @param label the newest profile's partition label, if any
   * @param earlier how many earlier profiles it was judged against
   * @param minHistory how many earlier profiles judging needs
   * @param judged whether the history was long enough to judge the newest profile
   * @param appeared fields only the newest profile has
   * @param disappeared fields only the previous profile has
   * @param typeChanged fields whose type changed since the previous profile
   * @param anomalies the anomalous metrics, in report order
   * @param checks every metric judged or not, in report order
   * @param explanations where each anomalous field's move sits in the newest data, when it was
   *     given
   */
  public record Page(
      String source,
      Instant at,
      Optional<String> label,
      int earlier,
      int minHistory,
      boolean judged,
      List<String> appeared,
      List<String> disappeared,
      List<DriftReport.TypeChange> typeChanged,
      List<MetricCheck> anomalies,
      List<MetricCheck> checks,
      Map<String, Explanation> explanations) {

    /** True when some field appeared, disappeared or changed type. */
    boolean schemaChanged() {
      return !appeared.isEmpty() || !disappeared.isEmpty() || !typeChanged.isEmpty();
    }
  }

  /** The page of {@code r}. */
  public static String render(Page r, Verdict verdict) {
    StringBuilder h = new StringBuilder();
    h.append("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Anomalies of ")
        .append(escape(r.source()))
        .append("</title><style>")
        .append(ReportPage.STYLE)
        .append("section{display:inline-block;margin:0 1.5em 1.5em 0;vertical-align:top}")
        .append("small{color:#666}</style>")
        .append("</head><body><h1>Anomalies of ")
        .append(escape(r.source()))
        .append("</h1>")
        .append(ReportPage.banner(verdict))
        .append("<p>Newest profile: ")
        .append(escape(r.at().toString()))
        .append(r.label().map(l -> " (label " + escape(l) + ")").orElse(""))
        .append(", judged against ")
        .append(r.earlier())
        .append(" earlier profiles. ");
    List<MetricCheck> bad = r.anomalies();
    if (!r.judged()) {
      h.append("<strong class=\"bad\">Not judged: the history holds ")
          .append(r.earlier())
          .append(" earlier profiles, at least ")
          .append(r.minHistory())
          .append(" are needed.</strong>");
    } else {
      h.append(
          bad.isEmpty()
              ? "No anomaly."
              : "<strong class=\"bad\">" + bad.size() + " anomalous metrics.</strong>");
    }
    h.append("</p>");
    if (r.schemaChanged()) {
      h.append("<h2>Schema changed since the previous profile</h2><ul>");
      r.appeared().forEach(f -> h.append("<li>appeared: ").append(escape(f)).append("</li>"));
      r.disappeared().forEach(f -> h.append("<li>disappeared: ").append(escape(f)).append("</li>"));
      for (DriftReport.TypeChange c : r.typeChanged()) {
        h.append("<li>type changed: ")
            .append(escape(c.path()))
            .append(' ')
            .append(escape(c.baselineType()))
            .append(" &rarr; ")
            .append(escape(c.currentType()))
            .append("</li>");
      }
      h.append("</ul>");
    }
    if (!r.explanations().isEmpty()) {
      h.append("<h2>Where the anomalies sit</h2>\n<p>The newest rows in the region where each")
          .append(" anomalous field moved from the previous profile, and the slices of the data")
          .append(" that hold far more of them than their share of the rows.</p>\n");
      r.explanations().values().forEach(e -> h.append(e.toHtml()).append('\n'));
    }
    for (MetricCheck c : bad) {
      h.append("<section><h3>")
          .append(escape(c.describe()))
          .append("</h3><small>")
          .append(escape(c.word(c.value())))
          .append(", band ")
          .append(escape(c.band()))
          .append(c.method() == MetricCheck.Method.SEASONAL ? " (same weekday)" : " (robust)")
          .append("</small><br>")
          .append(chart(c))
          .append("</section>");
    }
    metrics(h, r.checks());
    h.append("</body></html>\n");
    return h.toString();
  }

  /**
   * Every metric in one table, the anomalous first, then those inside their band, then the rest.
   */
  private static void metrics(StringBuilder h, List<MetricCheck> checks) {
    if (checks.isEmpty()) {
      return;
    }
    h.append("<h2>Every metric</h2><table><thead><tr><th>outcome</th><th>metric</th>")
        .append("<th class=\"n\">newest value</th><th class=\"n\">band</th><th>band from</th>")
        .append("</tr></thead><tbody>");
    List<MetricCheck> ordered =
        checks.stream()
            .sorted(Comparator.comparingInt(c -> c.anomalous() ? 0 : c.judged() ? 1 : 2))
            .toList();
    for (MetricCheck c : ordered) {
      h.append("<tr>")
          .append(
              c.anomalous()
                  ? "<td class=\"fail\">outside</td>"
                  : c.judged() ? "<td class=\"pass\">inside</td>" : "<td>not judged</td>")
          .append("<td>")
          .append(escape(c.describe()))
          .append("</td><td class=\"n\">")
          .append(escape(c.word(c.value())))
          .append("</td><td class=\"n\">")
          .append(c.judged() ? escape(c.band()) : "-")
          .append("</td><td>")
          .append(
              switch (c.method()) {
                case ROBUST -> "the window's median and spread";
                case SEASONAL -> "the same weekday";
                case NOT_JUDGED -> "too few earlier values";
              })
          .append("</td></tr>");
    }
    h.append("</tbody></table>\n");
  }

  /**
   * The series as a line, the band as a shaded rectangle, the newest value as a dot; the value axis
   * labelled with its ends, the time axis with the first and the newest profile's dates.
   */
  static String chart(MetricCheck c) {
    List<MetricCheck.Point> pts = c.series();
    double lo = Double.POSITIVE_INFINITY;
    double hi = Double.NEGATIVE_INFINITY;
    for (MetricCheck.Point p : pts) {
      lo = Math.min(lo, p.value());
      hi = Math.max(hi, p.value());
    }
    double bandLow = Double.isFinite(c.lower()) ? c.lower() : Math.min(lo, c.center());
    double bandHigh = Double.isFinite(c.upper()) ? c.upper() : hi;
    lo = Math.min(lo, bandLow);
    hi = Math.max(hi, bandHigh);
    if (hi == lo) {
      hi = lo + 1;
    }
    double span = hi - lo;
    int n = pts.size();
    StringBuilder svg = new StringBuilder();
    svg.append(
        String.format(
            Locale.ROOT,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" role=\"img\">",
            W,
            H));
    double yTop = y(bandHigh, lo, span);
    double yBottom = y(bandLow, lo, span);
    svg.append(
        String.format(
            Locale.ROOT,
            "<rect class=\"band\" x=\"%d\" y=\"%.1f\" width=\"%d\" height=\"%.1f\" fill=\"#4e79a7\" fill-opacity=\"0.15\"/>",
            LEFT,
            yTop,
            W - LEFT - PAD,
            Math.max(1, yBottom - yTop)));
    axes(svg, c, pts, lo, hi);
    StringBuilder line = new StringBuilder();
    for (int i = 0; i < n; i++) {
      line.append(
          String.format(Locale.ROOT, "%.1f,%.1f ", x(i, n), y(pts.get(i).value(), lo, span)));
    }
    svg.append("<polyline fill=\"none\" stroke=\"#4e79a7\" stroke-width=\"1.5\" points=\"")
        .append(line.toString().trim())
        .append("\"/>");
    MetricCheck.Point last = pts.get(n - 1);
    svg.append(
        String.format(
            Locale.ROOT,
            "<circle class=\"point\" cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\"><title>%s: %s</title></circle>",
            x(n - 1, n),
            y(last.value(), lo, span),
            c.anomalous() ? "#c00" : "#4e79a7",
            escape(last.at().toString()),
            escape(c.word(last.value()))));
    svg.append("</svg>");
    return svg.toString();
  }

  /** The two axes, the value axis's ends and the first and last dates. */
  private static void axes(
      StringBuilder svg, MetricCheck c, List<MetricCheck.Point> pts, double lo, double hi) {
    int bottom = H - BOTTOM;
    svg.append(
        String.format(
            Locale.ROOT,
            "<path class=\"axis\" d=\"M%d %d V%d H%d\" stroke=\"#999\" fill=\"none\"/>",
            LEFT,
            PAD,
            bottom,
            W - PAD));
    label(svg, LEFT - 4, PAD + 4, "end", c.word(hi));
    label(svg, LEFT - 4, bottom, "end", c.word(lo));
    label(svg, LEFT, H - 4, "start", day(pts.get(0).at()));
    if (pts.size() > 1) {
      label(svg, W - PAD, H - 4, "end", day(pts.get(pts.size() - 1).at()));
    }
  }

  private static void label(StringBuilder svg, double x, double y, String anchor, String text) {
    svg.append(
            String.format(
                Locale.ROOT,
                "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" font-size=\"10\" fill=\"#555\">",
                x,
                y,
                anchor))
        .append(escape(text))
        .append("</text>");
  }

  /** A profile's date, or its time to the minute when it is not midnight. */
  private static String day(Instant at) {
    String text = at.toString();
    return text.endsWith("T00:00:00Z") ? text.substring(0, 10) : text.substring(0, 16) + "Z";
  }

  private static double x(int i, int n) {
    return n <= 1 ? (LEFT + W - PAD) / 2.0 : LEFT + (W - LEFT - PAD) * (double) i / (n - 1);
  }

  private static double y(double v, double lo, double span) {
    return PAD + (H - BOTTOM - PAD) * (1 - (v - lo) / span);
  }
}
