package dev.wick.sampler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class AllocationTest {

  record Case(long[] sizes, long total) {
    @Override
    public String toString() {
      return Arrays.toString(sizes) + " total " + total;
    }
  }

  @Provide
  Arbitrary<Case> strata() {
    Arbitrary<List<Long>> sizes =
        Arbitraries.longs().between(1, 10_000).list().ofMinSize(1).ofMaxSize(30);
    return sizes.flatMap(
        list -> {
          long[] s = list.stream().mapToLong(Long::longValue).toArray();
          long sum = Arrays.stream(s).sum();
          return Arbitraries.longs().between(0, sum).map(t -> new Case(s, t));
        });
  }

  @Property(tries = 300)
  void proportionalTargetsSumToTheTotalAndStayWithinOneOfTheQuota(@ForAll("strata") Case c) {
    long[] t = Allocation.proportional(c.sizes(), c.total());
    long sum = Arrays.stream(c.sizes()).sum();
    assertThat(Arrays.stream(t).sum()).isEqualTo(c.total());
    for (int i = 0; i < t.length; i++) {
      double quota = (double) c.total() * c.sizes()[i] / sum;
      assertThat(Math.abs(t[i] - quota)).isLessThan(1.0);
      assertThat(t[i]).isBetween(0L, c.sizes()[i]);
    }
  }

  @Property(tries = 300)
  void uniformTargetsSumToTheTotalAndAreLevelAcrossStrataThatAreNotExhausted(
      @ForAll("strata") Case c) {
    long[] t = Allocation.uniform(c.sizes(), c.total());
    assertThat(Arrays.stream(t).sum()).isEqualTo(c.total());
    long maxOpen = Long.MIN_VALUE;
    long minOpen = Long.MAX_VALUE;
    long maxExhausted = 0;
    for (int i = 0; i < t.length; i++) {
      assertThat(t[i]).isBetween(0L, c.sizes()[i]);
      if (t[i] < c.sizes()[i]) {
        maxOpen = Math.max(maxOpen, t[i]);
        minOpen = Math.min(minOpen, t[i]);
      } else {
        maxExhausted = Math.max(maxExhausted, t[i]);
      }
    }
    if (maxOpen != Long.MIN_VALUE) {
      // Strata that still had records left all give the same number, give or take one...
      assertThat(maxOpen - minOpen).isLessThanOrEqualTo(1);
      // ...and no stratum that gave all it had gave more than they did (plus the one extra).
      assertThat(maxExhausted).isLessThanOrEqualTo(minOpen + 1);
    }
  }

  @Property(tries = 300)
  void realWaterFillingMeetsTheTotalWithOneLevel(@ForAll("strata") Case c) {
    double[] t = Allocation.uniformReal(c.sizes(), c.total());
    assertThat(Arrays.stream(t).sum()).isCloseTo(c.total(), within(1e-6 * (1 + c.total())));
    double level = 0;
    for (int i = 0; i < t.length; i++) {
      assertThat(t[i]).isLessThanOrEqualTo(c.sizes()[i] + 1e-9);
      level = Math.max(level, t[i]);
    }
    for (int i = 0; i < t.length; i++) {
      assertThat(t[i]).isCloseTo(Math.min(c.sizes()[i], level), within(1e-6 * (1 + level)));
    }
  }

  @Provide
  Arbitrary<Case> strataAndCount() {
    return Combinators.combine(
            Arbitraries.longs().between(1, 5_000).list().ofMinSize(1).ofMaxSize(20),
            Arbitraries.longs().between(1, 200_000))
        .as((l, n) -> new Case(l.stream().mapToLong(Long::longValue).toArray(), n));
  }

  @Property(tries = 200)
  void exactCountTargetsAreIntegersSummingToTheCountOrEverything(@ForAll("strataAndCount") Case c) {
    for (Distribution d : Distribution.values()) {
      SampleSpec spec = Sampler.count(c.total()).strata("s").distribution(d).exact().build();
      double[] t = Allocation.targets(spec, c.sizes());
      long sum = Arrays.stream(c.sizes()).sum();
      assertThat(Arrays.stream(t).sum()).isEqualTo((double) Math.min(sum, c.total()));
      for (double v : t) {
        assertThat(v).isEqualTo(Math.rint(v));
      }
    }
  }

  @Test
  void uniformSharesWhatSmallStrataCannotGiveAmongTheLargeOnes() {
    // 3 strata, 90 records wanted: the stratum of 10 gives all 10, the other two give 40 each.
    assertThat(Allocation.uniform(new long[] {10, 100, 1000}, 90)).containsExactly(10, 40, 40);
    assertThat(Allocation.uniformReal(new long[] {10, 100, 1000}, 90))
        .containsExactly(10.0, 40.0, 40.0);
    // One left over after levelling goes to the earlier open stratum.
    assertThat(Allocation.uniform(new long[] {100, 100, 5}, 56)).containsExactly(26, 25, 5);
  }

  @Test
  void proportionalGivesTheLeftOverRecordsToTheLargestRemainders() {
    // Quotas 3.33.., 3.33.., 3.33..: one left over, to the first.
    assertThat(Allocation.proportional(new long[] {10, 10, 10}, 10)).containsExactly(4, 3, 3);
    // Quotas 1.5, 4.5, 4.0 -> floors 1, 4, 4; one left, ties go to the earlier stratum.
    assertThat(Allocation.proportional(new long[] {3, 9, 8}, 10)).containsExactly(2, 4, 4);
  }

  @Test
  void exactFractionTargetsRoundEachStratum() {
    SampleSpec spec = Sampler.fraction(0.1).strata("s").exact().build();
    assertThat(Allocation.targets(spec, new long[] {25, 4, 1000})).containsExactly(3.0, 0.0, 100.0);
    SampleSpec uniform =
        Sampler.fraction(0.1).strata("s").distribution(Distribution.UNIFORM).exact().build();
    // 0.1 * 1029 = 102.9 -> 103 records: 4 and 25 give all, 74 from the large stratum.
    assertThat(Allocation.targets(uniform, new long[] {25, 4, 1000}))
        .containsExactly(25.0, 4.0, 74.0);
  }
}
