package dev.wick.bigdiff;

import java.util.List;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.catalyst.expressions.objects.StaticInvoke;
import org.apache.spark.sql.classic.ExpressionUtils;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.unsafe.types.UTF8String;
import scala.Option;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The Levenshtein distance of two texts in code points, with the work per pair bounded by {@link
 * #CELLS}. It is public only because Spark's generated code calls {@link #distance}.
 *
 * <p>The common prefix and suffix are trimmed first (linear in the lengths); the rest is compared
 * exactly when the product of the two remaining lengths is at most {@link #CELLS}. Past that, a
 * band of the dynamic program around its diagonal, as wide as the budget allows, gives the exact
 * distance when it is within the band, and otherwise a lower bound: the band's width plus one, or
 * the difference of the lengths, whichever is larger. A lower bound is returned negated, so that
 * one call answers both the distance and whether it is exact.
 */
public final class TextDistance {
  /**
   * Cells of the dynamic program computed per pair at most: exact for any two texts that still
   * differ in at most 4,096 code points each once their common prefix and suffix are trimmed.
   */
  static final long CELLS = 4096L * 4096L;

  /** The length in code points below which two trimmed texts are always compared exactly. */
  static final int LIMIT = 4096;

  private TextDistance() {}

  /**
   * As a Catalyst expression: the distance of two string columns, negated when it is a lower bound;
   * null when either is null.
   */
  static Column column(Column l, Column r) {
    StaticInvoke call =
        new StaticInvoke(
            TextDistance.class,
            DataTypes.IntegerType,
            "distance",
            CollectionConverters.asScala(
                    List.of(ExpressionUtils.expression(l), ExpressionUtils.expression(r)))
                .toList(),
            CollectionConverters.asScala(
                    List.<org.apache.spark.sql.types.AbstractDataType>of(
                        DataTypes.StringType, DataTypes.StringType))
                .toList(),
            true,
            false,
            true,
            Option.empty());
    return ExpressionUtils.column(call);
  }

  /** The distance of {@code l} and {@code r}, negated when it is only a lower bound. */
  public static int distance(UTF8String l, UTF8String r) {
    byte[] a = l.getBytes();
    byte[] b = r.getBytes();
    int n = Math.min(a.length, b.length);
    int prefix = 0;
    while (prefix < n && a[prefix] == b[prefix]) {
      prefix++;
    }
    // Back to the start of a code point: equal bytes before it decode the same on both sides.
    while (prefix > 0 && (continuation(at(a, prefix)) || continuation(at(b, prefix)))) {
      prefix--;
    }
    int suffix = 0;
    while (suffix < n - prefix && a[a.length - 1 - suffix] == b[b.length - 1 - suffix]) {
      suffix++;
    }
    // Forward to the start of a code point (the suffix's bytes are equal on both sides).
    while (suffix > 0 && continuation(a[a.length - suffix])) {
      suffix--;
    }
    int[] x = codePoints(a, prefix, a.length - suffix);
    int[] y = codePoints(b, prefix, b.length - suffix);
    return trimmed(x, y);
  }

  private static byte at(byte[] bytes, int i) {
    return i < bytes.length ? bytes[i] : 0;
  }

  private static boolean continuation(byte b) {
    return (b & 0xC0) == 0x80;
  }

  private static int[] codePoints(byte[] bytes, int from, int to) {
    return new String(bytes, from, to - from, java.nio.charset.StandardCharsets.UTF_8)
        .codePoints()
        .toArray();
  }

  /** The distance of two texts with no common prefix or suffix, negated when a lower bound. */
  static int trimmed(int[] x, int[] y) {
    if (x.length > y.length) {
      int[] t = x;
      x = y;
      y = t;
    }
    int m = x.length;
    int n = y.length;
    if (m == 0) {
      return n;
    }
    if ((long) m * n <= CELLS) {
      return full(x, y);
    }
    // The band holds the cells within k of the diagonal: (2k + 1) * n of them at most.
    long k = Math.max(0, (CELLS / n - 1) / 2);
    if (k < n - m) {
      return -Math.max(n - m, 1);
    }
    int d = banded(x, y, (int) k);
    return d >= 0 ? d : -(int) Math.max(k + 1, n - m);
  }

  private static int full(int[] x, int[] y) {
    int[] prev = new int[x.length + 1];
    int[] cur = new int[x.length + 1];
    for (int i = 0; i <= x.length; i++) {
      prev[i] = i;
    }
    for (int j = 1; j <= y.length; j++) {
      cur[0] = j;
      int c = y[j - 1];
      for (int i = 1; i <= x.length; i++) {
        int sub = prev[i - 1] + (x[i - 1] == c ? 0 : 1);
        cur[i] = Math.min(sub, Math.min(prev[i], cur[i - 1]) + 1);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[x.length];
  }

  /**
   * The distance when it is at most {@code k}, else -1: the dynamic program over the cells within
   * {@code k} of the diagonal ({@code x} no longer than {@code y}).
   */
  static int banded(int[] x, int[] y, int k) {
    int m = x.length;
    int n = y.length;
    int big = Integer.MAX_VALUE / 2;
    int[] prev = new int[m + 1];
    int[] cur = new int[m + 1];
    for (int i = 0; i <= m; i++) {
      prev[i] = i <= k ? i : big;
    }
    for (int j = 1; j <= n; j++) {
      int lo = Math.max(1, j - k);
      int hi = Math.min(m, j + k);
      if (lo > hi) {
        return -1;
      }
      cur[0] = j <= k ? j : big;
      if (lo > 1) {
        cur[lo - 1] = big;
      }
      int c = y[j - 1];
      int best = cur[0];
      for (int i = lo; i <= hi; i++) {
        int sub = prev[i - 1] + (x[i - 1] == c ? 0 : 1);
        int v = Math.min(sub, Math.min(prev[i], cur[i - 1]) + 1);
        cur[i] = v;
        best = Math.min(best, v);
      }
      if (hi < m) {
        cur[hi + 1] = big;
      }
      if (best > k) {
        return -1;
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[m] <= k ? prev[m] : -1;
  }
}
