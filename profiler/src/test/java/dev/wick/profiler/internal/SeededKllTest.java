package dev.wick.profiler.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.apache.datasketches.kll.KllDoublesSketch;
import org.apache.datasketches.kll.KllSketch;
import org.apache.datasketches.memory.Memory;
import org.apache.datasketches.quantilescommon.QuantileSearchCriteria;
import org.junit.jupiter.api.Test;

/** The seeded KLL sketch against DataSketches' reader and against exact quantiles. */
class SeededKllTest {

  @Test
  void levelCapacitiesAreDataSketchesOwn() throws Exception {
    // The compact form leaves the total capacity implied, so ours must be DataSketches' exactly.
    Class<?> helper = Class.forName("org.apache.datasketches.kll.KllHelper");
    Method total =
        helper.getDeclaredMethod("computeTotalItemCapacity", int.class, int.class, int.class);
    total.setAccessible(true);
    for (int levels = 1; levels <= 60; levels++) {
      assertThat(SeededKll.totalCapacity(200, levels))
          .as("capacity of %d levels", levels)
          .isEqualTo((int) total.invoke(null, 200, 8, levels));
    }
  }

  @Test
  void dataSketchesReadsItsBytesWithKllAccuracy() {
    for (int n : new int[] {0, 1, 2, 5, 199, 200, 1000, 100_000, 1_000_003}) {
      SeededKll s = new SeededKll(200, 42);
      double[] values = new double[n];
      SplittableRandom r = new SplittableRandom(n);
      for (int i = 0; i < n; i++) {
        values[i] = r.nextGaussian() * 10 + 100;
        s.update(values[i]);
      }
      KllDoublesSketch read = KllDoublesSketch.heapify(Memory.wrap(s.toByteArray()));
      assertThat(read.getN()).isEqualTo(n);
      if (n == 0) {
        assertThat(read.isEmpty()).isTrue();
        continue;
      }
      Arrays.sort(values);
      assertThat(read.getMinItem()).isEqualTo(values[0]);
      assertThat(read.getMaxItem()).isEqualTo(values[n - 1]);
      long weight = 0;
      var it = read.iterator();
      while (it.next()) {
        weight += it.getWeight();
      }
      assertThat(weight).as("total weight of %d values", n).isEqualTo(n);
      double error = read.getNormalizedRankError(false);
      for (double rank : new double[] {0.01, 0.25, 0.5, 0.75, 0.99}) {
        double q = read.getQuantile(rank, QuantileSearchCriteria.INCLUSIVE);
        int below = Arrays.binarySearch(values, q);
        double actual = (below < 0 ? -below - 1 : below + 1) / (double) n;
        assertThat(actual)
            .as("rank of p%s of %d values", rank, n)
            .isCloseTo(rank, within(error + 1.0 / n));
      }
      // And it round-trips: read back by ours, written again, the same bytes.
      assertThat(SeededKll.read(s.toByteArray(), 1, "x").toByteArray()).isEqualTo(s.toByteArray());
    }
  }

  @Test
  void theSameValuesGiveTheSameBytesAndMergesAreDeterministic() {
    SeededKll a = new SeededKll(200, SeededKll.seed("price", 0));
    SeededKll b = new SeededKll(200, SeededKll.seed("price", 0));
    SeededKll c = new SeededKll(200, SeededKll.seed("price", 1));
    for (int i = 0; i < 50_000; i++) {
      double v = (i * 7919L) % 10_007;
      a.update(v);
      b.update(v);
      c.update(v + 1);
    }
    assertThat(a.toByteArray()).isEqualTo(b.toByteArray());
    byte[] m1 = SeededKll.merge(a.toByteArray(), c.toByteArray(), "price");
    byte[] m2 = SeededKll.merge(b.toByteArray(), c.toByteArray(), "price");
    assertThat(m1).isEqualTo(m2);
    KllDoublesSketch merged = KllDoublesSketch.heapify(Memory.wrap(m1));
    assertThat(merged.getN()).isEqualTo(100_000);
    assertThat(merged.getQuantile(0.5, QuantileSearchCriteria.INCLUSIVE))
        .isCloseTo(5003, within(10_007 * 0.02));
  }

  @Test
  void readsWhatDataSketchesWrote() {
    KllDoublesSketch ds = KllDoublesSketch.newHeapInstance(200);
    for (int i = 0; i < 30_000; i++) {
      ds.update(i);
    }
    SeededKll ours = SeededKll.read(ds.toByteArray(), 3, "x");
    assertThat(ours.n()).isEqualTo(30_000);
    KllDoublesSketch back = KllDoublesSketch.heapify(Memory.wrap(ours.toByteArray()));
    assertThat(back.getQuantile(0.9, QuantileSearchCriteria.INCLUSIVE))
        .isCloseTo(27_000, within(30_000 * KllSketch.getNormalizedRankError(200, false) + 1));
  }
}
