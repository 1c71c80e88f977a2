package dev.wick.checks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.spark.WickSpark;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;

/** Regex checks: whole-value matches, and patterns refused when the file is read. */
class RegexCheckTest {
  @Test
  void aRegexMustMatchTheWholeValueTrailingLineBreakIncluded() {
    Dataset<Row> rows =
        WickSpark.local(2)
            .range(0, 3, 1, 1)
            .selectExpr(
                "CASE id WHEN 1 THEN concat('t1', char(10)) ELSE concat('t', id) END AS track");
    CheckResults results = Checks.of(Check.regex("track", "t[0-9]+")).run(rows);
    assertThat(results.failed())
        .extracting(CheckResult::message)
        .containsExactly("regex(track): 1 of 3 values of track do not match t[0-9]+; none may.");
  }

  @Test
  void aPatternThatIsNotARegularExpressionFailsWhenRead() {
    assertThatThrownBy(
            () -> Checks.parse("checks:\n  - {check: regex, field: x, pattern: '[a'}\n", "f"))
        .hasMessageStartingWith("Check 1 in f (regex): pattern '[a' is not a regular expression (")
        .hasMessageEndingWith("); fix the pattern.");
  }
}
