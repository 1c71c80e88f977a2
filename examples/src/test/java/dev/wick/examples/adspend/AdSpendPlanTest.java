package dev.wick.examples.adspend;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.core.spark.WickSpark;
import dev.wick.typed.Typed;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The typed ad-spend job costs nothing at run time: on Parquet-backed tables its optimized plan is
 * the hand-written DataFrame job's, and both give the same rows.
 */
class AdSpendPlanTest {
  static SparkSession spark;

  @BeforeAll
  static void tables() {
    spark = WickSpark.local(2);
    AdSpendData.saveTables(spark, 4_000, 7);
  }

  static Dataset<Row> typed() {
    return AdSpendTypedJob.totals(
            Typed.table(spark, AdEvent_.META),
            Typed.table(spark, AdDecisionResponse_.META),
            Typed.table(spark, AdAdvertiser_.META),
            AdSpendData.DATE,
            AdSpendData.HOUR)
        .toDF();
  }

  static Dataset<Row> dataFrame() {
    return AdSpendDataFrameJob.totals(
        spark.table(AdInputs.EVENTS),
        spark.table(AdInputs.DECISIONS),
        spark.table(AdInputs.ADVERTISERS),
        AdSpendData.DATE,
        AdSpendData.HOUR);
  }

  /** The optimized plan with expression ids ({@code #123}, {@code #123L}) blanked. */
  static String normalizedPlan(Dataset<Row> rows) {
    return rows.queryExecution().optimizedPlan().toString().replaceAll("#\\d+L?", "#");
  }

  @Test
  void optimizedPlansAreEqual() {
    String typedPlan = normalizedPlan(typed());
    assertThat(typedPlan).isEqualTo(normalizedPlan(dataFrame()));
    // It is a real plan over the Parquet tables, not a trivial one.
    assertThat(typedPlan).contains("Join LeftOuter", "Aggregate", "parquet");
  }

  @Test
  void outputSchemasAreEqual() {
    assertThat(typed().schema()).isEqualTo(dataFrame().schema());
  }

  @Test
  void bothGiveTheSameRowsOnGeneratedData() {
    List<AdSpend> typedRows = AdSpendRows.of(typed());
    List<AdSpend> dataFrameRows = AdSpendRows.of(dataFrame());
    assertThat(typedRows).hasSizeGreaterThan(20);
    assertThat(typedRows).containsExactlyInAnyOrderElementsOf(dataFrameRows);
    List<AdSpend> sorted = new ArrayList<>(typedRows);
    sorted.sort(
        Comparator.comparing(
            AdSpend::total_usd, Comparator.nullsLast(Comparator.<Double>reverseOrder())));
    assertThat(typedRows)
        .extracting(AdSpend::total_usd)
        .containsExactlyElementsOf(sorted.stream().map(AdSpend::total_usd).toList());
  }
}
