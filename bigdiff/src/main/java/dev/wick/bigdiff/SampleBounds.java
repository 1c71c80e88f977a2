package dev.wick.bigdiff;

import dev.wick.core.report.Wilson;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What a diff of a key-consistent sample ({@link BigDiff#sample(double, long)}) says of the whole
 * data: for each classification and each field, the fraction of sampled keys it covers and its
 * Wilson score interval at {@link #CONFIDENCE}. The gate compares the upper bound of the keys not
 * SAME with its threshold, so a sample passes only when the whole data very likely would.
 *
 * <p>The interval treats the sampled keys as independent draws, which a hash of the key makes them
 * (each key is in with probability {@code fraction}, whatever its neighbours). Reference: E. B.
 * Wilson, "Probable inference, the law of succession, and statistical inference", JASA 22 (1927);
 * Brown, Cai and DasGupta, "Interval estimation for a binomial proportion", Statistical Science 16
 * (2001), who recommend it over the normal approximation for small counts.
 *
 * @param fraction the fraction of keys sampled, in (0, 1]
 * @param seed the key hash's seed
 * @param keys the keys in the sample (the diff's total)
 * @param categories the intervals of the keys not SAME, DIFFERENT, MISSING_LHS, MISSING_RHS and
 *     duplicated, in that order ({@code notSame}, {@code different}, ...)
 * @param fields the interval of each compared field: the keys on which it differs, over all keys
 */
public record SampleBounds(
    double fraction, long seed, long keys, List<Interval> categories, List<Interval> fields) {

  /** The confidence of every interval. */
  public static final double CONFIDENCE = 0.95;

  /** The standard normal quantile of {@code (1 + CONFIDENCE) / 2}. */
  static final double Z = Wilson.Z95;

  public SampleBounds {
    categories = List.copyOf(categories);
    fields = List.copyOf(fields);
  }

  /**
   * A proportion and its Wilson interval.
   *
   * @param name the category ({@code notSame}, {@code different}, ...) or the field's path
   * @param count how many sampled keys it covers
   * @param estimate {@code count / keys} (NaN for no keys)
   * @param low the interval's lower bound
   * @param high the interval's upper bound
   */
  public record Interval(String name, long count, double estimate, double low, double high) {
    public Interval {
      Objects.requireNonNull(name, "name");
    }

    /** The interval's width. */
    public double width() {
      return high - low;
    }

    /** The Wilson score interval of {@code count} successes in {@code n} trials. */
    static Interval wilson(String name, long count, long n) {
      if (n == 0) {
        return new Interval(name, count, Double.NaN, 0, 1);
      }
      double p = (double) count / n;
      double[] bounds = Wilson.interval(count, n, Z);
      double low = bounds[0];
      double high = bounds[1];
      return new Interval(name, count, p, low, high);
    }
  }

  /** The interval of the keys not SAME: the one the gate reads. */
  public Interval notSame() {
    return categories.get(0);
  }

  /** The bounds of a diff of a sample taken with {@code fraction} and {@code seed}. */
  static SampleBounds of(DiffSummary s, double fraction, long seed) {
    GlobalCounts g = s.global();
    long n = g.total();
    List<Interval> categories =
        List.of(
            Interval.wilson("notSame", g.notSame(), n),
            Interval.wilson("different", g.different(), n),
            Interval.wilson("missingLhs", g.missingLhs(), n),
            Interval.wilson("missingRhs", g.missingRhs(), n),
            Interval.wilson("duplicateKeys", g.duplicateKeys(), n));
    List<Interval> fields = new ArrayList<>();
    for (FieldStats f : s.fields()) {
      if (!f.field().contains("[]")) {
        fields.add(Interval.wilson(f.field(), f.different(), n));
      }
    }
    return new SampleBounds(fraction, seed, n, categories, fields);
  }
}
