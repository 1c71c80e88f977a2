package dev.wick.profiler;

import dev.wick.core.explain.Explanation;
import dev.wick.core.gate.GateResult;
import dev.wick.core.gate.Judgement;
import dev.wick.core.gate.Verdict;
import dev.wick.core.gate.Violation;
import dev.wick.core.io.Output;
import dev.wick.core.report.VerdictFormats;
import dev.wick.core.results.Metric;
import dev.wick.profiler.internal.AnomaliesHtml;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The newest profile of a history judged against the earlier ones ({@link Anomalies}): every
 * metric's band and verdict, and the schema changes since the previous profile. It writes itself
 * ({@code anomalies.json}, {@code anomalies.html}) to an {@link Output} the caller owns, and its
 * {@link #gate} says what fails.
 *
 * @param source the newest profile's source
 * @param at the newest profile's time
 * @param label the newest profile's partition label, if any
 * @param earlier how many earlier profiles (of the same label) it was judged against
 * @param minHistory how many earlier profiles judging needs
 * @param schema the schema changes from the previous profile to the newest
 * @param checks every metric judged (or too new to judge), table first, then by field
 */
public record AnomalyReport(
    String source,
    Instant at,
    Optional<String> label,
    int earlier,
    int minHistory,
    SchemaChanges schema,
    List<MetricCheck> checks) {

  /** The report's JSON inside its folder. */
  public static final String JSON = "anomalies.json";

  /** The report's HTML page inside its folder. */
  public static final String HTML = "anomalies.html";

  public AnomalyReport {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(at, "at");
    Objects.requireNonNull(label, "label");
    Objects.requireNonNull(schema, "schema");
    checks = List.copyOf(checks);
  }

  /**
   * Fields that appeared, disappeared or changed type from the previous profile to the newest.
   *
   * @param appeared fields only the newest profile has
   * @param disappeared fields only the previous profile has
   * @param typeChanged fields whose type changed
   */
  public record SchemaChanges(
      List<String> appeared, List<String> disappeared, List<DriftReport.TypeChange> typeChanged) {
    public SchemaChanges {
      appeared = List.copyOf(appeared);
      disappeared = List.copyOf(disappeared);
      typeChanged = List.copyOf(typeChanged);
    }

    /** True when some field appeared, disappeared or changed type. */
    public boolean changed() {
      return !appeared.isEmpty() || !disappeared.isEmpty() || !typeChanged.isEmpty();
    }
  }

  /** Whether the history was long enough to judge the newest profile. */
  public boolean judged() {
    return earlier >= minHistory;
  }

  /** The anomalous metrics, in report order. */
  public List<MetricCheck> anomalies() {
    return checks.stream().filter(MetricCheck::anomalous).toList();
  }

  /**
   * The numbers of this report for a results table: each metric's newest value, judged against the
   * band its history allows when it was judged.
   */
  public List<Metric> metrics() {
    List<Metric> out = new ArrayList<>();
    for (MetricCheck c : checks) {
      String subject = c.field().orElse("dataset") + c.category().map(k -> "=" + k).orElse("");
      Metric m = Metric.of(subject, c.metric(), c.value());
      out.add(
          c.judged() ? m.judged("between " + c.lower() + " and " + c.upper(), !c.anomalous()) : m);
    }
    return out;
  }

  /**
   * The violations: a history too short to judge (an input error unless allowed), schema changes
   * (unless allowed), then one per anomalous metric.
   */
  public GateResult gate(AnomalyThresholds thresholds) {
    List<Violation> out = new ArrayList<>();
    if (!judged() && !thresholds.allowShortHistory()) {
      out.add(
          Violation.emptyInput(
              "history",
              "The history holds "
                  + earlier
                  + (earlier == 1 ? " profile" : " profiles")
                  + " before "
                  + at
                  + label.map(l -> " with label " + l).orElse("")
                  + ", too few to judge: at least "
                  + minHistory
                  + " are needed."));
    }
    if (!thresholds.allowSchemaChange()) {
      for (String f : schema.appeared()) {
        out.add(
            Violation.schemaChange(
                f,
                "presence",
                "newest only",
                "in the history",
                "Field '" + f + "' appeared since the previous profile."));
      }
      for (String f : schema.disappeared()) {
        out.add(
            Violation.schemaChange(
                f,
                "presence",
                "previous only",
                "in the newest profile",
                "Field '" + f + "' disappeared since the previous profile."));
      }
      for (DriftReport.TypeChange c : schema.typeChanged()) {
        out.add(c.violation(" since the previous profile."));
      }
    }
    List<Judgement> held = new ArrayList<>();
    for (MetricCheck c : checks) {
      if (!c.judged() || c.anomalous()) {
        continue;
      }
      String band = c.band();
      String message = c.describe() + " is " + c.word(c.value()) + ", " + within(band, true) + ".";
      held.add(
          Judgement.passed(
              Violation.Kind.THRESHOLD,
              c.field().orElse("rows"),
              c.metric() + c.category().map(x -> " " + x).orElse(""),
              c.word(c.value()),
              band,
              Character.toUpperCase(message.charAt(0)) + message.substring(1)));
    }
    for (MetricCheck c : anomalies()) {
      String v = c.word(c.value());
      String band = c.band();
      String how =
          c.method() == MetricCheck.Method.SEASONAL
              ? "same weekday's median " + c.word(c.center())
              : "median " + c.word(c.center());
      String message = c.describe() + " is " + v + ", " + within(band, false) + " (" + how + ").";
      out.add(
          new Violation(
              Violation.Kind.THRESHOLD,
              c.field().orElse("rows"),
              c.metric() + c.category().map(x -> " " + x).orElse(""),
              v,
              band,
              Character.toUpperCase(message.charAt(0)) + message.substring(1)));
    }
    return new GateResult(out, held);
  }

  /** The verdict of this report against {@code thresholds}: each metric judged is a rule. */
  public Verdict verdict(AnomalyThresholds thresholds) {
    List<Verdict.Figure> figures =
        List.of(
            Verdict.Figure.count("earlier profiles", earlier),
            Verdict.Figure.count(
                "metrics judged", checks.stream().filter(MetricCheck::judged).count()),
            Verdict.Figure.count("anomalies", anomalies().size()));
    return Verdict.of(
        "anomalies",
        source + label.map(l -> " (label " + l + ")").orElse(""),
        gate(thresholds),
        "metric",
        figures);
  }

  /** Where a value sits against its band: "inside its band 3 to 5", "above its limit 0.1". */
  private static String within(String band, boolean inside) {
    String limit = "at most ";
    if (band.startsWith(limit)) {
      return (inside ? "within its limit " : "above its limit ") + band.substring(limit.length());
    }
    return (inside ? "inside" : "outside") + " its band " + band;
  }

  /** This report as {@code anomalies.json} text. */
  public String toJson() {
    return AnomaliesJson.write(this, Map.of());
  }

  /** This report as {@code anomalies.html} text, judged against {@code thresholds}. */
  String toHtml(AnomalyThresholds thresholds, Map<String, Explanation> explanations) {
    return AnomaliesHtml.render(
        new AnomaliesHtml.Page(
            source,
            at,
            label,
            earlier,
            minHistory,
            judged(),
            schema.appeared(),
            schema.disappeared(),
            schema.typeChanged(),
            anomalies(),
            checks,
            explanations),
        verdict(thresholds));
  }

  /**
   * Writes {@code anomalies.json}, {@code anomalies.html} and {@code summary.md}, judged strictly.
   */
  public void writeTo(Output out) {
    writeTo(out, AnomalyThresholds.strict());
  }

  /**
   * Writes {@code anomalies.json}, {@code anomalies.html} (the verdict first) and {@code
   * summary.md} (the verdict in Markdown), judged against {@code thresholds}.
   */
  public void writeTo(Output out, AnomalyThresholds thresholds) {
    writeTo(out, thresholds, Map.of());
  }

  /**
   * {@link #writeTo(Output, AnomalyThresholds)}, with where each anomalous field's move sits in the
   * newest data ({@code explanations}, from {@link DriftRegion#explain}) in the JSON's {@code
   * explain} array and the page.
   */
  public void writeTo(
      Output out, AnomalyThresholds thresholds, Map<String, Explanation> explanations) {
    out.writeString(JSON, AnomaliesJson.write(this, explanations));
    out.writeString(HTML, toHtml(thresholds, explanations));
    out.writeString(
        ProfileReport.SUMMARY_MD, VerdictFormats.markdownBeside(verdict(thresholds), HTML));
  }
}
