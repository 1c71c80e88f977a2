package dev.wick.core.validation;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wick.core.explain.Explanation;
import dev.wick.core.gate.GateResult;
import dev.wick.core.gate.Judgement;
import dev.wick.core.gate.Verdict;
import dev.wick.core.gate.Violation;
import dev.wick.core.json.Json;
import dev.wick.core.report.Wording;
import dev.wick.core.results.Metric;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Counts from validating a dataset: records in total, valid and invalid, and per field and rule how
 * many records failed it (a record counts once per rule however many of its values fail).
 *
 * @param total records seen
 * @param valid records that passed every rule
 * @param invalid records that failed at least one rule
 * @param rules one entry per rule of the schema, in schema order, including rules nothing failed
 */
public record ValidationSummary(long total, long valid, long invalid, List<RuleCount> rules) {
  public ValidationSummary {
    rules = List.copyOf(rules);
  }

  /**
   * How many records failed one rule.
   *
   * @param field the field path
   * @param rule the rule's name
   * @param evaluatedAs {@code catalyst} for rules evaluated as Spark expressions, {@code
   *     java_function} for rules that had to run as a Java function over the values
   * @param invalid the number of records failing the rule
   */
  public record RuleCount(String field, String rule, String evaluatedAs, long invalid) {}

  /** {@code invalid / total}, or 0 for no records. */
  public double invalidFraction() {
    return total == 0 ? 0.0 : (double) invalid / total;
  }

  /**
   * The numbers of this validation for a results table: the records, valid and invalid, the invalid
   * fraction (judged against {@code thresholds} when {@code shareJudged}), and the records failing
   * each rule.
   */
  public List<Metric> metrics(ValidationThresholds thresholds, boolean shareJudged) {
    List<Metric> out = new ArrayList<>();
    out.add(Metric.of("dataset", "records", total));
    out.add(Metric.of("dataset", "valid records", valid));
    out.add(Metric.of("dataset", "invalid records", invalid));
    Metric share = Metric.of("dataset", "invalid fraction", invalidFraction());
    out.add(
        shareJudged
            ? share.judged(
                "<= " + thresholds.maxInvalidFraction(),
                invalidFraction() <= thresholds.maxInvalidFraction())
            : share);
    for (RuleCount r : rules) {
      out.add(Metric.of(r.field(), "invalid records: " + r.rule(), r.invalid()));
    }
    return out;
  }

  /**
   * Whether this validation passes {@code thresholds}, and if not, why: an input of no records (an
   * input error unless allowed), or too many invalid records.
   */
  public GateResult gate(ValidationThresholds thresholds) {
    List<Violation> out = new ArrayList<>();
    if (total == 0 && !thresholds.allowEmpty()) {
      out.add(
          new Violation(
              Violation.Kind.EMPTY_INPUT,
              "records",
              "rows",
              "0",
              "1",
              "The input holds no records, so nothing was validated."));
    }
    Judgement fraction = thresholds.judgeInvalidRule(invalid, total, "record");
    if (fraction.status() == Judgement.Status.FAILED) {
      out.add(fraction.toViolation());
      return new GateResult(out);
    }
    return new GateResult(out, List.of(fraction));
  }

  /**
   * The verdict of this validation of {@code subject} against {@code thresholds}, or not judged
   * when {@code shareJudged} is false (no largest share of invalid records was set: they are
   * counted, and only an input of none fails): the gate's rules, and each rule of the schema as a
   * rule of its own (failed when the gate failed on the invalid records and some record breaks it),
   * so that CI lists which rules the invalid records break.
   */
  public Verdict verdict(ValidationThresholds thresholds, boolean shareJudged, String subject) {
    List<Verdict.Figure> figures =
        List.of(
            Verdict.Figure.count("records", total),
            Verdict.Figure.count("valid", valid),
            Verdict.Figure.count("invalid", invalid),
            new Verdict.Figure("share invalid", Wording.percent(invalidFraction())));
    GateResult gate = gate(thresholds);
    if (!shareJudged && !gate.hasInputError()) {
      return Verdict.notJudged(
          "validate",
          subject,
          "No largest share of invalid records was set, so they were counted, not judged.",
          figures);
    }
    boolean failed = gate.violations().stream().anyMatch(v -> !v.kind().isInputError());
    List<Judgement> perRule = new ArrayList<>();
    for (RuleCount r : rules) {
      boolean broken = failed && r.invalid() > 0;
      perRule.add(
          new Judgement(
              Violation.Kind.THRESHOLD,
              r.field(),
              r.rule(),
              Wording.count(r.invalid()),
              "-",
              broken ? Judgement.Status.FAILED : Judgement.Status.PASSED,
              Wording.count(r.invalid(), "record")
                  + " of "
                  + Wording.count(total)
                  + (r.invalid() == 1 ? " breaks " : " break ")
                  + r.rule()
                  + " of '"
                  + r.field()
                  + "'."));
    }
    return Verdict.of("validate", subject, gate, "rule", figures, perRule);
  }

  /**
   * The summary as JSON (what {@code wick validate} writes to summary.json), with lower camel case
   * keys through {@link Json}.
   */
  public String toJson() {
    return toJson(Map.of());
  }

  /**
   * {@link #toJson()}, with an {@code explain} object per rule named in {@code explanations} (by
   * {@code field rule}): where its failing rows sit ({@code wick validate --explain}).
   */
  public String toJson(Map<String, Explanation> explanations) {
    ObjectNode root = Json.object();
    root.put("total", total);
    root.put("valid", valid);
    root.put("invalid", invalid);
    Json.number(root, "invalidFraction", invalidFraction());
    ArrayNode list = root.putArray("rules");
    for (RuleCount r : rules) {
      list.addObject()
          .put("field", r.field())
          .put("rule", r.rule())
          .put("evaluatedAs", r.evaluatedAs())
          .put("invalid", r.invalid());
      Explanation e = explanations.get(r.field() + " " + r.rule());
      if (e != null) {
        e.writeTo(((ObjectNode) list.get(list.size() - 1)).putObject("explain"));
      }
    }
    return Json.write(root);
  }
}
