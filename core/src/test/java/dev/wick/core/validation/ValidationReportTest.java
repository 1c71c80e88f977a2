package dev.wick.core.validation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.core.spark.WickSpark;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

class ValidationReportTest {
  private static final SparkSession SPARK = WickSpark.local(2);

  /** Invalid rows as a validation writes them: the data's columns and the reasons column. */
  private static Dataset<Row> invalidRows() {
    return SPARK.sql(
        "select * from values"
            + " (1L, named_struct('city', 'Lund', 'zip', -1),"
            + "  array(named_struct('field', 'address.zip', 'rule', 'non_negative',"
            + "    'reason', '-1 is negative'))),"
            + " (2L, named_struct('city', '<b>', 'zip', -2),"
            + "  array(named_struct('field', 'address.zip', 'rule', 'non_negative',"
            + "    'reason', '-2 is negative'), named_struct('field', 'id', 'rule', 'positive',"
            + "    'reason', '2 is too big')))"
            + " as t(id, address, reasons)");
  }

  private static final ValidationSummary SUMMARY =
      new ValidationSummary(
          5,
          3,
          2,
          List.of(
              new ValidationSummary.RuleCount("id", "positive", "catalyst", 1),
              new ValidationSummary.RuleCount("address.zip", "non_negative", "catalyst", 2),
              new ValidationSummary.RuleCount("address.city", "not_null", "catalyst", 0)));

  @Test
  void examplesAreTakenPerRuleByTheirReasons() {
    InvalidExamples examples = InvalidExamples.sample(invalidRows(), "reasons", SUMMARY, 1);
    assertThat(examples.of(SUMMARY.rules().get(0)))
        .singleElement()
        .satisfies(r -> assertThat(r.getLong(0)).isEqualTo(2L));
    // The first row by its values' text, whatever order the rows are read in.
    assertThat(examples.of(SUMMARY.rules().get(1)))
        .singleElement()
        .satisfies(r -> assertThat(r.getLong(0)).isEqualTo(1L));
    assertThat(examples.of(SUMMARY.rules().get(2))).isEmpty();
  }

  @Test
  void theValueAtANestedPathIsMarkedInsideItsRecordAndEverythingIsEscaped() {
    String html =
        ValidationReport.of(
                SUMMARY.verdict(ValidationThresholds.maxInvalidFraction(0.5), true, "plays"),
                SUMMARY,
                "Play")
            .examples(InvalidExamples.sample(invalidRows(), "reasons", SUMMARY, 10))
            .html();
    assertThat(html)
        .contains("<title>Validation of plays against Play</title>")
        .contains("<div class=\"word\">PASSED</div>")
        .contains("<td class=\"v\">{city: &quot;Lund&quot;, zip: <mark>-1</mark>}</td>")
        .contains("<td class=\"v\">{city: &quot;&lt;b&gt;&quot;, zip: <mark>-2</mark>}</td>")
        .contains("<td>address.zip: -2 is negative; id: 2 is too big</td>")
        .contains("<td class=\"v\"><mark>2</mark></td>")
        .doesNotContain("<b>");
    // Failing rules first, in schema order; the rule no record broke last.
    assertThat(html.indexOf("<td><code>positive</code>"))
        .isLessThan(html.indexOf("<td><code>non_negative</code>"));
    assertThat(html.indexOf("<td><code>non_negative</code>"))
        .isLessThan(html.indexOf("<tr class=\"zero\"><td><code>not_null</code>"));
    assertThat(html).contains("<h2><code>address.zip</code> breaks <code>non_negative</code></h2>");
    assertThat(html).doesNotContain("<code>address.city</code> breaks");
  }
}
