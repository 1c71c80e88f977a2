package dev.wick.checks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.core.spark.WickSpark;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** Mean checks: the mean within bounds. */
class MeanCheckTest {
  @Test
  void aMeanBelowItsBoundFails() {
    CheckResults results =
        Checks.of(Check.mean("id", OptionalDouble.of(5), OptionalDouble.empty()))
            .run(WickSpark.local(2).range(0, 10).toDF());
    assertThat(results.failed())
        .extracting(CheckResult::message)
        .containsExactly("mean(id): the mean of id is 4.5; it must be at least 5.");
  }
}
