package dev.wick.core.validation;

import static dev.wick.core.report.Html.escape;

import dev.wick.core.report.ValueText;
import dev.wick.core.report.Wording;
import dev.wick.core.schema.FieldPath;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * {@code report.html} of a validation: one self-contained page (inline style, no scripts, no links)
 * that opens with the verdict (PASSED or FAILED against the largest invalid fraction, with the
 * fraction measured; NOT JUDGED when no largest fraction was set), then counts the invalid records
 * per rule (failing rules first) and shows, for each failing rule, example invalid rows with their
 * reasons and the value that broke the rule marked. Every text from the data or the schema is
 * escaped ({@link dev.wick.core.report.Html#escape}).
 *
 * <pre>{@code
 * String page = ValidationReport.of(summary, "TrackPlay", "data/plays")
 *     .judged(0.01)
 *     .examples(InvalidExamples.sample(invalidRows, Validation.REASONS, summary, 10))
 *     .html();
 * }</pre>
 */
public final class ValidationReport {
  /** The widest a value gets in an example row before it is cut with an ellipsis. */
  static final int VALUE_WIDTH = 80;

  private static final String STYLE =
      "body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#222}"
          + "table{border-collapse:collapse;margin:0.5em 0 1.5em}"
          + "th,td{border-bottom:1px solid #ddd;padding:4px 8px;text-align:left;"
          + "vertical-align:top}"
          + "td.n{text-align:right}"
          + ".scroll{overflow-x:auto}"
          + ".verdict{padding:0.8em 1em;border-radius:4px;font-size:1.1em;margin-bottom:1em}"
          + ".verdict b{font-size:1.2em;margin-right:0.5em}"
          + ".passed{background:#e6f4ea;color:#176d2c}"
          + ".failed{background:#fde7e9;color:#b00020}"
          + ".not-judged{background:#eee;color:#444}"
          + "mark{background:#ffe08a;padding:0 2px}"
          + "code,td.v{font:12px ui-monospace,monospace}"
          + ".zero{color:#777}";

  private final ValidationSummary summary;
  private final String schemaName;
  private final String input;
  private final OptionalDouble maxInvalidFraction;
  private final InvalidExamples examples;

  private ValidationReport(
      ValidationSummary summary,
      String schemaName,
      String input,
      OptionalDouble maxInvalidFraction,
      InvalidExamples examples) {
    this.summary = summary;
    this.schemaName = schemaName;
    this.input = input;
    this.maxInvalidFraction = maxInvalidFraction;
    this.examples = examples;
  }

  /**
   * The report of {@code summary}, the validation of {@code input} (a location, for people) against
   * the schema {@code schemaName}: not judged, no examples, timestamps in UTC.
   */
  public static ValidationReport of(ValidationSummary summary, String schemaName, String input) {
    return new ValidationReport(
        Objects.requireNonNull(summary, "summary"),
        Objects.requireNonNull(schemaName, "schemaName"),
        Objects.requireNonNull(input, "input"),
        OptionalDouble.empty(),
        InvalidExamples.none());
  }

  /**
   * This report judged against the largest invalid fraction {@code maxInvalidFraction} (0 to 1), as
   * {@link ValidationThresholds#judgeInvalid} judges it: PASSED when the measured fraction is at
   * most it, else FAILED.
   */
  public ValidationReport judged(double maxInvalidFraction) {
    // The thresholds' own check of the range.
    ValidationThresholds.maxInvalidFraction(maxInvalidFraction);
    return new ValidationReport(
        summary, schemaName, input, OptionalDouble.of(maxInvalidFraction), examples);
  }

  /** This report judged as {@link #judged(double)} when a largest fraction is given, else not. */
  public ValidationReport judged(OptionalDouble maxInvalidFraction) {
    return maxInvalidFraction.isPresent()
        ? judged(maxInvalidFraction.getAsDouble())
        : new ValidationReport(summary, schemaName, input, OptionalDouble.empty(), examples);
  }

  /** This report with example invalid rows per failing rule. */
  public ValidationReport examples(InvalidExamples examples) {
    return new ValidationReport(
        summary,
        schemaName,
        input,
        maxInvalidFraction,
        Objects.requireNonNull(examples, "examples"));
  }

  /** The verdict's word: {@code PASSED}, {@code FAILED} or {@code NOT JUDGED}. */
  public String verdict() {
    if (maxInvalidFraction.isEmpty()) {
      return "NOT JUDGED";
    }
    return summary.invalidFraction() <= maxInvalidFraction.getAsDouble() ? "PASSED" : "FAILED";
  }

  /** The page. */
  public String html() {
    StringBuilder h = new StringBuilder(8192);
    String title = "Validation of " + input + " against " + schemaName;
    h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
        .append("<title>")
        .append(escape(title))
        .append("</title><style>")
        .append(STYLE)
        .append("</style></head><body>\n");
    banner(h);
    h.append("<h1>").append(escape(title)).append("</h1>\n");
    h.append("<p>")
        .append(escape(Wording.count(summary.total(), "record")))
        .append(": ")
        .append(escape(Wording.count(summary.valid())))
        .append(" valid, ")
        .append(escape(Wording.count(summary.invalid())))
        .append(" invalid (")
        .append(escape(Wording.percent(summary.invalidFraction())))
        .append(").</p>\n");
    rules(h);
    for (ValidationSummary.RuleCount r : ordered()) {
      if (r.invalid() > 0) {
        examples(h, r);
      }
    }
    h.append("</body></html>\n");
    return h.toString();
  }

  private void banner(StringBuilder h) {
    String word = verdict();
    String css =
        switch (word) {
          case "PASSED" -> "passed";
          case "FAILED" -> "failed";
          default -> "not-judged";
        };
    String measured =
        Wording.count(summary.invalid())
            + " of "
            + Wording.count(summary.total(), "record")
            + " invalid ("
            + Wording.percent(summary.invalidFraction())
            + ")";
    String why;
    if (maxInvalidFraction.isEmpty()) {
      why = measured + "; no largest invalid fraction was set, so nothing was judged.";
    } else {
      double max = maxInvalidFraction.getAsDouble();
      why =
          measured
              + "; the largest invalid fraction is "
              + Wording.plain(max)
              + " ("
              + Wording.percent(max)
              + "), measured "
              + Wording.plain(summary.invalidFraction())
              + ".";
    }
    h.append("<div class=\"verdict ")
        .append(css)
        .append("\"><b>")
        .append(escape(word))
        .append("</b>")
        .append(escape(why))
        .append("</div>\n");
  }

  /** The rules that records failed, in schema order, then the others. */
  private List<ValidationSummary.RuleCount> ordered() {
    List<ValidationSummary.RuleCount> out = new ArrayList<>();
    summary.rules().stream().filter(r -> r.invalid() > 0).forEach(out::add);
    summary.rules().stream().filter(r -> r.invalid() == 0).forEach(out::add);
    return out;
  }

  private void rules(StringBuilder h) {
    h.append("<h2>Rules</h2>\n<table><thead><tr><th>rule</th><th>field</th>")
        .append("<th>invalid records</th><th>share</th></tr></thead><tbody>\n");
    for (ValidationSummary.RuleCount r : ordered()) {
      double share = summary.total() == 0 ? 0 : (double) r.invalid() / summary.total();
      h.append(r.invalid() == 0 ? "<tr class=\"zero\">" : "<tr>")
          .append("<td><code>")
          .append(escape(r.rule()))
          .append("</code></td><td><code>")
          .append(escape(r.field()))
          .append("</code></td><td class=\"n\">")
          .append(escape(Wording.count(r.invalid())))
          .append("</td><td class=\"n\">")
          .append(escape(Wording.percent(share)))
          .append("</td></tr>\n");
    }
    h.append("</tbody></table>\n");
  }

  private void examples(StringBuilder h, ValidationSummary.RuleCount r) {
    List<Row> rows = examples.of(r);
    h.append("<h2><code>")
        .append(escape(r.field()))
        .append("</code> breaks <code>")
        .append(escape(r.rule()))
        .append("</code></h2>\n<p>")
        .append(escape(Wording.count(r.invalid(), "invalid record")));
    if (rows.isEmpty()) {
      h.append("; no examples were taken.</p>\n");
      return;
    }
    h.append(rows.size() < r.invalid() ? "; the first " + rows.size() + ":" : ":")
        .append("</p>\n<div class=\"scroll\"><table><thead><tr>");
    StructType schema = examples.schema();
    List<Integer> data = new ArrayList<>();
    StructField[] fields = schema.fields();
    for (int i = 0; i < fields.length; i++) {
      if (!fields[i].name().equals(examples.reasonsColumn())) {
        data.add(i);
        h.append("<th>").append(escape(fields[i].name())).append("</th>");
      }
    }
    h.append("<th>").append(escape(examples.reasonsColumn())).append("</th></tr></thead><tbody>\n");
    List<FieldPath.Step> path = steps(r.field());
    ValueText text = ValueText.in(examples.zone());
    int reasons = schema.fieldIndex(examples.reasonsColumn());
    for (Row row : rows) {
      h.append("<tr>");
      for (int i : data) {
        h.append("<td class=\"v\">");
        if (!path.isEmpty() && path.get(0).name().equals(fields[i].name())) {
          marked(h, text, row.get(i), fields[i].dataType(), path, 0, true);
        } else {
          h.append(
              escape(ValueText.truncate(text.of(row.get(i), fields[i].dataType()), VALUE_WIDTH)));
        }
        h.append("</td>");
      }
      h.append("<td>").append(escape(text.reasons(row.get(reasons)))).append("</td></tr>\n");
    }
    h.append("</tbody></table></div>\n");
  }

  /** The steps of a rule's field path, or none when it names no field of the data. */
  private static List<FieldPath.Step> steps(String field) {
    if (field.isEmpty()) {
      return List.of();
    }
    try {
      return FieldPath.parse(field).steps();
    } catch (dev.wick.core.WickException e) {
      return List.of();
    }
  }

  /**
   * The value at step {@code i} of {@code path} inside {@code value}, with the value the path ends
   * on marked: a record is written field by field to reach it, and an array or map the path steps
   * into is marked whole.
   */
  private static void marked(
      StringBuilder h,
      ValueText text,
      Object value,
      DataType type,
      List<FieldPath.Step> path,
      int i,
      boolean top) {
    FieldPath.Step step = path.get(i);
    boolean last = i == path.size() - 1;
    if (last
        || step.kind() != FieldPath.Step.Kind.FIELD
        || !(value instanceof Row row)
        || !(type instanceof StructType struct)) {
      String shown = top ? text.of(value, type) : text.inside(value, type);
      h.append("<mark>").append(escape(ValueText.truncate(shown, VALUE_WIDTH))).append("</mark>");
      return;
    }
    String next = path.get(i + 1).name();
    h.append('{');
    StructField[] fields = struct.fields();
    for (int f = 0; f < fields.length; f++) {
      if (f > 0) {
        h.append(", ");
      }
      h.append(escape(fields[f].name())).append(": ");
      if (fields[f].name().equals(next)) {
        marked(h, text, row.get(f), fields[f].dataType(), path, i + 1, false);
      } else {
        h.append(
            escape(ValueText.truncate(text.inside(row.get(f), fields[f].dataType()), VALUE_WIDTH)));
      }
    }
    h.append('}');
  }
}
