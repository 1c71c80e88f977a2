package dev.wick.sampler;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wick.core.json.Json;
import dev.wick.core.report.Wording;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a sample kept: records in and out, the target, and per stratum its size, target and the
 * records actually kept. {@link #summary()} is what {@code wick sample} prints; {@link #toJson}
 * what it writes to {@code _wick_sample.json}.
 *
 * @param spec the sample's spec
 * @param recordsIn the records of the input
 * @param recordsOut the records kept
 * @param target the records aimed at (an expectation unless exact)
 * @param passes how many times the input was read: 1 or 2
 * @param strata per stratum, in the order of their keys (nulls first); empty without strata
 * @param unitSql the Spark SQL expression of each record's unit value (see {@link
 *     dev.wick.core.spark.KeyHash})
 */
public record SampleResult(
    SampleSpec spec,
    long recordsIn,
    long recordsOut,
    double target,
    int passes,
    List<StratumCount> strata,
    String unitSql) {

  /** How many strata {@link #summary()} lists; the JSON has them all. */
  static final int SUMMARY_STRATA = 50;

  public SampleResult {
    Objects.requireNonNull(spec, "spec");
    strata = List.copyOf(strata);
    Objects.requireNonNull(unitSql, "unitSql");
  }

  /**
   * One stratum of a sample.
   *
   * @param key the stratum's values, typed as Spark returns them, in the order of the spec's strata
   *     (a null value is its own stratum)
   * @param keyJson the key as a JSON object from field path to value
   * @param recordsIn the stratum's records in the input
   * @param target the records aimed at (an expectation unless exact)
   * @param actual the records kept
   */
  public record StratumCount(
      List<Object> key, String keyJson, long recordsIn, double target, long actual) {
    public StratumCount {
      Objects.requireNonNull(key, "key");
      Objects.requireNonNull(keyJson, "keyJson");
    }

    /** The key's values as JSON, comma-separated: {@code "US", 3, null}. */
    public String display() {
      return String.join(", ", keyValues().stream().map(JsonNode::toString).toList());
    }

    /** The key's values as JSON nodes, in the order of the spec's strata. */
    List<JsonNode> keyValues() {
      List<JsonNode> values = new ArrayList<>();
      for (Iterator<JsonNode> it = Json.read(keyJson, "A stratum's key").elements();
          it.hasNext(); ) {
        values.add(it.next());
      }
      return values;
    }
  }

  /** The Spark SQL condition that keeps the same records, when one fraction holds for all. */
  public String predicateSql() {
    if (spec.exact() || spec.stratified() || !(spec.target() instanceof SampleSize.Fraction f)) {
      return "";
    }
    return unitSql + " < " + Wording.plain(f.value()) + "D";
  }

  /** The human summary {@code wick sample} prints. */
  public String summary() {
    StringBuilder s = new StringBuilder();
    s.append("sample       ").append(spec.describe()).append('\n');
    s.append("records in   ").append(Wording.count(recordsIn)).append('\n');
    s.append("records out  ")
        .append(Wording.count(recordsOut))
        .append(" (target ")
        .append(targetText(target))
        .append(")\n");
    if (!spec.exact() && Math.round(target) != recordsOut) {
      // The target is an expectation: say why the count differs.
      s.append("             ")
          .append(
              spec.byKey()
                  ? "each "
                      + String.join(", ", spec.by())
                      + " is kept or dropped with all its records, so the count lands near the"
                      + " target\n"
                  : "each record is kept or dropped on its own, so the count lands near the"
                      + " target; exact sampling meets it\n");
    }
    s.append("passes       ").append(passes).append(" over the input\n");
    if (strata.isEmpty()) {
      return s.toString();
    }
    List<String[]> rows = new ArrayList<>();
    rows.add(
        new String[] {
          "stratum (" + String.join(", ", spec.strata()) + ")", "records in", "target", "actual"
        });
    for (int i = 0; i < Math.min(strata.size(), SUMMARY_STRATA); i++) {
      StratumCount c = strata.get(i);
      rows.add(
          new String[] {
            c.display(),
            Wording.count(c.recordsIn()),
            targetText(c.target()),
            Wording.count(c.actual())
          });
    }
    int[] widths = new int[4];
    for (String[] r : rows) {
      for (int j = 0; j < 4; j++) {
        widths[j] = Math.max(widths[j], r[j].length());
      }
    }
    s.append('\n');
    for (String[] r : rows) {
      s.append(pad(r[0], widths[0], false));
      for (int j = 1; j < 4; j++) {
        s.append("  ").append(pad(r[j], widths[j], true));
      }
      s.append('\n');
    }
    if (strata.size() > SUMMARY_STRATA) {
      s.append("... and ")
          .append(strata.size() - SUMMARY_STRATA)
          .append(" more strata (all of them in _wick_sample.json)\n");
    }
    return s.toString();
  }

  private String targetText(double value) {
    return spec.exact()
        ? Wording.count(Math.round(value))
        : Wording.number(Math.round(value * 10) / 10.0);
  }

  private static String pad(String text, int width, boolean right) {
    String fill = " ".repeat(Math.max(0, width - text.length()));
    return right ? fill + text : text + fill;
  }

  /**
   * The result as JSON (lower camel case keys, through core's {@link Json}), after the {@code
   * context} entries (such as input, output and format). A stratum's key is the array of its values
   * in the order of the spec's strata; a record value is written as its JSON text. The spec's
   * distribution is written only for a stratified sample, where it applies.
   */
  public String toJson(Map<String, String> context) {
    ObjectNode root = Json.object();
    context.forEach(root::put);
    ObjectNode s = root.putObject("spec");
    if (spec.target() instanceof SampleSize.Fraction f) {
      s.put("fraction", f.value());
    } else {
      s.put("count", ((SampleSize.Count) spec.target()).value());
    }
    spec.by().forEach(s.putArray("by")::add);
    s.put("seed", spec.seed());
    s.put("seedGiven", spec.seedGiven());
    spec.strata().forEach(s.putArray("strata")::add);
    if (spec.stratified()) {
      s.put("distribution", spec.distribution().id());
    }
    s.put("exact", spec.exact());
    root.put("mode", spec.byKey() ? "key-hash" : "bernoulli");
    root.put("unitSql", unitSql);
    if (!predicateSql().isEmpty()) {
      root.put("predicateSql", predicateSql());
    }
    root.put("passes", passes);
    root.put("recordsIn", recordsIn);
    root.put("recordsOut", recordsOut);
    root.put("target", target);
    ArrayNode list = root.putArray("strataCounts");
    for (StratumCount c : strata) {
      ObjectNode o = list.addObject();
      ArrayNode key = o.putArray("key");
      for (JsonNode v : c.keyValues()) {
        if (v.isContainerNode()) {
          key.add(v.toString());
        } else {
          key.add(v);
        }
      }
      o.put("recordsIn", c.recordsIn());
      o.put("target", c.target());
      o.put("actual", c.actual());
    }
    return Json.write(root);
  }
}
