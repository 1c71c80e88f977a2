package dev.wick.cli;

import dev.wick.core.explain.Explainer;
import dev.wick.core.explain.Explanation;
import dev.wick.core.validation.ValidatedRows;
import dev.wick.core.validation.ValidationSummary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import picocli.CommandLine.Option;

/**
 * {@code --explain} and {@code --explain-by}: where a command's failing rows sit in the data, for
 * the commands that judge rows ({@code check}, {@code validate}) and a diff's differing keys.
 */
final class ExplainOptions {
  @Option(
      names = "--explain",
      description =
          "Find where the failing rows sit: the slices of the data (a column's value, a bucket of"
              + " numbers or times, nulls, and pairs of those) that hold much more of them than"
              + " their share of the rows.")
  boolean explain;

  @Option(
      names = "--explain-by",
      split = ",",
      paramLabel = "COLUMN",
      description =
          "The columns --explain cuts the data by (comma-separated; implies --explain). Default:"
              + " the columns of at most 20 distinct values, and numbers and times in buckets.")
  List<String> by = new ArrayList<>();

  /**
   * Where the invalid records of each rule that some break sit, by {@code field rule} as {@code
   * summary.json} names rules; each is named {@code rule of field} for people and never cut by its
   * own field (its slices would only restate it).
   */
  static Map<String, Explanation> rules(
      Explainer explainer, ValidationSummary summary, ValidatedRows checked) {
    if (summary.invalid() == 0) {
      return Map.of();
    }
    Map<String, Explainer.Failure> failing = new LinkedHashMap<>();
    Map<String, String> byLabel = new LinkedHashMap<>();
    for (ValidationSummary.RuleCount r : summary.rules()) {
      String name = r.field() + " " + r.rule();
      String label = r.rule() + " of " + r.field();
      if (r.invalid() > 0) {
        failing.put(label, Explainer.Failure.of(checked.failingByRule().get(name), r.field()));
        byLabel.put(label, name);
      }
    }
    Map<String, Explanation> byRule = new LinkedHashMap<>();
    explainer.explainAll(failing).forEach((label, e) -> byRule.put(byLabel.get(label), e));
    return byRule;
  }

  /** Whether an explanation was asked for. */
  boolean on() {
    return explain || !by.isEmpty();
  }

  /**
   * The explainer of {@code data}, cutting by the columns given; an unknown column fails here, with
   * no Spark job, so that nothing is written.
   */
  Explainer explainer(Dataset<Row> data) {
    Explainer e = Explainer.of(data);
    return by.isEmpty() ? e : e.by(by);
  }
}
