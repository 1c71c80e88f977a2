package dev.wick.checks;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.spark.WickSpark;
import org.junit.jupiter.api.Test;

/** Predicate checks: a boolean SQL condition over the row (trust in {@link ChecksTrustTest}). */
class PredicateCheckTest {
  @Test
  void aPredicateThatIsNoConditionFailsBeforeAnySparkJob() {
    assertThatThrownBy(
            () ->
                Checks.of(Check.predicate("id + 1", 1.0))
                    .run(WickSpark.local(2).range(0, 10).toDF()))
        .hasMessage(
            "Check 'predicate(id + 1)' has a SQL predicate of type bigint, not boolean; write a"
                + " condition such as ended_at >= started_at.");
  }
}
