package dev.wick.checks;

import static org.apache.spark.sql.functions.col;

import dev.wick.core.explain.Explainer;
import dev.wick.core.explain.Explanation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * Where the failing rows of each failed row-level check sit in the data ({@link Checks#explain}):
 * each check's test of a row, as {@code --split} judges it, handed to core's {@link Explainer}, all
 * checks in the same two passes.
 */
final class CheckExplain {
  private static final String FLAG = "__wick_explain_";

  private CheckExplain() {}

  static CheckResults explain(
      Checks checks,
      Dataset<Row> data,
      Map<String, Dataset<Row>> given,
      CheckResults results,
      Explainer explainer) {
    List<Planned> planned = Evaluation.plan(checks, data, given, false).planned();
    Dataset<Row> source = data;
    List<String> added = new ArrayList<>();
    Map<String, Explainer.Failure> failing = new LinkedHashMap<>();
    for (int i = 0; i < planned.size(); i++) {
      Planned p = planned.get(i);
      if (results.results().get(i).passed() || p.rows().isEmpty()) {
        continue;
      }
      Planned.Rows r = p.rows().get();
      if (r.flag() != null) {
        String flag = FLAG + i;
        source = r.flag().apply(source, flag);
        added.add(flag);
        failing.put(p.check().name(), Explainer.Failure.of(col(flag), r.field()));
      } else {
        failing.put(p.check().name(), Explainer.Failure.of(r.when(), r.field()));
      }
    }
    if (failing.isEmpty()) {
      return results;
    }
    Map<String, Explanation> explained =
        explainer.over(source).excluding(added).explainAll(failing);
    return results.withExplanations(explained);
  }
}
