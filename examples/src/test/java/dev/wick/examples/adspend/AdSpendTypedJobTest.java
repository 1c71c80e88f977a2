package dev.wick.examples.adspend;

import static dev.wick.testkit.jobtest.WickAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.WickException;
import dev.wick.core.job.Io;
import dev.wick.testkit.jobtest.JobTest;
import dev.wick.testkit.jobtest.SparkTest;
import dev.wick.typed.Typed;
import java.util.List;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;

/**
 * The typed job under {@link JobTest}, as any other job: its inputs are the tables its records
 * name, registered as records, and its output is asserted as {@link AdSpend} records.
 */
@SparkTest
class AdSpendTypedJobTest {
  static final Io<Row> SPEND = Io.parquet("spend");

  static JobTest adSpend() {
    return JobTest.of(AdSpendTypedJob.class)
        .args("--date=20240101", "--hour=5", "--out=spend")
        .input(
            Io.table(AdInputs.EVENTS, AdEvent.class),
            List.of(
                new AdEvent(20240101, 5, "r1", "AD_START"),
                new AdEvent(20240101, 5, "r2", "AD_START"),
                new AdEvent(20240101, 5, "r3", "AD_START"),
                new AdEvent(20240101, 5, "r4", "AD_CLICK"),
                new AdEvent(20240101, 6, "r5", "AD_START"),
                new AdEvent(20240101, 5, "r6", "AD_START"),
                new AdEvent(20240101, 5, "r7", "AD_START")))
        .input(
            Io.table(AdInputs.DECISIONS, AdDecisionResponse.class),
            List.of(
                new AdDecisionResponse(20240101, 5, "r1", "1", 2_000_000L),
                new AdDecisionResponse(20240101, 5, "r2", "2", 500_000L),
                new AdDecisionResponse(20240101, 5, "r3", "9", 1_000_000L),
                new AdDecisionResponse(20240101, 5, "r4", "1", 7_000_000L),
                new AdDecisionResponse(20240101, 5, "r6", "1", 1_500_000L)))
        .input(
            Io.table(AdInputs.ADVERTISERS, AdAdvertiser.class),
            List.of(new AdAdvertiser(1, "Acme"), new AdAdvertiser(2, null)));
  }

  static final List<AdSpend> EXPECTED =
      List.of(
          new AdSpend("Acme", 3.5),
          new AdSpend("9", 1.0),
          new AdSpend("2", 0.5),
          new AdSpend("Unknown", null));

  @Test
  void theOutputIsAssertedAsRecordsInTheJobsOrder() {
    adSpend()
        .output(
            SPEND, AdSpend.class, spend -> assertThat(spend).containsExactlyElementsOf(EXPECTED))
        .run();
  }

  @Test
  void theTypedJobIsDeterministic() {
    adSpend()
        .output(
            SPEND,
            AdSpend.class,
            spend -> assertThat(spend).containsExactlyInAnyOrderElementsOf(EXPECTED))
        .runTwice();
  }

  @Test
  void throughRealFilesTheRecordsAreTheSame() {
    adSpend()
        .output(
            SPEND,
            AdSpend.class,
            spend -> assertThat(spend).containsExactlyInAnyOrderElementsOf(EXPECTED))
        .runWithFiles();
  }

  @Test
  void theOutputAsADatasetComparesWithTypedRecords() {
    adSpend()
        .outputDataset(
            SPEND,
            spend ->
                assertThat(spend)
                    .withRelativeTolerance(1e-12)
                    .isEqualByKeyTo(
                        Typed.of(spend.sparkSession(), EXPECTED, AdSpend_.META).toDF(),
                        "advertiser_name"))
        .run();
  }

  @Test
  void aRecordWithOtherFieldsThanTheColumnsIsAClearError() {
    JobTest test = adSpend().output(SPEND, AdSpendRow.class, rows -> {});
    assertThatThrownBy(test::run)
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Output parquet(spend) was written with the columns [advertiser_name, total_usd],"
                + " which do not match the fields [advertiser_name, micros_usd] of AdSpendRow (no"
                + " column for micros_usd; extra columns total_usd); select exactly the record's"
                + " fields before writing.");
  }
}
