package dev.wick.checks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.core.spark.WickSpark;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** Distinct ratio checks: distinct values per non-null value. */
class DistinctRatioCheckTest {
  @Test
  void tooFewDistinctValuesPerValueFail() {
    CheckResults results =
        Checks.of(Check.distinctRatio("b", OptionalDouble.of(0.5), OptionalDouble.empty()))
            .run(WickSpark.local(2).range(0, 100).selectExpr("id % 5 AS b"));
    assertThat(results.failed())
        .extracting(CheckResult::message)
        .containsExactly(
            "distinct(b): b has about 5 distinct values in 100 non-null values (0.05"
                + " per value); it must have at least 0.5 per value.");
  }
}
