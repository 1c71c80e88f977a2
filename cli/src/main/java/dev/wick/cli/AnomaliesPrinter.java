package dev.wick.cli;

import dev.wick.core.report.Wording;
import dev.wick.profiler.AnomalyReport;
import dev.wick.profiler.MetricCheck;
import java.io.PrintWriter;

/** Prints an anomaly report's summary: the verdict, then each anomalous metric. */
final class AnomaliesPrinter {
  private AnomaliesPrinter() {}

  /** The verdict on the newest profile, then one line per anomalous metric. */
  static void print(AnomalyReport r, PrintWriter out) {
    out.printf(
        "Judged %s at %s%s against %s: %s.%n",
        r.source(),
        r.at(),
        r.label().map(l -> " (" + l + ")").orElse(""),
        Wording.count(r.earlier(), "earlier profile"),
        !r.judged()
            ? "not judged, too few earlier profiles (at least " + r.minHistory() + " needed)"
            : r.anomalies().isEmpty()
                ? "no anomaly in " + Wording.count(r.checks().size(), "metric")
                : Wording.count(r.anomalies().size(), "anomalous metric")
                    + " of "
                    + r.checks().size());
    for (MetricCheck c : r.anomalies()) {
      out.println("  " + c.summary());
    }
  }
}
