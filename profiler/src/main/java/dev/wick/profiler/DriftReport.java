package dev.wick.profiler;

import dev.wick.core.explain.Explanation;
import dev.wick.core.gate.GateResult;
import dev.wick.core.gate.Judgement;
import dev.wick.core.gate.Verdict;
import dev.wick.core.gate.Violation;
import dev.wick.core.results.Metric;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The drift between a baseline profile and a current one: one {@link FieldDrift} per field both
 * profiles have with the same kind, and the schema changes: the fields only one of them has, whose
 * kind changed (not compared), or whose type changed within its kind (compared).
 *
 * @param baselineSource where the baseline profile's data came from
 * @param currentSource where the current profile's data came from
 * @param baselineRows the baseline's row count
 * @param currentRows the current row count
 * @param fields the compared fields, in the current profile's order
 * @param onlyInBaseline fields the current profile lacks
 * @param onlyInCurrent fields the baseline lacks
 * @param kindChanged fields whose type changed so much that their kinds differ (not compared)
 * @param typeChanged fields whose type changed within their kind ({@code int} to {@code long}):
 *     compared
 */
public record DriftReport(
    String baselineSource,
    String currentSource,
    long baselineRows,
    long currentRows,
    List<FieldDrift> fields,
    List<String> onlyInBaseline,
    List<String> onlyInCurrent,
    List<TypeChange> kindChanged,
    List<TypeChange> typeChanged) {

  public DriftReport {
    Objects.requireNonNull(baselineSource, "baselineSource");
    Objects.requireNonNull(currentSource, "currentSource");
    fields = List.copyOf(fields);
    onlyInBaseline = List.copyOf(onlyInBaseline);
    onlyInCurrent = List.copyOf(onlyInCurrent);
    kindChanged = List.copyOf(kindChanged);
    typeChanged = List.copyOf(typeChanged);
  }

  /**
   * A field whose type differs between the profiles.
   *
   * @param path the field path
   * @param baselineType its type in the baseline profile
   * @param currentType its type in the current profile
   */
  public record TypeChange(String path, String baselineType, String currentType) {
    public TypeChange {
      Objects.requireNonNull(path, "path");
      Objects.requireNonNull(baselineType, "baselineType");
      Objects.requireNonNull(currentType, "currentType");
    }

    /** The gate's violation for this type change; {@code since} ends its sentence. */
    Violation violation(String since) {
      return Violation.schemaChange(
          path,
          "type",
          currentType,
          baselineType,
          "Field '" + path + "' changed type from " + baselineType + " to " + currentType + since);
    }
  }

  /** The drift of the field at {@code path}, if it was compared. */
  public Optional<FieldDrift> field(String path) {
    return fields.stream().filter(f -> f.path().equals(path)).findFirst();
  }

  /** True when both profiles have exactly the same fields and kinds. */
  public boolean sameFields() {
    return onlyInBaseline.isEmpty() && onlyInCurrent.isEmpty() && kindChanged.isEmpty();
  }

  /** True when some field is in one profile only, or changed kind or type. */
  public boolean schemaChanged() {
    return !sameFields() || !typeChanged.isEmpty();
  }

  /** The compared fields, most drifted first. */
  public List<FieldDrift> byScore() {
    return fields.stream()
        .sorted(Comparator.comparingDouble(FieldDrift::score).reversed())
        .toList();
  }

  /**
   * Whether this drift passes {@code thresholds}, and if not, why: a profile of no rows (an input
   * error unless allowed), schema changes (unless allowed), then each field beyond a threshold, in
   * field order.
   */
  public GateResult gate(DriftThresholds thresholds) {
    List<Violation> out = new ArrayList<>();
    if (!thresholds.allowEmpty()) {
      empty(out, "baseline", baselineSource, baselineRows);
      empty(out, "current", currentSource, currentRows);
    }
    if (!thresholds.allowSchemaChange()) {
      onlyIn(out, onlyInBaseline, "baseline");
      onlyIn(out, onlyInCurrent, "current");
      for (TypeChange c : kindChanged) {
        out.add(
            Violation.schemaChange(
                c.path(),
                "kind",
                c.currentType(),
                c.baselineType(),
                "Field '"
                    + c.path()
                    + "' changed from "
                    + c.baselineType()
                    + " to "
                    + c.currentType()
                    + ", another kind of value, so it was not compared."));
      }
      for (TypeChange c : typeChanged) {
        out.add(c.violation("."));
      }
    }
    List<Judgement> judged = new ArrayList<>();
    fields.forEach(f -> judged.addAll(thresholds.judge(f)));
    return new GateResult(out).and(GateResult.of(judged));
  }

  /**
   * The numbers of this drift for a results table: the rows of each side, and per field its score,
   * its change of null rate and of distinct count, each judged against {@code thresholds}' limit
   * for it when one is set (by its size: a change either way counts).
   */
  public List<Metric> metrics(Optional<DriftThresholds> thresholds) {
    List<Metric> out = new ArrayList<>();
    out.add(Metric.of("baseline", "rows", baselineRows));
    out.add(Metric.of("current", "rows", currentRows));
    DriftThresholds t = thresholds.orElse(DriftThresholds.none());
    for (FieldDrift f : fields) {
      out.add(judged(Metric.of(f.path(), "score", f.score()), t.score(), f.score()));
      out.add(
          judged(
              Metric.of(f.path(), "null rate change", f.nullRateChange()),
              t.nulls(),
              f.nullRateChange()));
      f.distinctChange()
          .ifPresent(
              d -> out.add(judged(Metric.of(f.path(), "distinct change", d), t.distinct(), d)));
    }
    return out;
  }

  private static Metric judged(Metric m, Optional<Double> limit, double value) {
    return limit.map(l -> m.judged("|x| <= " + l, Math.abs(value) <= l)).orElse(m);
  }

  /** The verdict of this drift against {@code thresholds}, or not judged without them. */
  public Verdict verdict(Optional<DriftThresholds> thresholds) {
    String subject = baselineSource + " → " + currentSource;
    List<Verdict.Figure> figures = new ArrayList<>();
    figures.add(Verdict.Figure.count("fields compared", fields.size()));
    figures.add(
        new Verdict.Figure(
            "largest score",
            byScore().isEmpty()
                ? "-"
                : byScore().get(0).path()
                    + " "
                    + String.format(Locale.ROOT, "%.4f", byScore().get(0).score())));
    figures.add(Verdict.Figure.count("baseline rows", baselineRows));
    figures.add(Verdict.Figure.count("current rows", currentRows));
    if (thresholds.isEmpty()) {
      return Verdict.notJudged(
          "drift", subject, "No threshold was set, so the drift was not judged.", figures);
    }
    return Verdict.of("drift", subject, gate(thresholds.get()), "rule", figures);
  }

  private static void empty(List<Violation> out, String which, String source, long rows) {
    if (rows == 0) {
      out.add(
          Violation.emptyInput(
              which,
              "The "
                  + which
                  + " profile (of "
                  + source
                  + ") has no rows, so there is no drift to measure."));
    }
  }

  /** The fields only the {@code which} profile has. */
  private static void onlyIn(List<Violation> out, List<String> paths, String which) {
    for (String p : paths) {
      out.add(
          Violation.schemaChange(
              p,
              "presence",
              which + " only",
              "in both profiles",
              "Field '" + p + "' is only in the " + which + " profile, so it was not compared."));
    }
  }

  /** This report as {@code drift.json} text. */
  public String toJson() {
    return DriftJson.write(this, Map.of());
  }

  /**
   * {@link #toJson()} with an {@code explain} array: where each explained field's drift sits in the
   * current data ({@link DriftRegion#explain}).
   */
  public String toJson(Map<String, Explanation> explanations) {
    return DriftJson.write(this, explanations);
  }
}
