package dev.wick.cli;

import dev.wick.core.report.Wording;
import dev.wick.profiler.DriftReport;
import dev.wick.profiler.DriftThresholds;
import dev.wick.profiler.FieldDrift;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/** Prints a drift report's summary (schema changes first) and maps its gate to an exit code. */
final class DriftPrinter {
  /** How many fields stdout lists, most drifted first; the reports have them all. */
  static final int TOP_FIELDS = 10;

  private DriftPrinter() {}

  static void print(DriftReport report, PrintWriter out) {
    out.printf(
        Locale.ROOT,
        "Drift from %s (%s) to %s (%s), %s compared:%n",
        report.baselineSource(),
        Wording.count(report.baselineRows(), "row"),
        report.currentSource(),
        Wording.count(report.currentRows(), "row"),
        Wording.count(report.fields().size(), "field"));
    printSchema(report, out);
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
  }

  /** The schema changes, before the table: they matter more than any distribution. */
  private static void printSchema(DriftReport report, PrintWriter out) {
    if (!report.schemaChanged()) {
      return;
    }
    out.println("schema changed:");
    if (!report.onlyInBaseline().isEmpty()) {
      out.println(
          "  only in the baseline, not compared: " + String.join(", ", report.onlyInBaseline()));
    }
    if (!report.onlyInCurrent().isEmpty()) {
      out.println(
          "  only in the current profile, not compared: "
              + String.join(", ", report.onlyInCurrent()));
    }
    for (DriftReport.TypeChange c : report.kindChanged()) {
      out.println(
          "  kind changed, not compared: "
              + c.path()
              + " "
              + c.baselineType()
              + " -> "
              + c.currentType());
    }
    for (DriftReport.TypeChange c : report.typeChanged()) {
      out.println(
          "  type changed: " + c.path() + " " + c.baselineType() + " -> " + c.currentType());
    }
  }

  private static String signed(double share) {
    return String.format(Locale.ROOT, "%+.2f%%", share * 100);
  }

  /** A p-value in four decimals, {@code < 0.0001} when smaller, as the reports write it. */
  private static String pValue(double p) {
    return p < 1e-4 ? "< 0.0001" : String.format(Locale.ROOT, "%.4f", p);
  }

  /**
   * The exit code of the gate: 0 when {@code report} passes {@code thresholds}, else 1 (or 2 for a
   * profile of no rows), with one sentence per violation on {@code err}.
   */
  static int gate(
      DriftReport report, DriftThresholds thresholds, String maxDrift, PrintWriter err) {
    return GatePrinter.report(
        report.gate(thresholds),
        err,
        "drift",
        "--max-drift " + maxDrift,
        "accept it with --allow-schema-change");
  }
}
