package dev.wick.checks;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wick.core.WickException;
import dev.wick.core.explain.Explanation;
import dev.wick.core.gate.GateResult;
import dev.wick.core.gate.Judgement;
import dev.wick.core.gate.Verdict;
import dev.wick.core.gate.Violation;
import dev.wick.core.io.Output;
import dev.wick.core.json.Json;
import dev.wick.core.report.VerdictFormats;
import dev.wick.core.report.Wording;
import dev.wick.core.results.Metric;
import dev.wick.core.validation.ValidationThresholds;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * The outcome of running {@link Checks} on a dataset: one {@link CheckResult} per check, in the
 * checks' order. It knows its JSON ({@value #CHECKS_JSON}) and HTML ({@value #CHECKS_HTML}) and
 * writes both to an {@link Output} the caller owns; {@link #gate()} turns it into violations.
 *
 * @param input what was checked (a path, or a label), for people
 * @param rows the number of rows checked
 * @param passes how many Spark jobs read the data: one aggregation, one per {@code unique} and
 *     {@code references} check, one per failed check's example rows, and, when the rows were split
 *     or marked, the writes' passes
 * @param results one result per check, in order
 * @param invalidRows how many rows fail at least one check, when the rows were split or marked
 *     ({@link CheckSplit}); else empty
 * @param maxInvalidFraction the largest share of invalid rows the gate allows, when it judges them
 *     ({@link #withMaxInvalidFraction}); else empty
 */
public record CheckResults(
    String input,
    long rows,
    int passes,
    List<CheckResult> results,
    OptionalLong invalidRows,
    OptionalDouble maxInvalidFraction) {
  /** The results' JSON inside a report folder. */
  public static final String CHECKS_JSON = "checks.json";

  /** The results' HTML page inside a report folder. */
  public static final String CHECKS_HTML = "checks.html";

  /** The file of the verdict in Markdown, for CI summaries and pull-request comments. */
  public static final String SUMMARY_MD = "summary.md";

  public CheckResults {
    Objects.requireNonNull(input, "input");
    results = List.copyOf(results);
    Objects.requireNonNull(invalidRows, "invalidRows");
    Objects.requireNonNull(maxInvalidFraction, "maxInvalidFraction");
    maxInvalidFraction.ifPresent(ValidationThresholds::maxInvalidFraction);
  }

  /** The results of checks whose rows were not split: no count of invalid rows. */
  public CheckResults(String input, long rows, int passes, List<CheckResult> results) {
    this(input, rows, passes, results, OptionalLong.empty(), OptionalDouble.empty());
  }

  /** These results, naming the input {@code input} (a path, or a label). */
  public CheckResults withInput(String input) {
    return new CheckResults(input, rows, passes, results, invalidRows, maxInvalidFraction);
  }

  /**
   * These results, whose gate also fails when more than {@code fraction} (0 to 1) of the rows are
   * invalid. Only results whose rows were split or marked have that count; others refuse the bound
   * with a usage error, since a gate never passes what it did not count.
   */
  public CheckResults withMaxInvalidFraction(double fraction) {
    if (invalidRows.isEmpty()) {
      throw WickException.usage(
          "A largest invalid fraction judges the rows the checks split or mark; split or mark"
              + " the rows (Checks.split, then writeSplit or writeMarked) to judge it.");
    }
    return new CheckResults(input, rows, passes, results, invalidRows, OptionalDouble.of(fraction));
  }

  /** The violation of the largest invalid fraction, when it is set and broken. */
  private Optional<Violation> invalidFractionBroken() {
    if (invalidRows.isEmpty() || maxInvalidFraction.isEmpty()) {
      return Optional.empty();
    }
    return ValidationThresholds.maxInvalidFraction(maxInvalidFraction.getAsDouble())
        .judgeInvalid(invalidRows.getAsLong(), rows, "row");
  }

  /** These results, each check named in {@code explained} with where its failing rows sit. */
  CheckResults withExplanations(Map<String, Explanation> explained) {
    List<CheckResult> out = new ArrayList<>();
    for (CheckResult r : results) {
      Explanation e = explained.get(r.check().name());
      out.add(e == null ? r : r.withExplanation(e));
    }
    return new CheckResults(input, rows, passes, out, invalidRows, maxInvalidFraction);
  }

  /** The results of checks that failed, of either severity. */
  public List<CheckResult> failed() {
    return results.stream().filter(r -> !r.passed()).toList();
  }

  /**
   * Whether no check of severity error failed and, when a largest invalid fraction is set, no more
   * rows than it allows are invalid.
   */
  public boolean passed() {
    return results.stream().noneMatch(CheckResult::failsGate) && invalidFractionBroken().isEmpty();
  }

  /**
   * The numbers of this run for a results table: the rows checked ({@code dataset}), the invalid
   * rows when they were split or marked (judged when a largest invalid fraction is set), and for
   * each check its measured value against its bound, with its failing rows when it counts them.
   */
  public List<Metric> metrics() {
    List<Metric> out = new ArrayList<>();
    out.add(Metric.of("dataset", "rows", rows));
    invalidRows.ifPresent(
        n -> {
          double fraction = rows == 0 ? 0 : (double) n / rows;
          Metric m = Metric.of("dataset", "invalid fraction", fraction);
          out.add(Metric.of("dataset", "invalid rows", n));
          out.add(
              maxInvalidFraction.isPresent()
                  ? m.judged(
                      "<= " + maxInvalidFraction.getAsDouble(),
                      fraction <= maxInvalidFraction.getAsDouble())
                  : m);
        });
    for (CheckResult r : results) {
      String name = r.check().name();
      double value = r.measured() instanceof Number n ? n.doubleValue() : Double.NaN;
      out.add(Metric.judged(name, r.check().rule().kind(), value, r.bound(), r.passed()));
      r.failing().ifPresent(n -> out.add(Metric.of(name, "failing rows", n)));
    }
    return out;
  }

  /**
   * The gate: one violation per failed {@code error} check, in order ({@code warn} checks never
   * fail it), after an {@link Violation.Kind#EMPTY_INPUT} violation when the data has no rows.
   */
  public GateResult gate() {
    return gate(false);
  }

  /**
   * {@link #gate()}, accepting data of no rows when {@code allowEmpty}; when a largest invalid
   * fraction is set, too many invalid rows fail it too (judged as {@code wick validate} judges its
   * records).
   */
  public GateResult gate(boolean allowEmpty) {
    List<Judgement> judged = new ArrayList<>();
    if (rows == 0 && !allowEmpty) {
      judged.add(
          Judgement.of(
              Violation.emptyInput("input", "The input holds no rows, so no check was judged.")));
    }
    for (CheckResult r : results) {
      Judgement.Status status =
          r.passed()
              ? Judgement.Status.PASSED
              : r.failsGate() ? Judgement.Status.FAILED : Judgement.Status.WARNED;
      judged.add(
          new Judgement(
              Violation.Kind.THRESHOLD,
              r.check().name(),
              r.check().rule().kind(),
              measured(r.measured()),
              r.bound(),
              status,
              r.passed()
                  ? "Held: measured " + measured(r.measured()) + ", bound " + r.bound() + "."
                  : r.message()));
    }
    if (invalidRows.isPresent() && maxInvalidFraction.isPresent()) {
      judged.add(
          ValidationThresholds.maxInvalidFraction(maxInvalidFraction.getAsDouble())
              .judgeInvalidRule(invalidRows.getAsLong(), rows, "row"));
    }
    return GateResult.of(judged);
  }

  /** The verdict of these checks: every check judged, with the gate's {@code allowEmpty}. */
  public Verdict verdict(boolean allowEmpty) {
    List<Verdict.Figure> figures = new ArrayList<>();
    figures.add(Verdict.Figure.count("rows", rows));
    figures.add(Verdict.Figure.count("checks", results.size()));
    figures.add(
        Verdict.Figure.count("failed", results.stream().filter(CheckResult::failsGate).count()));
    figures.add(
        Verdict.Figure.count(
            "warned", results.stream().filter(r -> !r.passed() && !r.failsGate()).count()));
    invalidRows.ifPresent(n -> figures.add(Verdict.Figure.count("invalid rows", n)));
    return Verdict.of("check", input, gate(allowEmpty), "check", figures);
  }

  /** A measured value in words: counts whole, fractions in about six significant digits. */
  static String measured(Object value) {
    if (value == null) {
      return "none";
    }
    if (value instanceof Double d) {
      return Wording.number(d);
    }
    if (value instanceof Long l) {
      return Wording.count(l);
    }
    return String.valueOf(value);
  }

  /** The results as {@value #CHECKS_JSON} text (lower camel case keys through core's JSON). */
  public String toJson() {
    ObjectNode root = Json.object();
    root.put("input", input);
    root.put("rows", rows);
    root.put("passed", passed());
    root.put("passes", passes);
    invalidRows.ifPresent(
        n -> {
          root.put("validRows", rows - n);
          root.put("invalidRows", n);
          Json.number(root, "invalidFraction", rows == 0 ? 0.0 : (double) n / rows);
        });
    maxInvalidFraction.ifPresent(f -> Json.number(root, "maxInvalidFraction", f));
    root.put("failedErrors", results.stream().filter(CheckResult::failsGate).count());
    root.put(
        "failedWarnings",
        results.stream().filter(r -> !r.passed() && r.check().severity() == Severity.WARN).count());
    ArrayNode list = root.putArray("checks");
    for (CheckResult r : results) {
      ObjectNode o = list.addObject();
      o.put("name", r.check().name());
      o.put("check", r.check().rule().kind());
      o.put("severity", r.check().severity().text());
      o.put("passed", r.passed());
      if (r.measured() == null) {
        o.putNull("measured");
      } else if (r.measured() instanceof Long l) {
        o.put("measured", l);
      } else if (r.measured() instanceof Double d) {
        Json.number(o, "measured", d);
      } else {
        o.put("measured", String.valueOf(r.measured()));
      }
      o.put("bound", r.bound());
      r.failing().ifPresent(n -> o.put("failing", n));
      r.invalidRows().ifPresent(n -> o.put("invalidRows", n));
      if (!r.passed()) {
        o.put("message", r.message());
      }
      if (!r.examples().isEmpty()) {
        ArrayNode ex = o.putArray("examples");
        for (String row : r.examples()) {
          ex.add(row);
        }
      }
      r.explanation().ifPresent(e -> e.writeTo(o.putObject("explain")));
      o.set("spec", ChecksFile.tree(Checks.of(r.check())).get("checks").get(0));
    }
    return Json.write(root);
  }

  /**
   * The results as a self-contained HTML page ({@value #CHECKS_HTML}), judged as by {@link
   * #gate()}.
   */
  public String toHtml() {
    return ChecksHtml.render(this, verdict(false));
  }

  /**
   * Writes {@value #CHECKS_JSON}, {@value #CHECKS_HTML} and {@code summary.md} (the verdict in
   * Markdown) to {@code out}, judged as by {@link #gate(boolean)}.
   */
  public void writeTo(Output out, boolean allowEmpty) {
    Verdict verdict = verdict(allowEmpty);
    out.writeString(CHECKS_JSON, toJson());
    out.writeString(CHECKS_HTML, ChecksHtml.render(this, verdict));
    out.writeString(SUMMARY_MD, VerdictFormats.markdownBeside(verdict, CHECKS_HTML));
  }

  /** Writes what {@link #writeTo(Output, boolean)} writes, judged as by {@link #gate()}. */
  public void writeTo(Output out) {
    writeTo(out, false);
  }
}
