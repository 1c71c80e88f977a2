package dev.wick.bigdiff;

import dev.wick.core.explain.Explanation;
import dev.wick.core.gate.GateResult;
import dev.wick.core.gate.Judgement;
import dev.wick.core.gate.Verdict;
import dev.wick.core.gate.Violation;
import dev.wick.core.report.Wording;
import dev.wick.core.results.Metric;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The outcome of a diff: global key counts, per-field statistics and the schema comparison. {@link
 * #toJson()} gives {@code summary.json}.
 *
 * @param keys the key field paths
 * @param global the key counts
 * @param fields every compared field, those that differ most often first
 * @param schema the fields compared, ignored, and the schema changes
 * @param arrays the arrays of records matched by element key, with their one-sided elements
 * @param rows for a diff without key fields, a few rows of each side that the other lacks
 * @param sample for a diff of a sample, what it says of the whole data
 * @param explanations where the differences sit ({@link BigDiff#explain()}), by what differs
 *     ({@code keys not the same}, {@code listeners differs}); empty unless asked for
 */
public record DiffSummary(
    List<String> keys,
    GlobalCounts global,
    List<FieldStats> fields,
    SchemaDifference schema,
    List<ArrayStats> arrays,
    List<RowExample> rows,
    Optional<SampleBounds> sample,
    Map<String, Explanation> explanations) {

  public DiffSummary {
    keys = List.copyOf(keys);
    Objects.requireNonNull(global, "global");
    fields = List.copyOf(fields);
    Objects.requireNonNull(schema, "schema");
    arrays = List.copyOf(arrays);
    rows = List.copyOf(rows);
    Objects.requireNonNull(sample, "sample");
    explanations = Collections.unmodifiableMap(new LinkedHashMap<>(explanations));
  }

  /** A summary with no explanations. */
  public DiffSummary(
      List<String> keys,
      GlobalCounts global,
      List<FieldStats> fields,
      SchemaDifference schema,
      List<ArrayStats> arrays,
      List<RowExample> rows,
      Optional<SampleBounds> sample) {
    this(keys, global, fields, schema, arrays, rows, sample, Map.of());
  }

  /** A keyed summary with no arrays matched by element key. */
  public DiffSummary(
      List<String> keys, GlobalCounts global, List<FieldStats> fields, SchemaDifference schema) {
    this(keys, global, fields, schema, List.of(), List.of(), Optional.empty());
  }

  /**
   * True for a diff without key fields ({@link BigDiff#keyless()}): its counts count row copies,
   * not keys.
   */
  public boolean keyless() {
    return keys.isEmpty();
  }

  /** This summary as the diff of a sample: with its bounds. */
  DiffSummary sampled(SampleBounds bounds) {
    return new DiffSummary(
        keys, global, fields, schema, arrays, rows, Optional.of(bounds), explanations);
  }

  /** This summary with {@code explained}: where its differences sit. */
  DiffSummary withExplanations(Map<String, Explanation> explained) {
    return new DiffSummary(keys, global, fields, schema, arrays, rows, sample, explained);
  }

  /** The statistics of one compared field, by path. */
  public Optional<FieldStats> field(String path) {
    return fields.stream().filter(f -> f.field().equals(path)).findFirst();
  }

  /** The fields that differ on at least one key, those that differ most often first. */
  public List<FieldStats> differingFields() {
    return fields.stream().filter(f -> f.different() > 0).toList();
  }

  /** True when some key is not {@link DiffType#SAME} (duplicated keys included). */
  public boolean hasDifferences() {
    return global.notSame() > 0;
  }

  /**
   * The numbers of this diff for a results table: the keys (or rows) by classification, the share
   * not SAME (judged against {@code thresholds} when given, on a sample by its interval's upper
   * bound), and each differing field's differing keys and share.
   */
  public List<Metric> metrics(Optional<DiffThresholds> thresholds) {
    GlobalCounts g = global();
    List<Metric> out = new ArrayList<>();
    String unit = keyless() ? "rows" : "keys";
    out.add(Metric.of(unit, "total", g.total()));
    out.add(Metric.of(unit, "same", g.same()));
    out.add(Metric.of(unit, "different", g.different()));
    out.add(Metric.of(unit, "only in lhs", g.missingRhs()));
    out.add(Metric.of(unit, "only in rhs", g.missingLhs()));
    out.add(Metric.of(unit, "duplicated", g.duplicateKeys()));
    out.add(Metric.of(unit, "null", g.nullKeys()));
    double judged = sample().isPresent() ? sample().get().notSame().high() : g.diffFraction();
    String measure = sample().isPresent() ? "diff fraction (upper bound)" : "diff fraction";
    if (sample().isPresent()) {
      out.add(Metric.of(unit, "diff fraction", g.diffFraction()));
    }
    Metric share = Metric.of(unit, measure, judged);
    out.add(
        thresholds
            .map(t -> share.judged("<= " + t.maxDiffFraction(), judged <= t.maxDiffFraction()))
            .orElse(share));
    for (FieldStats f : differingFields()) {
      out.add(Metric.of(f.field(), "different " + unit, f.different()));
      out.add(Metric.of(f.field(), "different fraction", f.fraction()));
    }
    return out;
  }

  /**
   * Whether this diff passes {@code thresholds}, and if not, why: schema changes, sides with no
   * rows, and too many keys that are not SAME (duplicated keys among them).
   */
  public GateResult gate(DiffThresholds thresholds) {
    return DiffGate.check(this, Objects.requireNonNull(thresholds, "thresholds"));
  }

  /**
   * The verdict of this diff against {@code thresholds}, or not judged without them. Beside the
   * gate's rules, a judged diff lists each field that differs on some key as a rule of its own,
   * failed when the gate failed on its keys, so that CI shows which fields hold the differences.
   *
   * @param lhs how the baseline is named
   * @param rhs how the candidate is named
   */
  public Verdict verdict(Optional<DiffThresholds> thresholds, String lhs, String rhs) {
    String subject = lhs + " → " + rhs;
    GlobalCounts g = global;
    String unit = keyless() ? "rows" : "keys";
    List<Verdict.Figure> figures = new ArrayList<>();
    figures.add(Verdict.Figure.count(unit + " compared", g.total()));
    figures.add(Verdict.Figure.count(unit + " not the same", g.notSame()));
    figures.add(new Verdict.Figure("share not the same", Wording.percent(g.diffFraction())));
    if (!keyless()) {
      figures.add(Verdict.Figure.count("different", g.different()));
      figures.add(Verdict.Figure.count("duplicated", g.duplicateKeys()));
    }
    figures.add(Verdict.Figure.count("only in lhs", g.missingRhs()));
    figures.add(Verdict.Figure.count("only in rhs", g.missingLhs()));
    figures.add(Verdict.Figure.count("fields that differ", differingFields().size()));
    if (thresholds.isEmpty()) {
      return Verdict.notJudged(
          "diff", subject, "No threshold was set, so the differences were not judged.", figures);
    }
    GateResult gate = gate(thresholds.get());
    boolean keysFailed = gate.violations().stream().anyMatch(v -> v.subject().equals("keys"));
    List<Judgement> perField = new ArrayList<>();
    for (FieldStats f : differingFields()) {
      perField.add(
          new Judgement(
              Violation.Kind.THRESHOLD,
              f.field(),
              "differing keys",
              Wording.count(f.different()),
              "-",
              keysFailed ? Judgement.Status.FAILED : Judgement.Status.PASSED,
              "'"
                  + f.field()
                  + "' differs on "
                  + Wording.count(f.different(), "key")
                  + " of the "
                  + Wording.count(g.classified())
                  + " on both sides."));
    }
    return Verdict.of("diff", subject, gate, "rule", figures, perField);
  }

  /** The summary as {@code summary.json} holds it. */
  public String toJson() {
    return SummaryJson.write(this);
  }
}
