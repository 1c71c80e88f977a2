package dev.wick.checks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.spark.WickSpark;
import java.util.OptionalDouble;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Sum checks: the total of a field's values within bounds, summed exactly where it can be. */
class SumCheckTest {
  private static SparkSession spark;

  @BeforeAll
  static void start() {
    spark = WickSpark.local(2);
  }

  private static CheckResults run(Check check, Dataset<Row> data) {
    return Checks.of(check).run(data);
  }

  @Test
  void aTotalBelowItsFloorFailsWithTheTotal() {
    CheckResults results =
        run(
            Check.sum("id", OptionalDouble.of(50), OptionalDouble.empty()),
            spark.range(0, 10).toDF());
    assertThat(results.failed())
        .extracting(CheckResult::message)
        .containsExactly("sum(id): the sum of id is 45; it must be at least 50.");
    assertThat(results.results())
        .singleElement()
        .satisfies(r -> assertThat(r.measured()).isEqualTo(45L));
  }

  @Test
  void longsAreSummedPastTheLongRangeExactly() {
    // 9e18 + 9e18 + 1 overflows a long (and Spark's ANSI sum of longs fails); the decimal does not.
    Dataset<Row> big =
        spark.sql(
            "SELECT col1 AS n FROM VALUES (9000000000000000000L), (9000000000000000000L), (1L)");
    assertThat(run(Check.sum("n", OptionalDouble.empty(), OptionalDouble.of(1.8e19)), big).failed())
        .extracting(CheckResult::message)
        .containsExactly(
            "sum(n): the sum of n is 18000000000000000001; it must be at most 18000000000000000000.");
    assertThat(run(Check.sum("n", OptionalDouble.of(1.8e19), OptionalDouble.empty()), big).failed())
        .isEmpty();
  }

  @Test
  void decimalsCompareExactlyWithTheBoundAsWritten() {
    // As doubles 0.1 + 0.2 is 0.30000000000000004, above a maximum of 0.3; as decimals it is 0.3.
    Dataset<Row> cents =
        spark.sql("SELECT CAST(col1 AS DECIMAL(10, 2)) AS price FROM VALUES (0.1), (0.2)");
    assertThat(
            run(Check.sum("price", OptionalDouble.of(0.3), OptionalDouble.of(0.3)), cents).failed())
        .isEmpty();
    assertThat(
            run(Check.sum("price", OptionalDouble.of(0.31), OptionalDouble.empty()), cents)
                .failed())
        .extracting(CheckResult::message)
        .containsExactly("sum(price): the sum of price is 0.3; it must be at least 0.31.");
  }

  @Test
  void nothingToSumIsZeroSoAnEmptyInputFailsAFloor() {
    Dataset<Row> none = spark.range(0, 0).selectExpr("CAST(id AS DOUBLE) AS amount");
    assertThat(
            run(Check.sum("amount", OptionalDouble.of(1), OptionalDouble.empty()), none).failed())
        .extracting(CheckResult::message)
        .containsExactly("sum(amount): the sum of amount is 0; it must be at least 1.");
  }

  @Test
  void valuesInArraysAreSummedAndNullsSkipped() {
    Dataset<Row> orders =
        spark.sql("SELECT * FROM VALUES (array(1, 2, NULL)), (array(3)), (NULL) AS t(qty)");
    assertThat(
            run(Check.sum("qty[]", OptionalDouble.of(7), OptionalDouble.empty()), orders).failed())
        .extracting(CheckResult::message)
        .containsExactly("sum(qty[]): the sum of qty[] is 6; it must be at least 7.");
  }

  @Test
  void aChecksFileReadsAndWritesIt() {
    Checks read =
        Checks.parse("checks:\n  - {check: sum, field: amount, min: 10, max: 2.5e6}\n", "f");
    assertThat(read.checks())
        .containsExactly(Check.sum("amount", OptionalDouble.of(10), OptionalDouble.of(2.5e6)));
    assertThat(Checks.parse(read.toYaml(), "again").checks()).isEqualTo(read.checks());
    assertThatThrownBy(() -> Checks.parse("checks:\n  - {check: sum, field: amount}\n", "f"))
        .hasMessageContaining("sum");
    assertThatThrownBy(
            () ->
                run(
                    Check.sum("name", OptionalDouble.of(1), OptionalDouble.empty()),
                    spark.sql("SELECT 'a' AS name")))
        .hasMessageContaining("name");
  }
}
