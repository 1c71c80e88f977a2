package dev.wick.checks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.spark.WickSpark;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** Row count checks: rows within bounds, given as rows or as ratios of a baseline's. */
class RowCountCheckTest {
  @Test
  void tooFewRowsFail() {
    CheckResults results =
        Checks.of(Check.rowCount(OptionalLong.of(20), OptionalLong.empty()))
            .run(WickSpark.local(2).range(0, 10).toDF());
    assertThat(results.failed())
        .extracting(CheckResult::message)
        .containsExactly("rowCount: the input has 10 rows; it must have at least 20.");
  }

  @Test
  void anEntryGivesRowsOrRatiosAndOneBoundAtLeast() {
    assertThat(Checks.parse("checks:\n  - {check: rowCount, minRatio: 0.9}\n", "f").checks())
        .singleElement()
        .satisfies(c -> assertThat(c.rule()).isInstanceOf(RowCountRatioCheck.class));
    assertThatThrownBy(
            () -> Checks.parse("checks:\n  - {check: rowCount, min: 1, maxRatio: 2}\n", "f"))
        .hasMessage(
            "Check 1 in f (rowCount) mixes min or max with minRatio or maxRatio; write two"
                + " rowCount checks.");
    assertThatThrownBy(() -> Checks.parse("checks:\n  - {check: rowCount}\n", "f"))
        .hasMessage(
            "Check 1 in f (rowCount) has no bound; give min or max (rows), or minRatio or maxRatio"
                + " (of the baseline's rows).");
  }
}
