package dev.wick.core.validation;

import static dev.wick.core.report.Html.escape;

import dev.wick.core.gate.Verdict;
import dev.wick.core.report.Html;
import dev.wick.core.report.ReportPage;
import dev.wick.core.report.ValueText;
import dev.wick.core.report.Wording;
import dev.wick.core.schema.FieldPath;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * {@code report.html} of a validation: one self-contained page ({@link ReportPage}: inline style,
 * no scripts, no links) that opens with the verdict banner (PASSED or FAILED against the largest
 * invalid fraction, with the fraction measured; NOT JUDGED when no largest fraction was set or the
 * input held no records), then counts the invalid records per rule (failing rules first) and shows,
 * for each failing rule, example invalid rows with their reasons and the value that broke the rule
 * marked. Every text from the data or the schema is escaped ({@link Html#escape}).
 *
 * <pre>{@code
 * String page = ValidationReport.of(summary.verdict(thresholds, "data/plays"), summary, "TrackPlay")
 *     .examples(InvalidExamples.sample(invalidRows, Validation.REASONS, summary, 10))
 *     .html();
 * }</pre>
 */
public final class ValidationReport {
  /** The widest a value gets in an example row before it is cut with an ellipsis. */
  static final int VALUE_WIDTH = 80;

  /** What this report adds to {@link ReportPage#STYLE}. */
  private static final String STYLE =
      "td.v{font:12px ui-monospace,Menlo,Consolas,monospace}.zero{color:#777}";

  private final Verdict verdict;
  private final ValidationSummary summary;
  private final String schemaName;
  private final InvalidExamples examples;

  private ValidationReport(
      Verdict verdict, ValidationSummary summary, String schemaName, InvalidExamples examples) {
    this.verdict = verdict;
    this.summary = summary;
    this.schemaName = schemaName;
    this.examples = examples;
  }

  /**
   * The report of {@code summary} under its {@code verdict} ({@link ValidationSummary#verdict},
   * whose subject names the input), the validation against the schema {@code schemaName}; no
   * examples.
   */
  public static ValidationReport of(Verdict verdict, ValidationSummary summary, String schemaName) {
    return new ValidationReport(
        Objects.requireNonNull(verdict, "verdict"),
        Objects.requireNonNull(summary, "summary"),
        Objects.requireNonNull(schemaName, "schemaName"),
        InvalidExamples.none());
  }

  /** This report with example invalid rows per failing rule. */
  public ValidationReport examples(InvalidExamples examples) {
    return new ValidationReport(
        verdict, summary, schemaName, Objects.requireNonNull(examples, "examples"));
  }

  /** The page. */
  public String html() {
    StringBuilder h = new StringBuilder(8192);
    h.append(ReportPage.banner(verdict));
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
    return ReportPage.page(
        "Validation of " + verdict.subject() + " against " + schemaName, STYLE, "", h.toString());
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
    h.append(rows.size() < r.invalid() ? "; " + rows.size() + " of them:" : ":")
        .append("</p>\n<table><thead><tr>");
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
    h.append("</tbody></table>\n");
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
