package dev.wick.core.validation;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.wick.core.gate.GateResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
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
   * Whether this validation passes {@code thresholds}, and if not, why: an input of no records (an
   * input error unless allowed), or too many invalid records.
   */
  public GateResult gate(ValidationThresholds thresholds) {
    List<dev.wick.core.gate.Violation> out = new ArrayList<>();
    if (total == 0 && !thresholds.allowEmpty()) {
      out.add(
          new dev.wick.core.gate.Violation(
              dev.wick.core.gate.Violation.Kind.EMPTY_INPUT,
              "records",
              "rows",
              "0",
              "1",
              "The input holds no records, so nothing was validated."));
    }
    if (invalidFraction() > thresholds.maxInvalidFraction()) {
      String measured = percent(invalidFraction());
      String limit = percent(thresholds.maxInvalidFraction());
      out.add(
          new dev.wick.core.gate.Violation(
              dev.wick.core.gate.Violation.Kind.THRESHOLD,
              "records",
              "invalid fraction",
              String.valueOf(invalidFraction()),
              String.valueOf(thresholds.maxInvalidFraction()),
              invalid
                  + " of "
                  + total
                  + " records ("
                  + measured
                  + ") are invalid; at most "
                  + limit
                  + " may be."));
    }
    return new GateResult(out);
  }

  private static String percent(double fraction) {
    return String.format(Locale.ROOT, "%.2f%%", fraction * 100);
  }

  /** The summary as pretty-printed JSON (what {@code wick validate} writes to summary.json). */
  public String toJson() {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("total", total);
    root.put("valid", valid);
    root.put("invalid", invalid);
    root.put("invalid_fraction", invalidFraction());
    List<Map<String, Object>> list = new ArrayList<>();
    for (RuleCount r : rules) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("field", r.field());
      m.put("rule", r.rule());
      m.put("evaluated_as", r.evaluatedAs());
      m.put("invalid", r.invalid());
      list.add(m);
    }
    root.put("rules", list);
    try {
      return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(root)
          + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write the summary as JSON", e);
    }
  }
}
