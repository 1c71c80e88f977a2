package dev.wick.bigdiff;

import static dev.wick.bigdiff.DiffFixtures.spark;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.wick.bigdiff.SampleBounds.Interval;
import dev.wick.core.WickException;
import dev.wick.sampler.Sampler;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;

/** A diff of a key-consistent sample and the Wilson intervals it reports. */
class SampleBoundsTest {

  @Test
  void wilsonIntervalsMatchTheirKnownValues() {
    Interval none = Interval.wilson("x", 0, 10);
    assertThat(none.low()).isZero();
    assertThat(none.high()).isCloseTo(0.2775, within(1e-4));
    Interval half = Interval.wilson("x", 5, 10);
    assertThat(half.low()).isCloseTo(0.2366, within(1e-4));
    assertThat(half.high()).isCloseTo(0.7634, within(1e-4));
    Interval all = Interval.wilson("x", 10, 10);
    assertThat(all.high()).isEqualTo(1.0);
    assertThat(Interval.wilson("x", 0, 0).high()).isEqualTo(1.0);
  }

  /** 20,000 keys; every 20th has another value on the right: 5% differ. */
  private static Dataset<Row> side(boolean candidate) {
    return spark()
        .range(20_000)
        .selectExpr(
            "id",
            candidate ? "IF(id % 20 = 0, id + 1, id) AS v" : "id AS v",
            "IF(id % 40 = 0, 'x', 'y') AS s");
  }

  private static Set<Long> ids(Dataset<Row> data) {
    return data.select("id").collectAsList().stream()
        .map(r -> r.getLong(0))
        .collect(Collectors.toCollection(TreeSet::new));
  }

  @Test
  void samplesTheKeysTheSamplerPicksAndBoundsTheShares() {
    Dataset<Row> lhs = side(false);
    Dataset<Row> rhs = side(true);
    DiffSummary s = BigDiff.key("id").sample(0.1, 7).summarize(lhs, rhs);
    Set<Long> sampled = ids(Sampler.fraction(0.1).by("id").seed(7).sample(lhs).data());
    // The keys the diff compares are the very keys the sampler keeps, and those the sampler's
    // documented hash (in plain Spark SQL) keeps: the same set, not only as many.
    Set<Long> compared =
        ids(BigDiff.key("id").sample(0.1, 7).includeSame(true).prepare(lhs, rhs).keys());
    Set<Long> hashed =
        ids(
            lhs.where(
                "shiftrightunsigned(xxhash64(CAST(7 AS BIGINT), id IS NULL, CAST(id AS BIGINT)),"
                    + " 11) / 9007199254740992D < 0.1D"));
    assertThat(compared).isEqualTo(sampled).isEqualTo(hashed);
    // The differing keys reported are the sampled ones among every 20th.
    Set<Long> differing = ids(BigDiff.key("id").sample(0.1, 7).prepare(lhs, rhs).keys());
    assertThat(differing)
        .isNotEmpty()
        .isEqualTo(
            sampled.stream()
                .filter(id -> id % 20 == 0)
                .collect(Collectors.toCollection(TreeSet::new)));
    long picked = sampled.size();
    assertThat(s.global().total()).isEqualTo(picked).isBetween(1_800L, 2_200L);
    SampleBounds b = s.sample().orElseThrow();
    assertThat(b.keys()).isEqualTo(picked);
    Interval notSame = b.notSame();
    assertThat(notSame.count()).isEqualTo(s.global().notSame());
    assertThat(notSame.low()).isLessThan(0.05);
    assertThat(notSame.high()).isGreaterThan(0.05).isLessThan(0.075);
    assertThat(b.categories())
        .extracting(Interval::name)
        .containsExactly("notSame", "different", "missingLhs", "missingRhs", "duplicateKeys");
    assertThat(b.fields()).extracting(Interval::name).containsExactly("v", "s");
    assertThat(b.fields().get(0).count()).isEqualTo(s.global().different());
    assertThat(s.toJson().replaceAll("\\s", ""))
        .contains("\"sample\":{\"fraction\":0.1,\"seed\":7,\"confidence\":0.95,\"keys\":" + picked);

    // The gate reads the upper bound: 5% observed fails a 5.5% threshold a full diff passes.
    String message = s.gate(DiffThresholds.maxDiffFraction(0.055)).violations().get(0).message();
    assertThat(message)
        .startsWith("On a 10.00% sample of the keys (seed 7), ")
        .contains("whose upper bound is above the allowed 5.50%.");
    assertThat(s.gate(DiffThresholds.maxDiffFraction(0.08)).passes()).isTrue();
    DiffSummary full = BigDiff.key("id").summarize(lhs, rhs);
    assertThat(full.global().diffFraction()).isEqualTo(0.05);
    assertThat(full.gate(DiffThresholds.maxDiffFraction(0.055)).passes()).isTrue();
    assertThat(full.sample()).isEmpty();
  }

  @Test
  void aSampleNeedsAFractionInRangeAndKeys() {
    assertThatThrownBy(() -> BigDiff.key("id").sample(0, 1))
        .isInstanceOf(WickException.class)
        .hasMessage("The sample fraction must be in (0, 1], got 0.0.");
    assertThatThrownBy(() -> BigDiff.keyless().sample(0.5, 1).prepare(side(false), side(true)))
        .hasMessageContaining("cannot apply a sample (which picks rows by key)");
  }
}
