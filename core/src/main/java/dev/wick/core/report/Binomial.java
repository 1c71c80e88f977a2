package dev.wick.core.report;

/**
 * The upper tail of the binomial distribution, {@code P(X >= k)} for {@code X ~ Bin(n, p)}, through
 * the regularized incomplete beta function {@code I_p(k, n - k + 1)} (its continued fraction, as in
 * Press et al., Numerical Recipes, 6.4): exact where a normal approximation understates the tail of
 * small, skewed counts.
 */
public final class Binomial {
  private Binomial() {}

  /** {@code P(X >= k)} for {@code X ~ Bin(n, p)}. */
  public static double upperTail(long k, long n, double p) {
    if (k <= 0) {
      return 1;
    }
    if (k > n || p <= 0) {
      return 0;
    }
    if (p >= 1) {
      return 1;
    }
    return regularizedBeta(p, k, n - k + 1.0);
  }

  /** {@code I_x(a, b)}. */
  static double regularizedBeta(double x, double a, double b) {
    double front =
        Math.exp(
            logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log1p(-x));
    if (x < (a + 1) / (a + b + 2)) {
      return front * fraction(x, a, b) / a;
    }
    return 1 - front * fraction(1 - x, b, a) / b;
  }

  /** The continued fraction of the incomplete beta function, by Lentz's method. */
  private static double fraction(double x, double a, double b) {
    double tiny = 1e-300;
    double c = 1;
    double d = 1 - (a + b) * x / (a + 1);
    d = Math.abs(d) < tiny ? tiny : d;
    d = 1 / d;
    double h = d;
    for (int m = 1; m <= 10_000; m++) {
      int m2 = 2 * m;
      double aa = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
      d = 1 + aa * d;
      d = Math.abs(d) < tiny ? tiny : d;
      c = 1 + aa / c;
      c = Math.abs(c) < tiny ? tiny : c;
      d = 1 / d;
      h *= d * c;
      aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
      d = 1 + aa * d;
      d = Math.abs(d) < tiny ? tiny : d;
      c = 1 + aa / c;
      c = Math.abs(c) < tiny ? tiny : c;
      d = 1 / d;
      double step = d * c;
      h *= step;
      if (Math.abs(step - 1) < 1e-14) {
        break;
      }
    }
    return h;
  }

  /** {@code ln Γ(x)} for {@code x > 0}, by Lanczos' approximation (g = 7, 9 terms). */
  static double logGamma(double x) {
    double[] c = {
      0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
      -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
      1.5056327351493116e-7
    };
    if (x < 0.5) {
      return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
    }
    double y = x - 1;
    double sum = c[0];
    for (int i = 1; i < c.length; i++) {
      sum += c[i] / (y + i);
    }
    double t = y + 7.5;
    return 0.5 * Math.log(2 * Math.PI) + (y + 0.5) * Math.log(t) - t + Math.log(sum);
  }
}
