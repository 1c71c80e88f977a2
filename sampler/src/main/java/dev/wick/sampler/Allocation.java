package dev.wick.sampler;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * Shares a sample's target among strata of known sizes: proportionally ({@code stratified}) or
 * evenly with small strata giving all they have ({@code uniform}, water filling). Real targets are
 * expectations for a per-stratum keep probability; integer targets are what {@code --exact} keeps,
 * each within one record of the real target.
 */
final class Allocation {
  private Allocation() {}

  /** The targets of {@code spec} for strata of the given sizes (all positive). */
  static double[] targets(SampleSpec spec, long[] sizes) {
    long total = Arrays.stream(sizes).sum();
    boolean uniform = spec.stratified() && spec.distribution() == Distribution.UNIFORM;
    if (spec.target() instanceof SampleSize.Fraction f) {
      double fraction = f.value();
      if (!spec.exact()) {
        return uniform
            ? uniformReal(sizes, fraction * total)
            : Arrays.stream(sizes).mapToDouble(n -> fraction * n).toArray();
      }
      if (uniform) {
        return toDoubles(uniform(sizes, Math.min(total, Math.round(fraction * total))));
      }
      // Each stratum keeps its own rounded share: within half a record of fraction * size.
      return Arrays.stream(sizes).mapToDouble(n -> Math.min(n, Math.round(fraction * n))).toArray();
    }
    long count = Math.min(total, ((SampleSize.Count) spec.target()).value());
    if (!spec.exact()) {
      return uniform
          ? uniformReal(sizes, count)
          : Arrays.stream(sizes).mapToDouble(n -> (double) count * n / total).toArray();
    }
    return toDoubles(uniform ? uniform(sizes, count) : proportional(sizes, count));
  }

  /**
   * Integer targets proportional to {@code sizes} that sum to {@code total} (at most the sum of
   * sizes): each gets the floor of its quota, and the records left go to the largest remainders
   * (ties to the earlier stratum). Every target is within one record of its quota.
   */
  static long[] proportional(long[] sizes, long total) {
    BigInteger sum = BigInteger.valueOf(Arrays.stream(sizes).sum());
    long[] out = new long[sizes.length];
    BigInteger[] remainders = new BigInteger[sizes.length];
    long given = 0;
    for (int i = 0; i < sizes.length; i++) {
      BigInteger[] qr =
          BigInteger.valueOf(total).multiply(BigInteger.valueOf(sizes[i])).divideAndRemainder(sum);
      out[i] = qr[0].longValueExact();
      remainders[i] = qr[1];
      given += out[i];
    }
    long left = total - given;
    Integer[] order = IntStream.range(0, sizes.length).boxed().toArray(Integer[]::new);
    Arrays.sort(order, Comparator.comparing((Integer i) -> remainders[i]).reversed());
    for (int k = 0; k < left; k++) {
      out[order[k]]++;
    }
    return out;
  }

  /**
   * Integer water filling: the same number of records from every stratum, a smaller stratum giving
   * all it has; the targets sum to {@code total} (at most the sum of sizes), and the strata that
   * are not exhausted differ by at most one (the extra records go to the earlier strata).
   */
  static long[] uniform(long[] sizes, long total) {
    long[] out = new long[sizes.length];
    Integer[] bySize = IntStream.range(0, sizes.length).boxed().toArray(Integer[]::new);
    Arrays.sort(bySize, Comparator.comparingLong((Integer i) -> sizes[i]).thenComparing(i -> i));
    long remaining = total;
    int k = 0;
    for (; k < bySize.length; k++) {
      long share = remaining / (bySize.length - k);
      if (sizes[bySize[k]] > share) {
        break;
      }
      out[bySize[k]] = sizes[bySize[k]];
      remaining -= sizes[bySize[k]];
    }
    int open = bySize.length - k;
    if (open > 0) {
      long level = remaining / open;
      long extra = remaining % open;
      Integer[] rest = Arrays.copyOfRange(bySize, k, bySize.length);
      Arrays.sort(rest);
      for (int j = 0; j < rest.length; j++) {
        out[rest[j]] = level + (j < extra ? 1 : 0);
      }
    }
    return out;
  }

  /** Real water filling: targets {@code min(size, level)} that sum to {@code total}. */
  static double[] uniformReal(long[] sizes, double total) {
    double[] out = new double[sizes.length];
    Integer[] bySize = IntStream.range(0, sizes.length).boxed().toArray(Integer[]::new);
    Arrays.sort(bySize, Comparator.comparingLong((Integer i) -> sizes[i]));
    double remaining = total;
    int k = 0;
    for (; k < bySize.length; k++) {
      double share = remaining / (bySize.length - k);
      if (sizes[bySize[k]] > share) {
        break;
      }
      out[bySize[k]] = sizes[bySize[k]];
      remaining -= sizes[bySize[k]];
    }
    int open = bySize.length - k;
    for (int j = k; j < bySize.length; j++) {
      out[bySize[j]] = remaining / open;
    }
    return out;
  }

  private static double[] toDoubles(long[] values) {
    return Arrays.stream(values).mapToDouble(v -> v).toArray();
  }
}
