package dev.wick.sampler;

import static org.apache.spark.sql.functions.col;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * The sampler's invariants on real Spark data: determinism per seed, the same decision for a key in
 * every dataset, the fraction within a binomial bound, exact targets met exactly, and strata
 * keeping their shares. Tries are few: each one runs Spark jobs.
 */
class SamplerProperties {

  /** Five standard deviations: a correct sampler fails a bound about once in 1.7 million. */
  private static final double SIGMAS = 5;

  private static Dataset<Row> records(long n, int keys) {
    return TestData.spark()
        .range(0, n)
        .selectExpr("id", "CAST(id % " + keys + " AS INT) AS key", "concat('v', id) AS payload");
  }

  @Property(tries = 6)
  void theSameSeedGivesTheSameSample(
      @ForAll long seed,
      @ForAll boolean byKey,
      @ForAll @DoubleRange(min = 0.05, max = 0.5) double fraction) {
    Sampler sampler = Sampler.fraction(fraction).seed(seed);
    if (byKey) {
      sampler = sampler.by("key");
    }
    List<Long> first = TestData.ids(sampler.sample(records(2000, 150)).data(), "id");
    // A key sample does not depend on partitioning; a Bernoulli one needs the input read alike.
    Dataset<Row> again = byKey ? records(2000, 150).repartition(3) : records(2000, 150);
    List<Long> second = TestData.ids(sampler.sample(again).data(), "id");
    assertThat(second).isEqualTo(first);
  }

  @Property(tries = 6)
  void aKeyGetsTheSameDecisionInEveryDataset(
      @ForAll long seed, @ForAll @DoubleRange(min = 0.05, max = 0.6) double fraction) {
    // Users keyed by an INT, plays keyed by a BIGINT over an overlapping range of users.
    Dataset<Row> users =
        TestData.spark().range(0, 1000).selectExpr("CAST(id AS INT) AS user_id", "'x' AS name");
    Dataset<Row> plays =
        TestData.spark()
            .range(0, 4000)
            .selectExpr("id AS play_id", "(id * 7) % 1500 AS user_id")
            .repartition(3);
    SampleSpec spec = Sampler.fraction(fraction).by("user_id").seed(seed).build();
    Set<Long> keptUsers = userIds(spec.select(users).data());
    Dataset<Row> keptPlays = spec.select(plays).data();
    Set<Long> keptPlayUsers = userIds(keptPlays);
    Set<Long> sharedKeptPlayUsers = new TreeSet<>(keptPlayUsers);
    sharedKeptPlayUsers.removeIf(u -> u >= 1000);
    assertThat(sharedKeptPlayUsers).isEqualTo(keptUsers);
    // Every play of a kept user is kept.
    long playsOfKeptUsers = plays.where(col("user_id").isin(keptPlayUsers.toArray())).count();
    assertThat(keptPlays.count()).isEqualTo(playsOfKeptUsers);
  }

  private static Set<Long> userIds(Dataset<Row> data) {
    Set<Long> ids = new TreeSet<>();
    for (Row r : data.select(col("user_id").cast("bigint")).distinct().collectAsList()) {
      ids.add(r.getLong(0));
    }
    return ids;
  }

  @Property(tries = 8)
  void theFractionKeptIsWithinABinomialBound(
      @ForAll @LongRange(min = 500, max = 20_000) long n,
      @ForAll @DoubleRange(min = 0.01, max = 0.9) double fraction,
      @ForAll long seed,
      @ForAll boolean byKey) {
    Sampler sampler = Sampler.fraction(fraction).seed(seed);
    if (byKey) {
      sampler = sampler.by("id");
    }
    SampleResult r = sampler.sample(records(n, 10)).count();
    double mean = n * fraction;
    double bound = SIGMAS * Math.sqrt(n * fraction * (1 - fraction)) + 1;
    assertThat((double) r.recordsOut()).isBetween(mean - bound, mean + bound);
    assertThat(r.recordsIn()).isEqualTo(n);
  }

  /** Strata of the given sizes: stratum 0 is the null stratum, the others 's1', 's2', .... */
  private static Dataset<Row> strata(List<Integer> sizes, int keys) {
    StringBuilder when = new StringBuilder("CAST(CASE");
    long bound = 0;
    for (int i = 0; i < sizes.size(); i++) {
      bound += sizes.get(i);
      when.append(" WHEN id < ")
          .append(bound)
          .append(" THEN ")
          .append(i == 0 ? "NULL" : "'s" + i + "'");
    }
    when.append(" END AS STRING) AS stratum");
    return TestData.spark()
        .range(0, bound)
        .selectExpr("id", when.toString(), "CAST(id % " + keys + " AS INT) AS key");
  }

  @Provide
  Arbitrary<List<Integer>> sizes() {
    return Arbitraries.integers().between(1, 400).list().ofMinSize(1).ofMaxSize(5);
  }

  @Property(tries = 8)
  void exactTargetsAreMetExactlyInEveryStratum(
      @ForAll("sizes") List<Integer> sizes,
      @ForAll @IntRange(min = 1, max = 1500) int count,
      @ForAll boolean useFraction,
      @ForAll boolean uniform,
      @ForAll boolean byKey,
      @ForAll long seed) {
    long total = sizes.stream().mapToLong(Integer::longValue).sum();
    Sampler sampler =
        (useFraction ? Sampler.fraction(Math.min(1.0, count / 1500.0)) : Sampler.count(count))
            .strata("stratum")
            .distribution(uniform ? Distribution.UNIFORM : Distribution.STRATIFIED)
            .exact()
            .seed(seed);
    if (byKey) {
      sampler = sampler.by("key"); // 7 keys: many records share each hash value
    }
    SampleSpec spec = sampler.build();
    SampleResult r = spec.select(strata(sizes, 7)).count();
    double[] expected =
        Allocation.targets(spec, sizes.stream().mapToLong(Integer::longValue).toArray());
    List<Double> targets = new ArrayList<>();
    for (double t : expected) {
      targets.add(t);
    }
    assertThat(r.strata()).extracting(SampleResult.StratumCount::target).isEqualTo(targets);
    assertThat(r.strata())
        .extracting(SampleResult.StratumCount::recordsIn)
        .isEqualTo(sizes.stream().map(Integer::longValue).toList());
    for (SampleResult.StratumCount s : r.strata()) {
      assertThat((double) s.actual()).as("stratum %s", s.display()).isEqualTo(s.target());
    }
    assertThat(r.recordsOut()).isEqualTo(r.strata().stream().mapToLong(s -> s.actual()).sum());
    if (!useFraction) {
      assertThat(r.recordsOut()).isEqualTo(Math.min(count, total));
    }
  }

  @Property(tries = 6)
  void strataKeepTheirSharesWithinBinomialBounds(
      @ForAll("sizes") List<Integer> sizes,
      @ForAll @DoubleRange(min = 0.05, max = 0.9) double fraction,
      @ForAll long seed) {
    SampleResult r =
        Sampler.fraction(fraction).strata("stratum").seed(seed).sample(strata(sizes, 1)).count();
    assertThat(r.passes()).isEqualTo(2);
    assertThat(r.strata()).hasSize(sizes.size());
    for (SampleResult.StratumCount s : r.strata()) {
      double mean = s.recordsIn() * fraction;
      double bound = SIGMAS * Math.sqrt(s.recordsIn() * fraction * (1 - fraction)) + 1;
      assertThat(s.target()).isEqualTo(mean);
      assertThat((double) s.actual())
          .as("stratum %s", s.display())
          .isBetween(mean - bound, mean + bound);
    }
  }
}
