package dev.wick.checks;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.WickException;
import dev.wick.core.spark.WickSpark;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** Row count checks relative to a baseline profile's row count. */
class RowCountRatioCheckTest {
  @Test
  void checksWithoutABaselineFailBeforeAnySparkJob() {
    Checks checks = Checks.of(Check.rowCountRatio(OptionalDouble.of(0.9), OptionalDouble.empty()));
    assertThatThrownBy(() -> checks.run(WickSpark.local(2).range(0, 10).toDF()))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Check 'rowCount' counts rows relative to a baseline, but the checks name no baseline"
                + " profile; add baseline: PATH/profile.json to the checks.");
  }
}
