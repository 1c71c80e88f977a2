package dev.wick.profiler.internal;

import static dev.wick.core.report.Html.escape;

import dev.wick.core.report.Wording;
import dev.wick.profiler.FieldKind;
import dev.wick.profiler.NumericStats;
import dev.wick.profiler.ValueCount;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Inline SVG charts for the HTML report: a histogram of a distribution and a bar chart of top
 * values, each optionally overlaid with the baseline's distribution. No scripts, fonts or images
 * are fetched: the report reads offline.
 */
final class Charts {
  /** The current profile's colour (bars). */
  static final String CURRENT = "#4e79a7";

  /** The baseline's colour (overlay). */
  static final String BASELINE = "#f28e2b";

  private static final int WIDTH = 420;

  /** The most characters of a top value shown as its bar's label. */
  static final int LABEL_CHARS = 20;

  private static final int HEIGHT = 140;
  private static final int PAD = 24;

  private Charts() {}

  /**
   * A histogram of {@code bins}; {@code baseline}, when present, holds the baseline's share of
   * values in each of the same bins and is drawn as an outline over the bars.
   */
  static String histogram(
      FieldKind kind, String type, List<NumericStats.Bin> bins, Optional<double[]> baseline) {
    long total = bins.stream().mapToLong(NumericStats.Bin::count).sum();
    double maxShare = 0;
    for (NumericStats.Bin b : bins) {
      maxShare = Math.max(maxShare, total == 0 ? 0 : (double) b.count() / total);
    }
    if (baseline.isPresent()) {
      for (double s : baseline.get()) {
        maxShare = Math.max(maxShare, s);
      }
    }
    if (maxShare == 0) {
      maxShare = 1;
    }
    StringBuilder svg = open("histogram");
    double plotW = WIDTH - 2.0 * PAD;
    double plotH = HEIGHT - 2.0 * PAD;
    double barW = plotW / Math.max(1, bins.size());
    for (int i = 0; i < bins.size(); i++) {
      NumericStats.Bin b = bins.get(i);
      double share = total == 0 ? 0 : (double) b.count() / total;
      double h = share / maxShare * plotH;
      svg.append(
          String.format(
              Locale.ROOT,
              "<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\">"
                  + "<title>%s to %s: %d</title></rect>",
              PAD + i * barW + 1,
              PAD + plotH - h,
              Math.max(1, barW - 2),
              h,
              CURRENT,
              escape(Formats.value(kind, type, b.low())),
              escape(Formats.value(kind, type, b.high())),
              b.count()));
    }
    if (baseline.isPresent()) {
      StringBuilder path = new StringBuilder();
      double[] shares = baseline.get();
      for (int i = 0; i < shares.length && i < bins.size(); i++) {
        double y = PAD + plotH - shares[i] / maxShare * plotH;
        path.append(i == 0 ? "M" : "L")
            .append(String.format(Locale.ROOT, "%.1f %.1f", PAD + i * barW, y))
            .append(String.format(Locale.ROOT, " L%.1f %.1f ", PAD + (i + 1) * barW, y));
      }
      svg.append("<path class=\"baseline\" d=\"")
          .append(path.toString().trim())
          .append("\" fill=\"none\" stroke=\"")
          .append(BASELINE)
          .append("\" stroke-width=\"2.5\"/>");
    }
    axis(svg, plotH);
    if (!bins.isEmpty()) {
      label(svg, PAD, HEIGHT - 6, "start", Formats.value(kind, type, bins.get(0).low()));
      label(
          svg,
          WIDTH - PAD,
          HEIGHT - 6,
          "end",
          Formats.value(kind, type, bins.get(bins.size() - 1).high()));
    }
    return svg.append("</svg>").toString();
  }

  /**
   * Horizontal bars of each top value's share of the non-null values; {@code baselineShares}, when
   * present, gives the baseline's share of the same values, drawn as a thinner bar below.
   */
  static String topValues(List<ValueCount> top, long nonNull, Optional<double[]> baselineShares) {
    int rowH = baselineShares.isPresent() ? 22 : 16;
    int height = Math.max(1, top.size()) * rowH + 2 * 8;
    // Room for LABEL_CHARS characters of 11px text (at most ~7.5px each); longer values are cut
    // with an ellipsis, and each bar's tooltip holds the whole value.
    int labelW = 170;
    double plotW = WIDTH - labelW - 60.0;
    double max = 0;
    for (int i = 0; i < top.size(); i++) {
      max = Math.max(max, nonNull == 0 ? 0 : (double) top.get(i).count() / nonNull);
      if (baselineShares.isPresent()) {
        max = Math.max(max, baselineShares.get()[i]);
      }
    }
    if (max == 0) {
      max = 1;
    }
    StringBuilder svg =
        new StringBuilder()
            .append("<svg class=\"chart topvalues\" xmlns=\"http://www.w3.org/2000/svg\" width=\"")
            .append(WIDTH)
            .append("\" height=\"")
            .append(height)
            .append("\" role=\"img\">");
    for (int i = 0; i < top.size(); i++) {
      ValueCount v = top.get(i);
      double share = nonNull == 0 ? 0 : (double) v.count() / nonNull;
      double y = 8 + i * rowH;
      String name = v.value().isEmpty() ? "(empty)" : v.value();
      if (name.codePointCount(0, name.length()) > LABEL_CHARS) {
        name = name.substring(0, name.offsetByCodePoints(0, LABEL_CHARS - 1)) + "…";
      }
      label(svg, labelW - 6, y + 11, "end", name);
      svg.append(
          String.format(
              Locale.ROOT,
              "<rect class=\"bar\" x=\"%d\" y=\"%.1f\" width=\"%.1f\" height=\"12\" fill=\"%s\">"
                  + "<title>%s: %d (%s)</title></rect>",
              labelW,
              y,
              Math.max(1, share / max * plotW),
              CURRENT,
              escape(v.value()),
              v.count(),
              Wording.percent(share)));
      label(svg, labelW + share / max * plotW + 4, y + 11, "start", Wording.percent(share));
      if (baselineShares.isPresent()) {
        double b = baselineShares.get()[i];
        svg.append(
            String.format(
                Locale.ROOT,
                "<rect class=\"baseline\" x=\"%d\" y=\"%.1f\" width=\"%.1f\" height=\"5\" fill=\"%s\">"
                    + "<title>baseline: %s</title></rect>",
                labelW,
                y + 13,
                Math.max(1, b / max * plotW),
                BASELINE,
                Wording.percent(b)));
      }
    }
    return svg.append("</svg>").toString();
  }

  private static StringBuilder open(String kind) {
    return new StringBuilder()
        .append("<svg class=\"chart ")
        .append(kind)
        .append("\" xmlns=\"http://www.w3.org/2000/svg\" width=\"")
        .append(WIDTH)
        .append("\" height=\"")
        .append(HEIGHT)
        .append("\" role=\"img\">");
  }

  private static void axis(StringBuilder svg, double plotH) {
    svg.append(
        String.format(
            Locale.ROOT,
            "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#555\"/>",
            PAD,
            PAD + plotH,
            WIDTH - PAD,
            PAD + plotH));
  }

  private static void label(StringBuilder svg, double x, double y, String anchor, String text) {
    svg.append(
            String.format(
                Locale.ROOT,
                "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" font-size=\"11\">",
                x,
                y,
                anchor))
        .append(escape(text))
        .append("</text>");
  }
}
