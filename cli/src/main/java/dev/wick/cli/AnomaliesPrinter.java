package dev.wick.cli;

import dev.wick.core.ExitCode;
import dev.wick.core.gate.GateResult;
import dev.wick.core.gate.Violation;
import dev.wick.core.report.Wording;
import dev.wick.profiler.AnomalyReport;
import dev.wick.profiler.DriftReport;
import dev.wick.profiler.MetricCheck;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * Prints an anomaly report: on stdout the verdict, the schema changes and each anomalous metric; on
 * stderr only the one sentence that explains a failed gate.
 */
final class AnomaliesPrinter {
  private AnomaliesPrinter() {}

  /** The verdict on the newest profile, its schema changes, then one line per anomalous metric. */
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
    AnomalyReport.SchemaChanges schema = r.schema();
    if (schema.changed()) {
      out.println("  schema changed since the previous profile:");
      if (!schema.appeared().isEmpty()) {
        out.println("    appeared: " + String.join(", ", schema.appeared()));
      }
      if (!schema.disappeared().isEmpty()) {
        out.println("    disappeared: " + String.join(", ", schema.disappeared()));
      }
      for (DriftReport.TypeChange c : schema.typeChanged()) {
        out.println(
            "    type changed: " + c.path() + " " + c.baselineType() + " -> " + c.currentType());
      }
    }
    for (MetricCheck c : r.anomalies()) {
      out.println("  " + c.summary());
    }
  }

  /**
   * The exit code of {@code gate}, the gate of {@code r}: 0 when it passes; 2 when the history is
   * too short to judge (that error alone on {@code err}); else 1, with one sentence on {@code err}
   * that counts what failed and points at the lines {@link #print} wrote for it.
   *
   * @param thresholdFlag how the band's width was given ({@code --threshold 5.0})
   */
  static int gate(AnomalyReport r, GateResult gate, String thresholdFlag, PrintWriter err) {
    if (gate.passes() || gate.hasInputError()) {
      return GatePrinter.report(gate, err, "anomalies", thresholdFlag, "");
    }
    List<String> failed = new ArrayList<>();
    int anomalous = gate.of(Violation.Kind.THRESHOLD).size();
    if (anomalous > 0) {
      failed.add(
          anomalous
              + " of "
              + Wording.count(r.checks().size(), "metric")
              + (anomalous == 1 ? " is outside its band (" : " are outside their bands (")
              + thresholdFlag
              + ")");
    }
    int changed = gate.of(Violation.Kind.SCHEMA_CHANGE).size();
    if (changed > 0) {
      failed.add(
          Wording.count(changed, "field")
              + " changed since the previous profile (accept "
              + (changed == 1 ? "it" : "them")
              + " with --allow-schema-change)");
    }
    err.println("anomalies check failed: " + String.join(" and ", failed) + ", as listed above.");
    err.flush();
    return ExitCode.CHECK_FAILED.code();
  }
}
