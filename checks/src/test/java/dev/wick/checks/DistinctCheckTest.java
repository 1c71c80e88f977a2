package dev.wick.checks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.spark.WickSpark;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** Distinct checks: about as many distinct values as the bounds allow. */
class DistinctCheckTest {
  @Test
  void tooManyDistinctValuesFail() {
    CheckResults results =
        Checks.of(Check.distinct("b", OptionalLong.empty(), OptionalLong.of(3)))
            .run(WickSpark.local(2).range(0, 100).selectExpr("id % 5 AS b"));
    assertThat(results.failed())
        .extracting(CheckResult::message)
        .containsExactly("distinct(b): b has about 5 distinct values; it must have at most 3.");
  }

  @Test
  void anEntryGivesCountsOrRatios() {
    assertThat(
            Checks.parse("checks:\n  - {check: distinct, field: x, minRatio: 0.5}\n", "f").checks())
        .singleElement()
        .satisfies(c -> assertThat(c.rule()).isInstanceOf(DistinctRatioCheck.class));
    assertThatThrownBy(
            () ->
                Checks.parse(
                    "checks:\n  - {check: distinct, field: x, min: 1, minRatio: 0.5}\n", "f"))
        .hasMessage(
            "Check 1 in f (distinct) mixes min or max with minRatio or maxRatio; write two"
                + " distinct checks.");
  }
}
