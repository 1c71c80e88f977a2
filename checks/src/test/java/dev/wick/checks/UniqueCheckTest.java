package dev.wick.checks;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.WickException;
import dev.wick.core.spark.WickSpark;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;

/** Unique checks: a key of fields with one value a row, given under fields. */
class UniqueCheckTest {
  @Test
  void aUniqueKeyRefusesAPathIntoArrays() {
    Dataset<Row> plays =
        WickSpark.local(2).range(0, 10).selectExpr("concat('t', id) AS track", "'play' AS kind");
    assertThatThrownBy(() -> Checks.of(Check.unique("track", "kind[]")).run(plays))
        .isInstanceOf(WickException.class);
  }

  @Test
  void anEntryWithoutFieldsFailsWhenRead() {
    assertThatThrownBy(() -> Checks.parse("checks:\n  - {check: unique, severity: fatal}\n", "f"))
        .hasMessage(
            "Check 1 in f (unique) lacks fields; give the key's fields, such as fields: [user_id,"
                + " day].");
  }
}
