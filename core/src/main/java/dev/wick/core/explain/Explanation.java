package dev.wick.core.explain;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wick.core.json.Json;
import dev.wick.core.report.Html;
import dev.wick.core.report.Wording;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where a failure sits in the data ({@link Explainer}): the slices that hold much more of it than
 * their share of the rows, best first.
 *
 * @param failure what failed, for people ({@code range(ms_played)}, {@code different keys})
 * @param rows the rows looked at
 * @param failing the failing rows among them
 * @param columns the columns the slices were cut by
 * @param skipped the columns left out, each with why ({@code 9,812 distinct values})
 * @param slices the slices whose failing rate's interval clears the rate outside them, best first
 * @param unit what is counted: rows, or a diff's keys
 */
public record Explanation(
    String failure,
    long rows,
    long failing,
    List<String> columns,
    Map<String, String> skipped,
    List<Slice> slices,
    Unit unit) {
  public Explanation {
    columns = List.copyOf(columns);
    skipped = Map.copyOf(skipped);
    slices = List.copyOf(slices);
    java.util.Objects.requireNonNull(unit, "unit");
  }

  /** An explanation of failing rows. */
  public Explanation(
      String failure,
      long rows,
      long failing,
      List<String> columns,
      Map<String, String> skipped,
      List<Slice> slices) {
    this(failure, rows, failing, columns, skipped, slices, Unit.ROWS);
  }

  /**
   * What an explanation counts, as its sentences name it.
   *
   * @param noun one of them ({@code row}, {@code key})
   * @param failing one that fails ({@code failing row}, {@code differing key})
   * @param fail what failing ones do, in the plural ({@code fail}, {@code differ})
   */
  public record Unit(String noun, String failing, String fail) {
    /** Rows, which fail. */
    public static final Unit ROWS = new Unit("row", "failing row", "fail");

    /** A diff's keys, which differ. */
    public static final Unit KEYS = new Unit("key", "differing key", "differ");
  }

  /** The best slice, if any stands out. */
  public Optional<Slice> best() {
    return slices.stream().findFirst();
  }

  /**
   * One line for the console: {@code range(ms_played): 97.0% of the 412 failing rows are in
   * platform = WEB (5.1% of the rows; 52.3% fail there, 0.1% elsewhere).}
   */
  public String line() {
    if (failing == 0) {
      return failure + ": no " + unit.noun() + "s " + unit.fail() + ", nothing to explain.";
    }
    if (slices.isEmpty()) {
      return failure
          + ": no slice of "
          + (columns.isEmpty() ? "the columns" : String.join(", ", columns))
          + " holds notably more of the "
          + Wording.count(failing, unit.failing())
          + " than its share of the "
          + unit.noun()
          + "s.";
    }
    Slice s = slices.get(0);
    return failure
        + ": "
        + Wording.percent(s.coverage())
        + " of the "
        + Wording.count(failing, unit.failing())
        + " are in "
        + s.text()
        + " ("
        + Wording.percent((double) s.rows() / rows)
        + " of the "
        + unit.noun()
        + "s; "
        + Wording.percent(s.rate())
        + " "
        + unit.fail()
        + " there, "
        + Wording.percent(s.outsideRate())
        + " elsewhere).";
  }

  /**
   * The explanation as HTML for a report: its {@link #line()}, then a table of its slices with
   * their counts, coverage, failing rate (with its 95% interval), the rate outside and the lift;
   * every text escaped.
   */
  public String toHtml() {
    StringBuilder h = new StringBuilder();
    h.append("<p><b>Where:</b> ").append(Html.escape(line())).append("</p>");
    if (slices.isEmpty()) {
      return h.toString();
    }
    h.append("<table><thead><tr><th>slice</th><th>")
        .append(unit.noun())
        .append("s</th><th>")
        .append(unit.failing())
        .append("s</th><th>coverage</th><th>rate (95% interval)</th><th>rate outside</th>")
        .append("<th>lift</th></tr>")
        .append("</thead><tbody>");
    for (Slice s : slices) {
      h.append("<tr><td><code>")
          .append(Html.escape(s.text()))
          .append("</code></td><td>")
          .append(Wording.count(s.rows()))
          .append("</td><td>")
          .append(Wording.count(s.failing()))
          .append("</td><td>")
          .append(Wording.percent(s.coverage()))
          .append("</td><td>")
          .append(Wording.percent(s.rate()))
          .append(" (")
          .append(Wording.percent(s.low()))
          .append(" to ")
          .append(Wording.percent(s.high()))
          .append(")</td><td>")
          .append(Wording.percent(s.outsideRate()))
          .append("</td><td>")
          .append(Double.isInfinite(s.lift()) ? "only here" : Wording.number(s.lift()) + "x")
          .append("</td></tr>");
    }
    return h.append("</tbody></table>").toString();
  }

  /** The explanation as JSON, into {@code node}. */
  public ObjectNode writeTo(ObjectNode node) {
    node.put("failure", failure);
    node.put("unit", unit.noun());
    node.put("rows", rows);
    node.put("failing", failing);
    ArrayNode cols = node.putArray("columns");
    columns.forEach(cols::add);
    ArrayNode skip = node.putArray("skipped");
    skipped.entrySet().stream()
        .sorted(Map.Entry.comparingByKey())
        .forEach(e -> skip.addObject().put("column", e.getKey()).put("why", e.getValue()));
    ArrayNode list = node.putArray("slices");
    for (Slice s : slices) {
      ObjectNode o = list.addObject();
      o.put("slice", s.text());
      ArrayNode conds = o.putArray("conditions");
      for (Condition c : s.conditions()) {
        conds
            .addObject()
            .put("column", c.column())
            .put("kind", c.kind().name().toLowerCase(java.util.Locale.ROOT))
            .put("label", c.label());
      }
      o.put("rows", s.rows());
      o.put("failing", s.failing());
      Json.number(o, "coverage", s.coverage());
      Json.number(o, "rate", s.rate());
      Json.number(o, "rateLow", s.low());
      Json.number(o, "rateHigh", s.high());
      Json.number(o, "outsideRate", s.outsideRate());
      if (Double.isInfinite(s.lift())) {
        o.putNull("lift");
      } else {
        Json.number(o, "lift", s.lift());
      }
    }
    return node;
  }
}
