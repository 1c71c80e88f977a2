package dev.wick.profiler.internal;

import dev.wick.profiler.FieldDrift;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.apache.commons.math3.stat.inference.ChiSquareTest;
import org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest;
import org.apache.datasketches.frequencies.ErrorType;
import org.apache.datasketches.frequencies.ItemsSketch;
import org.apache.datasketches.kll.KllDoublesSketch;
import org.apache.datasketches.quantilescommon.QuantileSearchCriteria;

/**
 * Two-sample tests computed from sketches alone.
 *
 * <p><b>Kolmogorov-Smirnov.</b> The statistic is the largest gap between the two empirical CDFs.
 * Both are step functions that jump only at observed values, so the gap is largest at one of them;
 * a KLL sketch retains a weighted sample of the values and answers {@code getRank} within its
 * normalized rank error {@code e}. We evaluate both sketches' CDFs at every value either retains,
 * so the statistic we report is within {@code e1 + e2} of the data's. The p-value (commons-math3's
 * asymptotic Kolmogorov distribution, or its exact one for small samples) is taken at {@code max(0,
 * D - e1 - e2)}: a gap the sketches could have made up never counts as significant. Reference:
 * Karnin, Lang and Liberty, "Optimal Quantile Approximation in Streams" (KLL), 2016.
 *
 * <p><b>Categorical.</b> The categories are the union of both frequent-items sketches' frequent
 * values plus one "everything else" bucket; each side's count of a category is its sketch's
 * estimate (exact while the field has fewer distinct values than the sketch tracks). We report the
 * chi-square test of homogeneity of the two count vectors and the L-infinity distance between the
 * two vectors of shares.
 */
public final class DriftMath {
  /** Below this product of sample sizes, the exact Kolmogorov distribution is affordable. */
  private static final long EXACT_KS_LIMIT = 10_000;

  private DriftMath() {}

  /** The KS test of two KLL sketches, or empty when either holds no value. */
  public static Optional<FieldDrift.KsTest> ks(byte[] baseline, byte[] current, String path) {
    KllDoublesSketch a = Sketches.kll(baseline, path);
    KllDoublesSketch b = Sketches.kll(current, path);
    if (a.isEmpty() || b.isEmpty()) {
      return Optional.empty();
    }
    double d = 0.0;
    for (KllDoublesSketch s : List.of(a, b)) {
      for (double x : s.getSortedView().getQuantiles()) {
        double gap =
            Math.abs(
                a.getRank(x, QuantileSearchCriteria.INCLUSIVE)
                    - b.getRank(x, QuantileSearchCriteria.INCLUSIVE));
        d = Math.max(d, gap);
      }
    }
    double error = Sketches.rankError(a) + Sketches.rankError(b);
    double lower = Math.max(0.0, d - error);
    int n = (int) Math.min(Integer.MAX_VALUE, a.getN());
    int m = (int) Math.min(Integer.MAX_VALUE, b.getN());
    double p;
    if (lower == 0.0) {
      p = 1.0;
    } else if ((long) n * m < EXACT_KS_LIMIT) {
      p = new KolmogorovSmirnovTest().exactP(lower, n, m, true);
    } else {
      p = new KolmogorovSmirnovTest().approximateP(lower, n, m);
    }
    return Optional.of(new FieldDrift.KsTest(d, error, clamp(p)));
  }

  /** Chi-square and L-infinity over two frequent-items sketches, or empty when either is empty. */
  public static Optional<FieldDrift.CategoricalTest> categorical(
      byte[] baseline, byte[] current, String path) {
    ItemsSketch<String> a = Sketches.items(baseline, path);
    ItemsSketch<String> b = Sketches.items(current, path);
    if (a.isEmpty() || b.isEmpty()) {
      return Optional.empty();
    }
    Set<String> categories = new LinkedHashSet<>();
    for (ItemsSketch<String> s : List.of(a, b)) {
      Set<String> sorted = new TreeSet<>();
      for (ItemsSketch.Row<String> r : s.getFrequentItems(ErrorType.NO_FALSE_POSITIVES)) {
        sorted.add(r.getItem());
      }
      categories.addAll(sorted);
    }
    List<long[]> pairs = new ArrayList<>();
    long restA = a.getStreamLength();
    long restB = b.getStreamLength();
    for (String c : categories) {
      long x = Math.min(a.getEstimate(c), a.getStreamLength());
      long y = Math.min(b.getEstimate(c), b.getStreamLength());
      restA -= x;
      restB -= y;
      pairs.add(new long[] {x, y});
    }
    pairs.add(new long[] {Math.max(0, restA), Math.max(0, restB)});
    double totalA = a.getStreamLength();
    double totalB = b.getStreamLength();
    double linf = 0.0;
    List<long[]> used = new ArrayList<>();
    for (long[] p : pairs) {
      linf = Math.max(linf, Math.abs(p[0] / totalA - p[1] / totalB));
      if (p[0] > 0 || p[1] > 0) {
        used.add(p);
      }
    }
    if (used.size() < 2) {
      return Optional.of(new FieldDrift.CategoricalTest(0.0, 0, 1.0, linf));
    }
    long[] x = new long[used.size()];
    long[] y = new long[used.size()];
    for (int i = 0; i < used.size(); i++) {
      x[i] = used.get(i)[0];
      y[i] = used.get(i)[1];
    }
    ChiSquareTest test = new ChiSquareTest();
    double chi = test.chiSquareDataSetsComparison(x, y);
    double p = test.chiSquareTestDataSetsComparison(x, y);
    return Optional.of(new FieldDrift.CategoricalTest(chi, used.size() - 1, clamp(p), linf));
  }

  private static double clamp(double p) {
    return Double.isNaN(p) ? 1.0 : Math.max(0.0, Math.min(1.0, p));
  }
}
