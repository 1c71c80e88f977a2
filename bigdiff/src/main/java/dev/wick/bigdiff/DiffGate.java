package dev.wick.bigdiff;

import dev.wick.core.gate.GateResult;
import dev.wick.core.gate.Judgement;
import dev.wick.core.gate.Violation;
import dev.wick.core.gate.Violation.Kind;
import dev.wick.core.report.Wording;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The gate of a diff: a summary and thresholds give the violations. */
final class DiffGate {
  private DiffGate() {}

  static GateResult check(DiffSummary s, DiffThresholds t) {
    List<Violation> out = new ArrayList<>();
    List<Judgement> held = new ArrayList<>();
    GlobalCounts g = s.global();
    if (!t.allowEmpty()) {
      String noun = s.keyless() ? "row" : "key";
      empty(out, held, "lhs", g.lhsKeys(), noun);
      empty(out, held, "rhs", g.rhsKeys(), noun);
    }
    if (!t.allowSchemaChange()) {
      int before = out.size();
      schema(out, s.schema());
      if (out.size() == before) {
        held.add(
            Judgement.passed(
                Kind.SCHEMA_CHANGE,
                "schema",
                "changed fields",
                "0",
                "0",
                "Both sides have the same fields, types and nullability."));
      }
    }
    if (s.sample().isPresent() && t.maxDiffFraction() > 0) {
      SampleBounds b = s.sample().get();
      SampleBounds.Interval i = b.notSame();
      String sampled =
          "On a "
              + Wording.percent(b.fraction())
              + " sample of the keys (seed "
              + b.seed()
              + "), "
              + counted(s)
              + "; the "
              + Math.round(100 * SampleBounds.CONFIDENCE)
              + "% interval of that share is ["
              + Wording.percent(i.low())
              + ", "
              + Wording.percent(i.high())
              + "], whose upper bound is ";
      boolean within = i.high() <= t.maxDiffFraction();
      String message =
          sampled
              + (within ? "within" : "above")
              + " the allowed "
              + Wording.percent(t.maxDiffFraction())
              + ".";
      judge(out, held, within, "diff fraction (upper bound)", i.high(), t, message);
    } else {
      boolean within = g.diffFraction() <= t.maxDiffFraction();
      String limit =
          t.maxDiffFraction() == 0
              ? within ? "." : "; none may be."
              : "; at most " + Wording.percent(t.maxDiffFraction()) + " may be.";
      judge(out, held, within, "diff fraction", g.diffFraction(), t, counted(s) + limit);
    }
    return new GateResult(out, held);
  }

  /** The rule on the share of keys not SAME: held, or a violation. */
  private static void judge(
      List<Violation> out,
      List<Judgement> held,
      boolean within,
      String measure,
      double measured,
      DiffThresholds t,
      String message) {
    GateResult rule =
        GateResult.of(
            List.of(
                new Judgement(
                    Kind.THRESHOLD,
                    "keys",
                    measure,
                    number(measured),
                    number(t.maxDiffFraction()),
                    within ? Judgement.Status.PASSED : Judgement.Status.FAILED,
                    message)));
    out.addAll(rule.violations());
    held.addAll(rule.held());
  }

  /** What is not SAME, in words: keys by classification, or rows for a diff without keys. */
  private static String counted(DiffSummary s) {
    GlobalCounts g = s.global();
    if (s.keyless()) {
      return g.notSame()
          + " of "
          + g.total()
          + " rows are not SAME ("
          + Wording.percent(g.diffFraction())
          + ": "
          + g.missingRhs()
          + " only in lhs, "
          + g.missingLhs()
          + " only in rhs, duplicates counted)";
    }
    return g.notSame()
        + " of "
        + g.total()
        + " keys are not SAME ("
        + Wording.percent(g.diffFraction())
        + ": "
        + g.different()
        + " different, "
        + g.missingRhs()
        + " only in lhs, "
        + g.missingLhs()
        + " only in rhs, "
        + g.duplicateKeys()
        + " duplicated)";
  }

  private static void empty(
      List<Violation> out, List<Judgement> held, String side, long keys, String noun) {
    if (keys == 0) {
      out.add(
          Violation.emptyInput(
              side, "The " + side + " has no rows, so the diff compared nothing."));
    } else {
      held.add(
          Judgement.passed(
              Kind.EMPTY_INPUT,
              side,
              "rows",
              Wording.count(keys),
              "1",
              "The " + side + " has " + Wording.count(keys, noun) + " to compare."));
    }
  }

  private static void schema(List<Violation> out, SchemaDifference d) {
    for (String f : d.onlyLhs()) {
      Optional<String> renamed =
          d.renames().stream().filter(r -> r.lhs().equals(f)).map(r -> r.rhs()).findFirst();
      out.add(
          schemaChange(
              f,
              "presence",
              "lhs only",
              "Field '"
                  + f
                  + "' is only in the lhs"
                  + renamed.map(r -> " (likely renamed to '" + r + "')").orElse("")
                  + ", so it was not compared."));
    }
    for (String f : d.onlyRhs()) {
      out.add(
          schemaChange(
              f,
              "presence",
              "rhs only",
              "Field '" + f + "' is only in the rhs, so it was not compared."));
    }
    for (SchemaDifference.TypeChange c : d.typeChanges()) {
      out.add(
          Violation.schemaChange(
              c.field(),
              "type",
              c.rhsType(),
              c.lhsType(),
              "Field '"
                  + c.field()
                  + "' is "
                  + c.lhsType()
                  + " in the lhs but "
                  + c.rhsType()
                  + " in the rhs"
                  + (c.compared()
                      ? " (values compared in the wider type)."
                      : ", which cannot be compared, so it was not.")));
    }
    for (SchemaDifference.NullabilityChange c : d.nullabilityChanges()) {
      out.add(
          Violation.schemaChange(
              c.field(),
              "nullable",
              String.valueOf(c.rhsNullable()),
              String.valueOf(c.lhsNullable()),
              "Field '"
                  + c.field()
                  + "' is "
                  + (c.lhsNullable() ? "nullable" : "not nullable")
                  + " in the lhs but "
                  + (c.rhsNullable() ? "nullable" : "not nullable")
                  + " in the rhs."));
    }
  }

  private static Violation schemaChange(String field, String measure, String measured, String msg) {
    return Violation.schemaChange(field, measure, measured, "both sides", msg);
  }

  private static String number(double v) {
    return Wording.number(v);
  }
}
