package dev.wick.cli;

import dev.wick.core.WickException;
import dev.wick.profiler.DriftReport;
import dev.wick.profiler.DriftThresholds;
import dev.wick.profiler.FieldDrift;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/** Prints a drift report's summary and turns exceeded thresholds into exit code 1. */
final class DriftPrinter {
  /** How many fields stdout lists, most drifted first; the reports have them all. */
  static final int TOP_FIELDS = 10;

  private DriftPrinter() {}

  static void print(DriftReport report, PrintWriter out, PrintWriter err) {
    out.printf(
        Locale.ROOT,
        "Drift from %s (%s rows) to %s (%s rows), %d fields compared:%n",
        report.baselineSource(),
        rows(report.baselineRows()),
        report.currentSource(),
        rows(report.currentRows()),
        report.fields().size());
    out.printf(
        Locale.ROOT,
        "  %-28s %-10s %-5s %8s %10s %10s %10s%n",
        "field",
        "kind",
        "test",
        "score",
        "p-value",
        "nulls",
        "distinct");
    List<FieldDrift> fields = report.byScore();
    for (FieldDrift f : fields.subList(0, Math.min(TOP_FIELDS, fields.size()))) {
      String test = f.ks().isPresent() ? "ks" : f.categorical().isPresent() ? "linf" : "-";
      String p =
          f.ks()
              .map(k -> pValue(k.pValue()))
              .or(() -> f.categorical().map(c -> pValue(c.pValue())))
              .orElse("-");
      out.printf(
          Locale.ROOT,
          "  %-28s %-10s %-5s %8.4f %10s %10s %10s%n",
          f.path(),
          f.kind().jsonName(),
          test,
          f.score(),
          p,
          signed(f.nullRateChange()),
          f.distinctChange().map(DriftPrinter::signed).orElse("-"));
    }
    if (fields.size() > TOP_FIELDS) {
      out.printf(Locale.ROOT, "  ... and %d more fields.%n", fields.size() - TOP_FIELDS);
    }
    out.flush();
    if (!report.onlyInBaseline().isEmpty()) {
      err.println(
          "warning: fields only in the baseline, not compared: "
              + String.join(", ", report.onlyInBaseline()));
    }
    if (!report.onlyInCurrent().isEmpty()) {
      err.println(
          "warning: fields only in the current profile, not compared: "
              + String.join(", ", report.onlyInCurrent()));
    }
    if (!report.kindChanged().isEmpty()) {
      err.println(
          "warning: fields whose type changed, not compared: "
              + String.join(", ", report.kindChanged()));
    }
    err.flush();
  }

  private static String signed(double share) {
    return String.format(Locale.ROOT, "%+.2f%%", share * 100);
  }

  static String rows(long n) {
    return String.format(Locale.ROOT, "%,d", n);
  }

  private static String pValue(double p) {
    return String.format(Locale.ROOT, p < 1e-4 ? "%.1e" : "%.4f", p);
  }

  /** Fails with exit code 1 when {@code report} exceeds {@code thresholds}. */
  static void gate(DriftReport report, DriftThresholds thresholds) {
    List<DriftThresholds.Violation> violations = report.violations(thresholds);
    if (violations.isEmpty()) {
      return;
    }
    List<String> shown =
        violations.subList(0, Math.min(5, violations.size())).stream()
            .map(Object::toString)
            .toList();
    throw WickException.checkFailed(
        "Drift beyond --max-drift in "
            + violations.stream().map(DriftThresholds.Violation::path).distinct().count()
            + " field(s): "
            + String.join("; ", shown)
            + (violations.size() > 5 ? "; ..." : "")
            + ".");
  }
}
