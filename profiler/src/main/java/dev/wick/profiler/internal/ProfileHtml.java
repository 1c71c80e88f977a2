package dev.wick.profiler.internal;

import static dev.wick.core.report.Html.escape;

import dev.wick.core.explain.Explanation;
import dev.wick.core.gate.Verdict;
import dev.wick.core.report.ReportPage;
import dev.wick.core.report.Wording;
import dev.wick.profiler.DriftReport;
import dev.wick.profiler.FieldDrift;
import dev.wick.profiler.FieldKind;
import dev.wick.profiler.FieldProfile;
import dev.wick.profiler.NumericStats;
import dev.wick.profiler.Profile;
import dev.wick.profiler.ValueCount;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.datasketches.frequencies.ItemsSketch;
import org.apache.datasketches.kll.KllDoublesSketch;
import org.apache.datasketches.quantilescommon.QuantileSearchCriteria;

/**
 * {@code profile.html}: one self-contained page (inline CSS, SVG and a few lines of script, nothing
 * fetched) with a sortable table of numeric fields, one of categorical and other fields, and a
 * section per field with its chart. With a baseline, the tables gain drift columns and the charts
 * overlay the baseline's distribution.
 */
public final class ProfileHtml {
  private ProfileHtml() {}

  private static final String STYLE =
      """
      .warn{background:#fff4e5;border:1px solid #f28e2b;padding:8px 12px}
      table.sortable th,table.sortable td{text-align:right;white-space:nowrap}
      th{cursor:pointer;background:#f4f6f8;user-select:none} th[data-order=asc]::after{content:" \\25B2"}
      th[data-order=desc]::after{content:" \\25BC"} table.sortable td:first-child,table.sortable th:first-child{text-align:left}
      table.sortable td.type,table.sortable th.type{text-align:left;color:#555} tr.drifted td{background:#fdecea}
      section{border-top:1px solid #eee;padding:8px 0;display:flex;gap:32px;flex-wrap:wrap}
      section dl{display:grid;grid-template-columns:repeat(4,auto);gap:2px 12px;font-size:13px;margin:0;align-content:start}
      section dt{color:#555} section dd{margin:0} .legend{white-space:nowrap} .legend span{display:inline-block;width:12px;height:12px;margin:0 4px 0 12px}
      """;

  private static final String SCRIPT =
      """
      document.querySelectorAll('table.sortable').forEach(function (table) {
        table.querySelectorAll('th').forEach(function (th, i) {
          th.addEventListener('click', function () {
            var body = table.tBodies[0], rows = Array.prototype.slice.call(body.rows);
            var asc = th.getAttribute('data-order') !== 'asc';
            table.querySelectorAll('th').forEach(function (h) { h.removeAttribute('data-order'); });
            th.setAttribute('data-order', asc ? 'asc' : 'desc');
            rows.sort(function (a, b) {
              var x = a.cells[i].getAttribute('data-sort'), y = b.cells[i].getAttribute('data-sort');
              var nx = parseFloat(x), ny = parseFloat(y);
              var c = (!isNaN(nx) && !isNaN(ny)) ? nx - ny : String(x).localeCompare(String(y));
              return asc ? c : -c;
            });
            rows.forEach(function (r) { body.appendChild(r); });
          });
        });
      });
      """;

  /** The report of {@code current}, compared with {@code baseline} when one is given. */
  public static String render(
      Profile current, Optional<Profile> baseline, Optional<DriftReport> drift) {
    return render(current, baseline, drift, Optional.empty(), Map.of());
  }

  /** {@link #render(Profile, Optional, Optional)} with a verdict banner first, when judged. */
  public static String render(
      Profile current,
      Optional<Profile> baseline,
      Optional<DriftReport> drift,
      Optional<Verdict> verdict,
      Map<String, Explanation> explanations) {
    StringBuilder h = new StringBuilder(64 * 1024);
    h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
        .append("<title>Wick profile: ")
        .append(escape(current.source()))
        .append("</title><style>")
        .append(ReportPage.STYLE)
        .append(STYLE)
        .append("</style></head><body>\n");
    h.append("<h1>Profile of ").append(escape(current.source())).append("</h1>\n");
    h.append("<div class=\"meta\">")
        .append(Wording.number(current.rowCount()))
        .append(" rows, ")
        .append(current.fields().size())
        .append(" fields, made ")
        .append(escape(Wording.time(current.createdAt())));
    if (baseline.isPresent()) {
      h.append(". Compared with the baseline ")
          .append(escape(baseline.get().source()))
          .append(" (")
          .append(Wording.number(baseline.get().rowCount()))
          .append(" rows, made ")
          .append(escape(Wording.time(baseline.get().createdAt())))
          .append(")")
          .append("<span class=\"legend\"><span style=\"background:")
          .append(Charts.CURRENT)
          .append("\"></span>current<span style=\"background:")
          .append(Charts.BASELINE)
          .append("\"></span>baseline</span>");
    }
    h.append("</div>\n");
    verdict.ifPresent(v -> h.append(ReportPage.banner(v)));
    drift.ifPresent(d -> missing(h, d));
    if (!explanations.isEmpty()) {
      h.append("<h2>Where the drift sits</h2>\n<p>The current rows in the region where each field")
          .append(" moved most, and the slices of the current data that hold far more of them than")
          .append(" their share of the rows.</p>\n");
      explanations.values().forEach(e -> h.append(e.toHtml()).append('\n'));
    }
    boolean withDrift = drift.isPresent();
    List<FieldProfile> numeric =
        current.fields().stream().filter(f -> f.kind().hasDistribution()).toList();
    List<FieldProfile> other =
        current.fields().stream().filter(f -> !f.kind().hasDistribution()).toList();
    if (!numeric.isEmpty()) {
      h.append("<h2>Numeric fields</h2>\n");
      numericTable(h, current, numeric, drift);
    }
    if (!other.isEmpty()) {
      h.append("<h2>Categorical and other fields</h2>\n");
      categoricalTable(h, current, other, drift);
    }
    h.append("<h2>Fields</h2>\n");
    for (int i = 0; i < current.fields().size(); i++) {
      FieldProfile f = current.fields().get(i);
      Optional<FieldProfile> before = baseline.flatMap(b -> b.field(f.path()));
      Optional<FieldDrift> fd = drift.flatMap(d -> d.field(f.path()));
      section(h, i, f, withDrift ? before : Optional.empty(), fd);
    }
    h.append("<script>").append(SCRIPT).append("</script>\n</body></html>\n");
    return h.toString();
  }

  private static List<String> changes(List<DriftReport.TypeChange> changes) {
    return changes.stream()
        .map(c -> c.path() + " (" + c.baselineType() + " \u2192 " + c.currentType() + ")")
        .toList();
  }

  private static void missing(StringBuilder h, DriftReport d) {
    if (!d.schemaChanged()) {
      return;
    }
    h.append("<p class=\"warn\">The profiles' schemas differ; only common fields are compared.");
    list(h, " Only in the baseline: ", d.onlyInBaseline());
    list(h, " Only in the current profile: ", d.onlyInCurrent());
    list(h, " Kind changed (not compared): ", changes(d.kindChanged()));
    list(h, " Type changed (compared): ", changes(d.typeChanged()));
    h.append("</p>\n");
  }

  private static void list(StringBuilder h, String label, List<String> paths) {
    if (!paths.isEmpty()) {
      h.append(label).append(escape(String.join(", ", paths))).append('.');
    }
  }

  private static void numericTable(
      StringBuilder h, Profile p, List<FieldProfile> fields, Optional<DriftReport> drift) {
    h.append("<table class=\"sortable numeric\"><thead><tr><th>Field</th><th class=\"type\">Type")
        .append("</th><th>Count</th><th>Nulls</th><th>Distinct</th><th>Min</th><th>Mean</th>")
        .append("<th>Max</th><th>Std dev</th><th>Median</th>");
    if (drift.isPresent()) {
      h.append("<th>Drift (KS)</th><th>p-value</th><th>Null rate change</th>");
    }
    h.append("<th>Valid</th></tr></thead><tbody>\n");
    for (FieldProfile f : fields) {
      Optional<FieldDrift> d = drift.flatMap(r -> r.field(f.path()));
      rowStart(h, p, f, d);
      Optional<NumericStats> s = f.numeric();
      cellValue(h, f, s.map(NumericStats::min));
      double mean = s.map(NumericStats::mean).orElse(Double.NaN);
      cell(h, mean, Formats.mean(f.kind(), f.type(), mean));
      cellValue(h, f, s.map(NumericStats::max));
      double sd = s.map(NumericStats::stddev).orElse(Double.NaN);
      cell(h, sd, f.kind() == FieldKind.TEMPORAL ? spread(f, sd) : Wording.number(sd));
      cellValue(h, f, s.map(NumericStats::median));
      if (drift.isPresent()) {
        driftCells(h, d, d.flatMap(FieldDrift::ks).map(FieldDrift.KsTest::pValue));
      }
      validCell(h, f);
      h.append("</tr>\n");
    }
    h.append("</tbody></table>\n");
  }

  /**
   * The standard deviation of a temporal field as a duration ({@code 2d 1h}): dates count days,
   * timestamps microseconds.
   */
  private static String spread(FieldProfile f, double sd) {
    return f.type().equals("date")
        ? Wording.durationOfMicros(sd * 86_400e6)
        : Wording.durationOfMicros(sd);
  }

  private static void categoricalTable(
      StringBuilder h, Profile p, List<FieldProfile> fields, Optional<DriftReport> drift) {
    h.append("<table class=\"sortable categorical\"><thead><tr><th>Field</th>")
        .append("<th class=\"type\">Type</th><th>Count</th><th>Nulls</th><th>Distinct</th>")
        .append("<th>Empty</th><th>Mean length</th><th>Top value</th>");
    if (drift.isPresent()) {
      h.append("<th>Drift (L&infin;)</th><th>p-value</th><th>Null rate change</th>");
    }
    h.append("<th>Valid</th></tr></thead><tbody>\n");
    for (FieldProfile f : fields) {
      Optional<FieldDrift> d = drift.flatMap(r -> r.field(f.path()));
      rowStart(h, p, f, d);
      if (f.text().isPresent()) {
        cell(h, f.text().get().empty(), Wording.number(f.text().get().empty()));
        cell(h, f.text().get().meanLength(), Wording.number(f.text().get().meanLength()));
      } else {
        cell(h, -1, "-");
        cell(h, -1, "-");
      }
      if (f.redacted()) {
        cellText(h, "", "(redacted)");
      } else if (!f.topValues().isEmpty()) {
        ValueCount v = f.topValues().get(0);
        String share =
            f.nonNull() == 0 ? "" : " (" + Wording.percent((double) v.count() / f.nonNull()) + ")";
        cellText(h, v.value(), (v.value().isEmpty() ? "(empty)" : v.value()) + share);
      } else {
        cellText(h, "", "-");
      }
      if (drift.isPresent()) {
        driftCells(
            h, d, d.flatMap(FieldDrift::categorical).map(FieldDrift.CategoricalTest::pValue));
      }
      validCell(h, f);
      h.append("</tr>\n");
    }
    h.append("</tbody></table>\n");
  }

  private static void rowStart(StringBuilder h, Profile p, FieldProfile f, Optional<FieldDrift> d) {
    int index = p.fields().indexOf(f);
    h.append("<tr")
        .append(d.isPresent() && d.get().score() > 0.1 ? " class=\"drifted\"" : "")
        .append("><td data-sort=\"")
        .append(escape(f.path()))
        .append("\"><a href=\"#f")
        .append(index)
        .append("\">")
        .append(escape(f.path()))
        .append("</a></td>");
    h.append("<td class=\"type\" data-sort=\"")
        .append(escape(f.type()))
        .append("\">")
        .append(escape(f.type()))
        .append("</td>");
    cell(h, f.count(), Wording.number(f.count()));
    cell(h, f.nullRate(), Wording.percent(f.nullRate()));
    double distinct = f.distinct().map(x -> x.estimate()).orElse(-1.0);
    cell(
        h,
        distinct,
        distinct < 0
            ? "-"
            : Wording.number(Math.round(distinct)) + (f.allDistinct() ? " (all distinct)" : ""));
  }

  private static void driftCells(StringBuilder h, Optional<FieldDrift> d, Optional<Double> pValue) {
    if (d.isEmpty()) {
      cell(h, -1, "not compared");
      cell(h, 2, "-");
      cell(h, -1, "-");
      return;
    }
    cell(h, d.get().score(), Wording.number(d.get().score()));
    cell(h, pValue.orElse(2.0), pValue.map(Formats::pValue).orElse("-"));
    double change = d.get().nullRateChange();
    cell(h, Math.abs(change), (change > 0 ? "+" : "") + Wording.percent(change));
  }

  private static void validCell(StringBuilder h, FieldProfile f) {
    if (f.semantic().isPresent()) {
      double share = f.semantic().get().validShare();
      cell(h, share, Wording.percent(share) + " " + f.semantic().get().type());
    } else {
      cell(h, 2, "-");
    }
  }

  private static void cellValue(StringBuilder h, FieldProfile f, Optional<Double> v) {
    double x = v.orElse(Double.NaN);
    cell(h, x, Formats.value(f.kind(), f.type(), x));
  }

  private static void cell(StringBuilder h, double sort, String text) {
    h.append("<td data-sort=\"")
        .append(Double.isNaN(sort) ? "-1e308" : Double.toString(sort))
        .append("\">")
        .append(escape(text))
        .append("</td>");
  }

  private static void cellText(StringBuilder h, String sort, String text) {
    h.append("<td data-sort=\"")
        .append(escape(sort))
        .append("\">")
        .append(escape(text))
        .append("</td>");
  }

  private static void section(
      StringBuilder h,
      int index,
      FieldProfile f,
      Optional<FieldProfile> before,
      Optional<FieldDrift> d) {
    h.append("<section id=\"f").append(index).append("\"><div><h3>").append(escape(f.path()));
    h.append(" <small class=\"type\">").append(escape(f.type())).append("</small></h3><dl>");
    stat(h, "Count", Wording.number(f.count()));
    stat(h, "Nulls", Wording.number(f.nulls()) + " (" + Wording.percent(f.nullRate()) + ")");
    f.distinct()
        .ifPresent(
            x ->
                stat(
                    h,
                    "Distinct",
                    Wording.number(Math.round(x.estimate()))
                        + " ("
                        + Wording.number(Math.round(x.lower()))
                        + " to "
                        + Wording.number(Math.round(x.upper()))
                        + (f.allDistinct() ? "; all distinct" : "")
                        + ")"));
    f.numeric()
        .ifPresent(
            s -> {
              String label = f.kind() == FieldKind.COLLECTION ? "Size " : "";
              stat(h, label + "min", Formats.value(f.kind(), f.type(), s.min()));
              stat(h, label + "max", Formats.value(f.kind(), f.type(), s.max()));
              stat(h, label + "mean", Formats.mean(f.kind(), f.type(), s.mean()));
              s.quantiles()
                  .forEach((k, v) -> stat(h, label + k, Formats.value(f.kind(), f.type(), v)));
              if (s.zeros() > 0) {
                stat(h, "Zeros", Wording.number(s.zeros()));
              }
              if (s.nan() > 0 || s.infinite() > 0) {
                stat(h, "NaN / infinite", s.nan() + " / " + s.infinite());
              }
            });
    f.text()
        .ifPresent(
            t -> {
              stat(h, "Empty", Wording.number(t.empty()));
              stat(
                  h,
                  "Length",
                  t.minLength()
                      + " to "
                      + t.maxLength()
                      + ", mean "
                      + Wording.number(t.meanLength()));
            });
    f.semantic()
        .ifPresent(
            s ->
                stat(
                    h,
                    "Valid " + s.type(),
                    Wording.number(s.valid())
                        + " of "
                        + Wording.number(s.checked())
                        + " ("
                        + Wording.percent(s.validShare())
                        + ")"));
    d.ifPresent(
        x -> {
          x.ks()
              .ifPresent(
                  k ->
                      stat(
                          h,
                          "Drift (KS)",
                          // The score, as the console and drift.json print it; the sketches'
                          // own statistic and rank error beside it when they differ.
                          Wording.number(x.score())
                              + ", p = "
                              + Formats.pValue(k.pValue())
                              + (k.sketchError() > 0
                                  ? " (the sketches' statistic "
                                      + Wording.number(k.statistic())
                                      + " less their rank error "
                                      + Wording.number(k.sketchError())
                                      + ")"
                                  : "")));
          x.categorical()
              .ifPresent(
                  c ->
                      stat(
                          h,
                          "Drift (L\u221e)",
                          Wording.number(c.linf())
                              + ", \u03c7\u00b2 = "
                              + Wording.number(c.chiSquare())
                              + ", p = "
                              + Formats.pValue(c.pValue())));
          stat(
              h,
              "Null rate",
              Wording.percent(x.baselineNullRate())
                  + " \u2192 "
                  + Wording.percent(x.currentNullRate()));
          x.distinctChange()
              .ifPresent(c -> stat(h, "Distinct change", (c > 0 ? "+" : "") + Wording.percent(c)));
        });
    if (f.redacted()) {
      stat(h, "Top values", "redacted");
    }
    h.append("</dl></div><div>");
    if (f.numeric().isPresent() && !f.numeric().get().histogram().isEmpty()) {
      List<NumericStats.Bin> bins = f.numeric().get().histogram();
      h.append(
          Charts.histogram(f.kind(), f.type(), bins, before.flatMap(b -> baselineBins(b, bins))));
    } else if (!f.topValues().isEmpty()) {
      h.append(
          Charts.topValues(
              f.topValues(), f.nonNull(), before.flatMap(b -> baselineShares(b, f.topValues()))));
    }
    h.append("</div></section>\n");
  }

  private static void stat(StringBuilder h, String name, String value) {
    h.append("<dt>").append(escape(name)).append("</dt><dd>").append(escape(value)).append("</dd>");
  }

  /** The baseline's share of values in each of the current histogram's bins. */
  private static Optional<double[]> baselineBins(FieldProfile before, List<NumericStats.Bin> bins) {
    Optional<byte[]> kll = before.sketches().kll();
    if (kll.isEmpty()) {
      return Optional.empty();
    }
    KllDoublesSketch s = Sketches.kll(kll.get(), before.path());
    if (s.isEmpty()) {
      return Optional.empty();
    }
    if (bins.size() == 1) {
      return Optional.of(new double[] {1.0});
    }
    double[] splits = new double[bins.size() - 1];
    for (int i = 1; i < bins.size(); i++) {
      splits[i - 1] = bins.get(i).low();
    }
    return Optional.of(s.getPMF(splits, QuantileSearchCriteria.EXCLUSIVE));
  }

  /** The baseline's share of the non-null values for each current top value. */
  private static Optional<double[]> baselineShares(FieldProfile before, List<ValueCount> top) {
    Optional<byte[]> items = before.sketches().items();
    if (items.isEmpty()) {
      return Optional.empty();
    }
    ItemsSketch<String> s = Sketches.items(items.get(), before.path());
    double total = Math.max(1, s.getStreamLength());
    double[] shares = new double[top.size()];
    for (int i = 0; i < top.size(); i++) {
      shares[i] = s.getEstimate(top.get(i).value()) / total;
    }
    return Optional.of(shares);
  }
}
