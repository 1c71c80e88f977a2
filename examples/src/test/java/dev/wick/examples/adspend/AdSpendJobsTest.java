package dev.wick.examples.adspend;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.core.ExitCode;
import dev.wick.core.io.DatasetWriter;
import dev.wick.core.io.Format;
import dev.wick.core.job.Jobs;
import dev.wick.core.job.WickJob;
import dev.wick.core.spark.WickSpark;
import dev.wick.typed.Meta;
import dev.wick.typed.Typed;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Both jobs run for real on Parquet files, as {@code spark-submit} would run them. */
class AdSpendJobsTest {
  static final SparkSession spark = WickSpark.local(2);

  @TempDir Path dir;
  String events;
  String decisions;
  String advertisers;

  <R extends Record> String save(String name, List<R> rows, Meta<R, ?, ?> meta) {
    String path = dir.resolve(name).toString();
    DatasetWriter.write(Typed.of(spark, rows, meta).toDF(), path, Format.PARQUET, false, List.of());
    return path;
  }

  @BeforeEach
  void inputs() {
    events =
        save(
            "events",
            List.of(
                new AdEvent(20240101, 5, "r1", "AD_START"),
                new AdEvent(20240101, 5, "r2", "AD_START"),
                new AdEvent(20240101, 5, "r3", "AD_START"),
                new AdEvent(20240101, 5, "r4", "AD_CLICK"),
                new AdEvent(20240101, 6, "r5", "AD_START"),
                new AdEvent(20240101, 5, "r6", "AD_START"),
                new AdEvent(20240101, 5, "r7", "AD_START")),
            AdEvent_.META);
    decisions =
        save(
            "decisions",
            List.of(
                new AdDecisionResponse(20240101, 5, "r1", "1", 2_000_000L),
                new AdDecisionResponse(20240101, 5, "r2", "2", 500_000L),
                new AdDecisionResponse(20240101, 5, "r3", "9", 1_000_000L),
                new AdDecisionResponse(20240101, 5, "r4", "1", 7_000_000L),
                new AdDecisionResponse(20240101, 5, "r6", "1", 1_500_000L)),
            AdDecisionResponse_.META);
    advertisers =
        save(
            "advertisers",
            List.of(new AdAdvertiser(1, "Acme"), new AdAdvertiser(2, null)),
            AdAdvertiser_.META);
  }

  record Run(ExitCode code, String out, String err) {}

  Run run(WickJob job, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    ExitCode code =
        Jobs.run(
            job,
            args,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(
        code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  List<AdSpend> runAndRead(WickJob job, String outName) {
    String out = dir.resolve(outName).toString();
    Run r =
        run(
            job,
            "--events=" + events,
            "--decisions=" + decisions,
            "--advertisers=" + advertisers,
            "--date=20240101",
            "--hour=5",
            "--out=" + out);
    assertThat(r.code()).as(r.err()).isEqualTo(ExitCode.OK);
    assertThat(r.out()).contains("wrote " + out + "\n");
    return Typed.read(spark, out, AdSpend_.META).collect();
  }

  @Test
  void bothJobsWriteTheSameTotals() {
    List<AdSpend> expected =
        List.of(
            new AdSpend("Acme", 3.5),
            new AdSpend("9", 1.0),
            new AdSpend("2", 0.5),
            new AdSpend("Unknown", null));
    assertThat(runAndRead(new AdSpendTypedJob(), "typed"))
        .containsExactlyInAnyOrderElementsOf(expected);
    assertThat(runAndRead(new AdSpendDataFrameJob(), "dataframe"))
        .containsExactlyInAnyOrderElementsOf(expected);
  }

  @Test
  void aMismatchedInputIsAClearErrorBeforeAnyWork() {
    String wrong = save("wrong", List.of(new AdAdvertiser(1, "Acme")), AdAdvertiser_.META);
    Run r =
        run(
            new AdSpendTypedJob(),
            "--events=" + events,
            "--decisions=" + wrong,
            "--advertisers=" + advertisers,
            "--date=20240101",
            "--hour=5",
            "--out=" + dir.resolve("never"));
    assertThat(r.code()).isEqualTo(ExitCode.USAGE);
    assertThat(r.err())
        .startsWith(
            "error: decisions does not match the record AdDecisionResponse: there is no column"
                + " 'date'");
    assertThat(dir.resolve("never")).doesNotExist();
  }
}
