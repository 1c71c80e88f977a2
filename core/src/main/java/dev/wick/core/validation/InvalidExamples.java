package dev.wick.core.validation;

import static org.apache.spark.sql.functions.exists;
import static org.apache.spark.sql.functions.struct;

import dev.wick.core.WickException;
import dev.wick.core.io.Format;
import dev.wick.core.io.Output;
import dev.wick.core.spark.Columns;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.DataFrameReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructType;

/**
 * A few invalid rows of each rule that rows failed, with their reasons, for a report: taken from
 * the invalid rows as written (by {@link ValidatedRows#writeTo}), so the input is not read again.
 * Each failing rule costs one read of the invalid rows that keeps its first few rows by their
 * values' text (a top-k in each task, no shuffle), so a report shows the same rows every run; rules
 * no row failed cost nothing.
 */
public final class InvalidExamples {
  /** How many rows a report shows per rule unless told otherwise. */
  public static final int PER_RULE = 10;

  private final StructType schema;
  private final String reasonsColumn;
  private final Map<String, List<Row>> byRule;
  private final ZoneId zone;

  private InvalidExamples(
      StructType schema, String reasonsColumn, Map<String, List<Row>> byRule, ZoneId zone) {
    this.schema = schema;
    this.reasonsColumn = reasonsColumn;
    this.byRule = byRule;
    this.zone = zone;
  }

  /** No examples: for a validation nothing failed, or one whose invalid rows are not at hand. */
  public static InvalidExamples none() {
    return new InvalidExamples(new StructType(), Validation.REASONS, Map.of(), ZoneOffset.UTC);
  }

  /**
   * Up to {@code perRule} rows of {@code invalidRows} (rows with a reasons column named {@code
   * reasonsColumn}, as {@link ValidatedRows#writeTo} writes them) for each rule of {@code summary}
   * that rows failed, found by their reasons.
   */
  public static InvalidExamples sample(
      Dataset<Row> invalidRows, String reasonsColumn, ValidationSummary summary, int perRule) {
    Objects.requireNonNull(invalidRows, "invalidRows");
    Objects.requireNonNull(summary, "summary");
    if (perRule < 1) {
      throw new IllegalArgumentException("perRule " + perRule + " < 1");
    }
    if (!List.of(invalidRows.columns()).contains(reasonsColumn)) {
      throw WickException.usage(
          "The invalid rows have no reasons column '"
              + reasonsColumn
              + "'; take examples from rows that a validation wrote.");
    }
    Map<String, List<Row>> byRule = new LinkedHashMap<>();
    Column reasons = Columns.column(reasonsColumn);
    Column order =
        struct(
                java.util.Arrays.stream(invalidRows.columns())
                    .filter(c -> !c.equals(reasonsColumn))
                    .map(Columns::column)
                    .toArray(Column[]::new))
            .cast("string");
    for (ValidationSummary.RuleCount r : summary.rules()) {
      if (r.invalid() == 0) {
        continue;
      }
      Dataset<Row> failing =
          invalidRows.filter(
              exists(
                  reasons,
                  reason ->
                      reason
                          .getField("field")
                          .equalTo(r.field())
                          .and(reason.getField("rule").equalTo(r.rule()))));
      // The first rows by their values' text, so that a report shows the same rows every run.
      byRule.put(key(r), List.copyOf(failing.orderBy(order).limit(perRule).collectAsList()));
    }
    ZoneId zone = ZoneId.of(invalidRows.sparkSession().conf().get("spark.sql.session.timeZone"));
    return new InvalidExamples(invalidRows.schema(), reasonsColumn, byRule, zone);
  }

  /**
   * {@link #fromWritten(Output, String, Format, ValidatedRows, ValidationSummary, int)} with
   * {@value #PER_RULE} rows per failing rule.
   */
  public static InvalidExamples fromWritten(
      Output output,
      String invalidPart,
      Format format,
      ValidatedRows validated,
      ValidationSummary summary) {
    return fromWritten(output, invalidPart, format, validated, summary, PER_RULE);
  }

  /**
   * Up to {@code perRule} rows per failing rule from the invalid rows that {@code validated} wrote
   * to {@code invalidPart} of {@code output} in {@code format} ({@link ValidatedRows#writeTo}),
   * read back before the output is committed. JSON is read with the invalid rows' own schema, so
   * nothing is inferred.
   */
  public static InvalidExamples fromWritten(
      Output output,
      String invalidPart,
      Format format,
      ValidatedRows validated,
      ValidationSummary summary,
      int perRule) {
    if (summary.invalid() == 0) {
      return none();
    }
    Dataset<Row> invalid = validated.invalid();
    DataFrameReader reader = invalid.sparkSession().read().format(format.sparkName());
    if (format == Format.JSON) {
      reader = reader.schema(invalid.schema());
    }
    return sample(
        reader.load(output.stagingLocation(invalidPart)),
        validated.reasonsColumn(),
        summary,
        perRule);
  }

  private static String key(ValidationSummary.RuleCount r) {
    return r.field() + "\u0000" + r.rule();
  }

  /** The example rows of one rule (empty when none failed it or none were taken). */
  public List<Row> of(ValidationSummary.RuleCount rule) {
    return byRule.getOrDefault(key(rule), List.of());
  }

  /** The schema of the example rows: the data's columns and the reasons column. */
  public StructType schema() {
    return schema;
  }

  /** The time zone the example rows' timestamps read in: their Spark session's. */
  public ZoneId zone() {
    return zone;
  }

  /** The name of the reasons column of the example rows. */
  public String reasonsColumn() {
    return reasonsColumn;
  }
}
