package dev.wick.core.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class BinomialTest {
  /** The tail summed term by term, for small n. */
  private static double direct(int k, int n, double p) {
    double sum = 0;
    for (int i = k; i <= n; i++) {
      double logC =
          Binomial.logGamma(n + 1.0) - Binomial.logGamma(i + 1.0) - Binomial.logGamma(n - i + 1.0);
      sum += Math.exp(logC + i * Math.log(p) + (n - i) * Math.log1p(-p));
    }
    return sum;
  }

  @Test
  void theUpperTailIsTheSumOfTheProbabilitiesFromK() {
    for (int[] kn : new int[][] {{22, 214}, {1, 10}, {5, 5}, {0, 7}, {60, 100}, {3, 400}}) {
      for (double p : new double[] {0.01, 0.05, 0.3, 0.9}) {
        assertThat(Binomial.upperTail(kn[0], kn[1], p))
            .as("k=%d n=%d p=%s", kn[0], kn[1], p)
            .isCloseTo(direct(kn[0], kn[1], p), within(1e-9));
      }
    }
  }

  @Test
  void edgesAreExact() {
    assertThat(Binomial.upperTail(0, 10, 0.5)).isEqualTo(1.0);
    assertThat(Binomial.upperTail(11, 10, 0.5)).isEqualTo(0.0);
    assertThat(Binomial.upperTail(3, 10, 0.0)).isEqualTo(0.0);
    assertThat(Binomial.logGamma(5)).isCloseTo(Math.log(24), within(1e-12));
  }
}
