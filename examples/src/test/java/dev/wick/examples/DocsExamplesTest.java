package dev.wick.examples;

import static dev.wick.typed.Functions.*;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.bigdiff.BigDiff;
import dev.wick.bigdiff.DiffSummary;
import dev.wick.bigdiff.DiffThresholds;
import dev.wick.core.gate.GateResult;
import dev.wick.core.io.DatasetReader;
import dev.wick.core.io.Format;
import dev.wick.core.io.Output;
import dev.wick.core.spark.WickSpark;
import dev.wick.examples.adspend.AdAdvertiser_;
import dev.wick.examples.adspend.AdDecisionResponse_;
import dev.wick.examples.adspend.AdEvent_;
import dev.wick.examples.adspend.AdSpend;
import dev.wick.examples.adspend.AdSpendData;
import dev.wick.examples.adspend.AdSpendRow_;
import dev.wick.examples.adspend.AdSpendTypedJob;
import dev.wick.examples.adspend.AdSpend_;
import dev.wick.profiler.Anomalies;
import dev.wick.profiler.AnomalyReport;
import dev.wick.profiler.AnomalyThresholds;
import dev.wick.profiler.DriftReport;
import dev.wick.profiler.DriftThresholds;
import dev.wick.profiler.HistoryEntry;
import dev.wick.profiler.Profile;
import dev.wick.profiler.ProfileHistory;
import dev.wick.profiler.ProfileReport;
import dev.wick.profiler.Profiler;
import dev.wick.sampler.Sample;
import dev.wick.sampler.Sampler;
import dev.wick.typed.Typed;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Java code the docs show, run on the bundled data: each page quotes the lines between {@code
 * spotless:off} and {@code spotless:on} here in its own layout ({@link DocsSnippetsTest} checks
 * that every Java block of the docs is code of the build), and each test checks what the snippet
 * gave.
 */
class DocsExamplesTest {
  private static final Path DATA =
      Path.of("..").toAbsolutePath().normalize().resolve("examples/data");

  static SparkSession spark;
  static Dataset<Row> plays;
  static String playsPath;

  @BeforeAll
  static void read() {
    spark = WickSpark.local(2);
    playsPath = DATA.resolve("track_plays").toString();
    plays = DatasetReader.read(spark, playsPath);
  }

  @Test
  void theDiffPage(@TempDir Path tmp) {
    Dataset<Row> baseline = DatasetReader.read(spark, DATA.resolve("counts_baseline").toString());
    Dataset<Row> candidate = DatasetReader.read(spark, DATA.resolve("counts_candidate").toString());
    String reportDir = tmp.resolve("diff").toString();
    // spotless:off
    BigDiff diff = BigDiff.key("track_id").tolerance("total_ms", 0.5);
    DiffSummary summary;
    try (Output out = Output.create(spark, reportDir, false, List.of())) {
      summary = diff.prepare(baseline, candidate).writeTo(out, Format.PARQUET); // the diff's outputs
      out.commit();                                        // the caller owns the output and commits it
    }
    GateResult gate = summary.gate(DiffThresholds.maxDiffFraction(0.01)); // the violations, a value
    // spotless:on
    assertThat(summary.global().different()).isEqualTo(133);
    assertThat(gate.violations()).hasSize(1);
    assertThat(gate.violations().get(0).message()).startsWith("133 of 500 keys are not SAME");
    assertThat(tmp.resolve("diff/summary.json")).exists();
  }

  @Test
  void theProfilePage(@TempDir Path tmp) throws Exception {
    Path old = tmp.resolve("old/profile.json");
    Files.createDirectories(old.getParent());
    Files.writeString(old, Profiler.defaults().profile(plays.limit(1_000), "plays").toJson());
    String yesterday = old.toString();
    String reportDir = tmp.resolve("today").toString();
    // spotless:off
    Profile today = Profiler.defaults().top(20).redact("user_id").profile(plays, "plays");
    ProfileReport report = ProfileReport.compared(Profile.read(Path.of(yesterday)), today);
    try (Output out = Output.create(spark, reportDir, false, List.of(playsPath))) {
      report.writeTo(out);  // profile.json, profile.html, drift.json: the caller owns the output
      out.commit();
    }
    DriftReport drift = report.comparison().orElseThrow().drift();
    GateResult gate = drift.gate(DriftThresholds.parse("score=0.1"));  // gate.violations(): why not
    // spotless:on
    assertThat(today.rowCount()).isEqualTo(20_000);
    assertThat(tmp.resolve("today/drift.json")).exists();
    assertThat(gate.violations()).isEqualTo(drift.gate(DriftThresholds.score(0.1)).violations());
  }

  @Test
  void theHistoryOfTheProfilePage(@TempDir Path tmp) {
    Profile profile = Profiler.defaults().profile(plays, "plays");
    String historyPath = tmp.resolve("history").toString();
    Configuration conf = spark.sparkContext().hadoopConfiguration();
    // spotless:off
    ProfileHistory history = ProfileHistory.at(historyPath);
    HistoryEntry entry = history.entry(Instant.parse("2026-12-01T00:00:00Z"));
    try (Output out = Output.create(spark, entry.location(), false, List.of(playsPath))) {
      entry.write(out, profile);  // the caller owns the output
      out.commit();
    }
    Anomalies anomalies = Anomalies.defaults().window(28).threshold(5);
    AnomalyReport report =
        anomalies.detect(history.load(conf, Optional.empty(), anomalies.profilesNeeded()));
    GateResult gate = report.gate(AnomalyThresholds.strict());  // report.writeTo(output) for the files
    // spotless:on
    assertThat(history.load(conf, Optional.empty(), 10)).hasSize(1);
    // One profile is too short a history to judge: the gate says so rather than passing it.
    assertThat(gate.passes()).isFalse();
  }

  @Test
  void theSamplePage() {
    // spotless:off
    Sample sample = Sampler.fraction(0.1).by("user_id").seed(7).sample(plays);
    // spotless:on
    assertThat(sample.data().count()).isBetween(1_500L, 2_500L);
  }

  @Test
  void theWritingPage(@TempDir Path tmp) {
    ProfileReport report = ProfileReport.of(Profiler.defaults().profile(plays.limit(100), "plays"));
    String reportDir = tmp.resolve("today").toString();
    // spotless:off
    try (Output output = Output.create(spark, reportDir, false, List.of(playsPath))) {
      report.writeTo(output);  // staged; nothing is visible yet
      output.commit();         // moved into place whole; without it, closing removes the staging
    }
    // spotless:on
    assertThat(tmp.resolve("today/profile.json")).exists();
  }

  @Test
  void theTypedPage(@TempDir Path tmp) {
    AdSpendData.saveTables(spark, 4_000, 7);
    int date = AdSpendData.DATE;
    int hour = AdSpendData.HOUR;
    String outputPath = tmp.resolve("ad_spend").toString();
    // spotless:off
    var events = Typed.table(spark, AdEvent_.META)            // or Typed.read(spark, "path", AdEvent_.META)
        .filter(e -> e.date().eq(date).and(e.hour().eq(hour)))
        .filter(e -> e.event_type().eq("AD_START"));
    var decisions = Typed.table(spark, AdDecisionResponse_.META)
        .filter(d -> d.date().eq(date).and(d.hour().eq(hour)));
    var advertisers = Typed.table(spark, AdAdvertiser_.META);

    var joined = events
        .leftJoin(decisions, (e, d) -> e.ad_response_id().eq(d.ad_response_id()))
        .leftJoin(advertisers,
            (e, d, a) -> d.advertiser_id().map(id -> id.eq(a.advertiser_id().asString())));

    var rows = joined.select((e, d, a) -> AdSpendRow_.of(
        a.name().orElse(d.advertiser_id()).orElse("Unknown"),   // coalesce(name, advertiser_id, 'Unknown')
        d.micros_usd()));

    var totals = rows
        .groupBy(r -> r.advertiser_name())
        .agg((name, r) -> AdSpend_.of(name, sum(r.micros_usd()).map(s -> s.map(m -> m.divide(1_000_000L)))))
        .orderBy(t -> desc(t.total_usd()));

    totals.show();
    List<AdSpend> result = totals.collect();                     // records, through core's RowCodec
    totals.write(outputPath, Format.PARQUET, false);             // core's safe writer
    // spotless:on
    List<AdSpend> job =
        AdSpendTypedJob.totals(
                Typed.table(spark, AdEvent_.META),
                Typed.table(spark, AdDecisionResponse_.META),
                Typed.table(spark, AdAdvertiser_.META),
                date,
                hour)
            .collect();
    assertThat(result).hasSizeGreaterThan(20).containsExactlyInAnyOrderElementsOf(job);
    assertThat(tmp.resolve("ad_spend/_SUCCESS")).exists();
  }
}
