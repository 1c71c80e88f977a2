package dev.wick.examples.adspend;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.core.spark.WickSpark;
import dev.wick.typed.Typed;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.apache.spark.sql.SparkSession;

/**
 * On any inputs (unmatched ids, unknown and nameless advertisers, duplicate keys, empty tables) the
 * typed job and the DataFrame job give the same rows.
 */
class AdSpendProperties {
  static final SparkSession spark = WickSpark.local(2);

  @Property(tries = 6)
  void typedAndDataFrameJobsAgree(
      @ForAll("events") List<AdEvent> events,
      @ForAll("decisions") List<AdDecisionResponse> decisions,
      @ForAll("advertisers") List<AdAdvertiser> advertisers) {
    var e = Typed.of(spark, events, AdEvent_.META);
    var d = Typed.of(spark, decisions, AdDecisionResponse_.META);
    var a = Typed.of(spark, advertisers, AdAdvertiser_.META);
    List<AdSpend> typed = AdSpendRows.of(AdSpendTypedJob.totals(e, d, a, 20240101, 1).toDF());
    List<AdSpend> dataFrame =
        AdSpendRows.of(AdSpendDataFrameJob.totals(e.toDF(), d.toDF(), a.toDF(), 20240101, 1));
    assertThat(typed).containsExactlyInAnyOrderElementsOf(dataFrame);
  }

  static Arbitrary<Integer> dates() {
    return Arbitraries.of(20240101, 20240102);
  }

  static Arbitrary<Integer> hours() {
    return Arbitraries.of(0, 1);
  }

  static Arbitrary<String> responseIds() {
    return Arbitraries.integers().between(0, 25).map(i -> "r" + i);
  }

  @Provide
  Arbitrary<List<AdEvent>> events() {
    return Combinators.combine(
            dates(), hours(), responseIds(), Arbitraries.of("AD_START", "AD_START", "AD_CLICK"))
        .as(AdEvent::new)
        .list()
        .ofMaxSize(60);
  }

  @Provide
  Arbitrary<List<AdDecisionResponse>> decisions() {
    return Combinators.combine(
            dates(),
            hours(),
            responseIds(),
            Arbitraries.of("0", "1", "2", "3", "7", "x"),
            Arbitraries.longs().between(0, 3_000_000))
        .as(AdDecisionResponse::new)
        .list()
        .ofMaxSize(40);
  }

  @Provide
  Arbitrary<List<AdAdvertiser>> advertisers() {
    return Combinators.combine(
            Arbitraries.longs().between(0, 4),
            Arbitraries.of("Acme", "Globex", "Initech").injectNull(0.3))
        .as(AdAdvertiser::new)
        .list()
        .ofMaxSize(6);
  }
}
