package dev.wick.profiler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.withinPercentage;

import dev.wick.core.spark.WickSpark;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The same data gives the same profile, and the profile's distinct counts never overshoot. */
class ReproducibleProfileTest {
  static SparkSession spark;
  static Dataset<Row> data;

  @BeforeAll
  static void data() {
    spark = WickSpark.local(2);
    // 300,000 rows in 6 partitions: every KLL sketch compacts, many times, in every partition.
    data =
        spark
            .range(0, 300_000, 1, 6)
            .selectExpr(
                "id",
                "cast(xxhash64(id) % 100000 as double) / 7 as price",
                "concat('c', cast(abs(xxhash64(id, 1)) % 50 as string)) as country",
                "if(id % 10 = 0, null, id % 1000) as bucket");
  }

  private static String withoutCreatedAt(Profile p) {
    return p.toJson().replaceFirst("\"createdAt\" : \"[^\"]*\"", "\"createdAt\" : \"\"");
  }

  @Test
  void twoProfilesOfTheSameDataAreTheSameByteForByteButTheirTime() {
    Profile first = Profiler.defaults().profile(data, "plays");
    Profile second = Profiler.defaults().profile(data, "plays");
    assertThat(first.field("price").orElseThrow().sketches().kll().orElseThrow().length)
        .as("the price sketch compacted")
        .isLessThan(300_000 * 8 / 10);
    assertThat(withoutCreatedAt(second)).isEqualTo(withoutCreatedAt(first));
    // Merging is deterministic too: the same two profiles merge into the same profile.
    assertThat(withoutCreatedAt(first.merge(second)))
        .isEqualTo(withoutCreatedAt(second.merge(first)))
        .isEqualTo(withoutCreatedAt(first.merge(second)));
  }

  @Test
  void theMergeOfTwoDifferentProfilesIsTheProfileOfTheirUnion() {
    // Two halves of different sizes and ranges: ids below 100,000 and the 200,000 above.
    Profile low = Profiler.defaults().profile(data.where("id < 100000"), "plays");
    Profile high = Profiler.defaults().profile(data.where("id >= 100000"), "plays");
    Profile union = Profiler.defaults().profile(data, "plays");
    Profile merged = low.merge(high);
    assertThat(low.rowCount()).isEqualTo(100_000);
    assertThat(high.rowCount()).isEqualTo(200_000);
    assertThat(merged.rowCount()).isEqualTo(union.rowCount()).isEqualTo(300_000);
    assertThat(merged.fields())
        .extracting(FieldProfile::path)
        .containsExactly("id", "price", "country", "bucket");
    for (FieldProfile u : union.fields()) {
      FieldProfile m = merged.field(u.path()).orElseThrow();
      assertThat(m.count()).as("count of %s", u.path()).isEqualTo(u.count());
      assertThat(m.nulls()).as("nulls of %s", u.path()).isEqualTo(u.nulls());
      assertThat(m.distinct().orElseThrow().estimate())
          .as("distinct of %s", u.path())
          .isCloseTo(u.distinct().orElseThrow().estimate(), withinPercentage(2));
    }
    // Exact statistics merge exactly; the quantiles within the sketch's error (2% of the range).
    for (String path : java.util.List.of("id", "price", "bucket")) {
      NumericStats m = merged.field(path).orElseThrow().numeric().orElseThrow();
      NumericStats u = union.field(path).orElseThrow().numeric().orElseThrow();
      assertThat(m.n()).as("n of %s", path).isEqualTo(u.n());
      assertThat(m.min()).as("min of %s", path).isEqualTo(u.min());
      assertThat(m.max()).as("max of %s", path).isEqualTo(u.max());
      assertThat(m.zeros()).as("zeros of %s", path).isEqualTo(u.zeros());
      assertThat(m.mean()).as("mean of %s", path).isCloseTo(u.mean(), within(1e-6 * u.max()));
      assertThat(m.stddev()).as("stddev of %s", path).isCloseTo(u.stddev(), within(1e-6 * u.max()));
      assertThat(m.quantiles().keySet()).isEqualTo(u.quantiles().keySet());
      for (String q : u.quantiles().keySet()) {
        assertThat(m.quantiles().get(q))
            .as("%s of %s", q, path)
            .isCloseTo(u.quantiles().get(q), within(0.02 * (u.max() - u.min())));
      }
    }
    // The low half's ids span 0-99,999, the high half's the rest: the merge spans both.
    assertThat(low.field("id").orElseThrow().numeric().orElseThrow().max()).isEqualTo(99_999);
    assertThat(merged.field("id").orElseThrow().numeric().orElseThrow().max()).isEqualTo(299_999);
    // 50 countries: every one is a top value, with its exact count.
    assertThat(merged.field("country").orElseThrow().topValues())
        .hasSize(union.field("country").orElseThrow().topValues().size())
        .containsExactlyInAnyOrderElementsOf(union.field("country").orElseThrow().topValues());
  }

  @Test
  void manyPartitionsMergeInOrderGroupsAndStayReproducible() {
    // 100 partitions: above the driver's limit, so summaries merge in ordered groups first.
    Dataset<Row> many =
        spark
            .range(0, 100_000, 1, 100)
            .selectExpr("id", "cast(xxhash64(id) % 1000 as double) as x");
    Profile first = Profiler.defaults().profile(many, "many");
    Profile second = Profiler.defaults().profile(many, "many");
    assertThat(first.rowCount()).isEqualTo(100_000);
    assertThat(first.field("id").orElseThrow().numeric().orElseThrow().max()).isEqualTo(99_999);
    assertThat(withoutCreatedAt(second)).isEqualTo(withoutCreatedAt(first));
  }

  @Test
  void theDriftBetweenProfilesOfTheSameDataIsZero() {
    Profile first = Profiler.defaults().profile(data, "plays");
    Profile second = Profiler.defaults().profile(data, "plays");
    DriftReport drift = Drift.compare(first, second);
    assertThat(drift.fields()).hasSize(4);
    for (FieldDrift f : drift.fields()) {
      assertThat(f.score()).as("score of %s", f.path()).isZero();
      assertThat(f.nullRateChange()).isZero();
    }
    assertThat(drift.gate(DriftThresholds.score(0.01)).passes()).isTrue();
    assertThat(drift.gate(DriftThresholds.score(0.0)).passes()).isTrue();
  }

  @Test
  void theSameDataInOtherPartitionsDriftsLessThanOnePercent() {
    Profile six = Profiler.defaults().profile(data, "plays");
    Profile three = Profiler.defaults().profile(data.repartition(3), "plays");
    DriftReport drift = Drift.compare(six, three);
    for (FieldDrift f : drift.fields()) {
      assertThat(f.score()).as("score of %s", f.path()).isLessThanOrEqualTo(0.01);
    }
    FieldDrift price = drift.field("price").orElseThrow();
    assertThat(price.ks().orElseThrow().statistic())
        .isLessThan(price.ks().orElseThrow().sketchError());
    assertThat(drift.gate(DriftThresholds.score(0.01)).passes()).isTrue();
  }

  @Test
  void aUniqueKeyIsAllDistinctAndNeverCountsMoreThanItsRows() {
    Profile p = Profiler.defaults().profile(data, "plays");
    FieldProfile id = p.field("id").orElseThrow();
    Distinct d = id.distinct().orElseThrow();
    assertThat(d.estimate()).isLessThanOrEqualTo(300_000).isGreaterThan(300_000 * 0.95);
    assertThat(d.upper()).isLessThanOrEqualTo(300_000);
    assertThat(d.lower()).isLessThanOrEqualTo(d.estimate());
    assertThat(id.allDistinct()).isTrue();
    assertThat(p.toJson()).contains("\"allDistinct\" : true");
    assertThat(
            dev.wick.profiler.internal.ProfileHtml.render(
                p, java.util.Optional.empty(), java.util.Optional.empty()))
        .contains("all distinct");
    FieldProfile bucket = p.field("bucket").orElseThrow();
    assertThat(bucket.distinct().orElseThrow().estimate()).isBetween(900 * 0.95, 900.0);
    assertThat(bucket.allDistinct()).isFalse();
    assertThat(p.field("country").orElseThrow().allDistinct()).isFalse();
    // The profile reads back with the same distinct counts.
    assertThat(Profile.parse(p.toJson(), "p").field("id").orElseThrow().distinct()).contains(d);
  }
}
