package dev.wick.core.validation;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.count_if;
import static org.apache.spark.sql.functions.exists;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.size;

import dev.wick.core.io.Format;
import dev.wick.core.io.Output;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Observation;
import org.apache.spark.sql.Row;

/**
 * A dataset with its reasons column, as {@link Validation#validate} makes it. Nothing runs until a
 * result is asked for; each method says how many passes over the input it costs.
 */
public final class ValidatedRows {
  /** The Spark type of the reasons column. */
  public static final String REASONS_TYPE = "array<struct<field:string,rule:string,reason:string>>";

  private static final String TOTAL = "total";
  private static final String INVALID = "invalid";

  private final Dataset<Row> annotated;
  private final String reasonsColumn;
  private final List<RuleInfo> rules;

  ValidatedRows(Dataset<Row> annotated, String reasonsColumn, List<RuleInfo> rules) {
    this.annotated = annotated;
    this.reasonsColumn = reasonsColumn;
    this.rules = List.copyOf(rules);
  }

  /**
   * One rule as it runs on Spark.
   *
   * @param field the field path
   * @param rule the rule's name
   * @param catalyst true when evaluated as Catalyst expressions, false when as a Java function
   */
  public record RuleInfo(String field, String rule, boolean catalyst) {
    /** {@code catalyst} or {@code java_function}. */
    public String evaluatedAs() {
      return catalyst ? "catalyst" : "java_function";
    }
  }

  /** The rules evaluated, in schema order, and how. */
  public List<RuleInfo> rules() {
    return rules;
  }

  /** The name of the reasons column. */
  public String reasonsColumn() {
    return reasonsColumn;
  }

  /** Every row with its reasons column (empty for valid rows). */
  public Dataset<Row> annotated() {
    return annotated;
  }

  /** The rows that pass every rule, without the reasons column. */
  public Dataset<Row> valid() {
    return annotated.filter(size(col(reasonsColumn)).equalTo(0)).drop(reasonsColumn);
  }

  /** The rows that fail at least one rule, with the reasons column. */
  public Dataset<Row> invalid() {
    return annotated.filter(size(col(reasonsColumn)).gt(0));
  }

  /** Totals and counts per field and rule, in one aggregation (one pass over the input). */
  public ValidationSummary summary() {
    List<Column> aggregates = aggregates();
    Row row =
        annotated
            .agg(aggregates.get(0), aggregates.subList(1, aggregates.size()).toArray(new Column[0]))
            .head();
    return summaryOf(name -> ((Number) row.getAs(name)).longValue());
  }

  /**
   * Writes the invalid rows (with reasons) to {@code invalidPart} and the valid rows to {@code
   * validPart} of {@code output} in {@code format}, and returns the summary. The counts ride along
   * the invalid rows' write as observed metrics, so this costs two passes over the input, one per
   * written part, and no aggregation pass. The caller commits the output.
   */
  public ValidationSummary write(
      Output output, String validPart, String invalidPart, Format format) {
    Observation observation = new Observation("wick-validate-" + UUID.randomUUID());
    List<Column> aggregates = aggregates();
    Dataset<Row> observed =
        annotated.observe(
            observation,
            aggregates.get(0),
            aggregates.subList(1, aggregates.size()).toArray(new Column[0]));
    output.writeDataset(invalidPart, observed.filter(size(col(reasonsColumn)).gt(0)), format);
    Map<String, Object> metrics;
    try {
      metrics = observation.getAsJava();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for the validation counts", e);
    }
    output.writeDataset(validPart, valid(), format);
    return summaryOf(name -> ((Number) metrics.get(name)).longValue());
  }

  private List<Column> aggregates() {
    List<Column> out = new ArrayList<>();
    out.add(count(lit(1)).as(TOTAL));
    out.add(count_if(size(col(reasonsColumn)).gt(0)).as(INVALID));
    for (int i = 0; i < rules.size(); i++) {
      RuleInfo r = rules.get(i);
      out.add(
          count_if(
                  exists(
                      col(reasonsColumn),
                      v ->
                          v.getField("field")
                              .equalTo(lit(r.field()))
                              .and(v.getField("rule").equalTo(lit(r.rule())))))
              .as("rule_" + i));
    }
    return out;
  }

  private ValidationSummary summaryOf(java.util.function.Function<String, Long> get) {
    long total = get.apply(TOTAL);
    long invalid = get.apply(INVALID);
    List<ValidationSummary.RuleCount> counts = new ArrayList<>();
    for (int i = 0; i < rules.size(); i++) {
      RuleInfo r = rules.get(i);
      counts.add(
          new ValidationSummary.RuleCount(
              r.field(), r.rule(), r.evaluatedAs(), get.apply("rule_" + i)));
    }
    return new ValidationSummary(total, total - invalid, invalid, counts);
  }
}
