package dev.wick.core.report;

/**
 * The Wilson score interval of a proportion (E. B. Wilson, JASA 22, 1927), which Brown, Cai and
 * DasGupta (Statistical Science 16, 2001) recommend over the normal approximation for small counts,
 * and the normal quantiles it takes. One implementation for every interval Wick reports: a sampled
 * diff's bounds and an explanation's slices.
 */
public final class Wilson {
  /** The standard normal quantile of 0.975: a two-sided 95% interval. */
  public static final double Z95 = 1.959963984540054;

  private Wilson() {}

  /**
   * The interval {@code {low, high}} of {@code count} successes in {@code n} trials at the normal
   * quantile {@code z}; {@code {0, 1}} for no trials.
   */
  public static double[] interval(long count, long n, double z) {
    if (n == 0) {
      return new double[] {0, 1};
    }
    double p = (double) count / n;
    double z2 = z * z;
    double denominator = 1 + z2 / n;
    double center = (p + z2 / (2.0 * n)) / denominator;
    double half = z * Math.sqrt(p * (1 - p) / n + z2 / (4.0 * n * n)) / denominator;
    // At 0 and n successes the bound is exactly 0 or 1; rounding would miss it by an ulp.
    double low = count == 0 ? 0 : Math.max(0, center - half);
    double high = count == n ? 1 : Math.min(1, center + half);
    return new double[] {low, high};
  }

  /**
   * The standard normal quantile of {@code p} in (0, 1), by Acklam's rational approximation
   * (relative error below 1.2e-9), for intervals at other confidences (a Bonferroni correction).
   */
  public static double normalQuantile(double p) {
    if (!(p > 0 && p < 1)) {
      throw new IllegalArgumentException("a probability in (0, 1), not " + p);
    }
    double[] a = {
      -3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
      1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00
    };
    double[] b = {
      -5.447609879822406e+01,
      1.615858368580409e+02,
      -1.556989798598866e+02,
      6.680131188771972e+01,
      -1.328068155288572e+01
    };
    double[] c = {
      -7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
      -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00
    };
    double[] d = {
      7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00, 3.754408661907416e+00
    };
    double low = 0.02425;
    if (p < low) {
      double q = Math.sqrt(-2 * Math.log(p));
      return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
          / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    }
    if (p > 1 - low) {
      return -normalQuantile(1 - p);
    }
    double q = p - 0.5;
    double r = q * q;
    return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5])
        * q
        / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
  }
}
