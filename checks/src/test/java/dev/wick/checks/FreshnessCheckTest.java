package dev.wick.checks;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.spark.WickSpark;
import java.time.Duration;
import java.util.Optional;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;

/** Freshness checks: a positive maximum age, of a timestamp or date field. */
class FreshnessCheckTest {
  @Test
  void aMaxAgeThatIsNoDurationFailsWhenRead() {
    assertThatThrownBy(
            () -> Checks.parse("checks:\n  - {check: freshness, field: t, maxAge: soon}\n", "f"))
        .hasMessage(
            "Check 1 in f (freshness): maxAge is 'soon', not a positive duration; write it as 36h,"
                + " 7d, 90m, 30s or PT36H.");
  }

  @Test
  void aFieldOfAnotherTypeFailsBeforeAnySparkJob() {
    Dataset<Row> plays = WickSpark.local(2).range(0, 10).selectExpr("id * 10 AS ms");
    assertThatThrownBy(
            () -> Checks.of(Check.freshness("ms", Duration.ofDays(1), Optional.empty())).run(plays))
        .hasMessage(
            "Check 'freshness(ms)' needs a timestamp or a date in ms, but it is a bigint; choose a"
                + " field of that type or another kind of check.");
  }
}
