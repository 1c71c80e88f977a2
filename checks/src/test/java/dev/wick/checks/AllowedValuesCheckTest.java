package dev.wick.checks;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.spark.WickSpark;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Allowed values checks: values of the field's type. */
class AllowedValuesCheckTest {
  @Test
  void aValueTheFieldCannotHoldFailsBeforeAnySparkJob() {
    assertThatThrownBy(
            () ->
                Checks.of(Check.allowedValues("id", List.of("x")))
                    .run(WickSpark.local(2).range(0, 10).toDF()))
        .hasMessage(
            "Check 'allowedValues(id)' allows the value x, which id (a bigint) cannot hold; list"
                + " values of that type.");
  }
}
