package dev.wick.profiler.internal;

import dev.wick.core.WickException;
import org.apache.datasketches.common.ArrayOfStringsSerDe;
import org.apache.datasketches.frequencies.ItemsSketch;
import org.apache.datasketches.hll.HllSketch;
import org.apache.datasketches.hll.TgtHllType;
import org.apache.datasketches.hll.Union;
import org.apache.datasketches.kll.KllDoublesSketch;
import org.apache.datasketches.memory.Memory;

/**
 * Reading, writing and merging the sketches a profile keeps. A sketch that cannot be read (a
 * hand-edited or truncated profile) is a usage error naming the field.
 */
public final class Sketches {
  /** HyperLogLog precision: 2^12 buckets, about 1.6% relative standard error. */
  public static final int HLL_LG_K = 12;

  /** KLL accuracy parameter: about 1.3% normalized rank error at 99% confidence. */
  public static final int KLL_K = 200;

  private static final ArrayOfStringsSerDe STRINGS = new ArrayOfStringsSerDe();

  private Sketches() {}

  public static HllSketch hll(byte[] bytes, String field) {
    try {
      return HllSketch.heapify(Memory.wrap(bytes));
    } catch (RuntimeException e) {
      throw unreadable("distinct-count", field, e);
    }
  }

  public static KllDoublesSketch kll(byte[] bytes, String field) {
    try {
      return KllDoublesSketch.heapify(Memory.wrap(bytes));
    } catch (RuntimeException e) {
      throw unreadable("quantiles", field, e);
    }
  }

  public static ItemsSketch<String> items(byte[] bytes, String field) {
    try {
      return ItemsSketch.getInstance(Memory.wrap(bytes), STRINGS);
    } catch (RuntimeException e) {
      throw unreadable("frequent-items", field, e);
    }
  }

  public static byte[] bytes(ItemsSketch<String> sketch) {
    return sketch.toByteArray(STRINGS);
  }

  public static byte[] mergeHll(byte[] a, byte[] b, String field) {
    Union u = new Union(HLL_LG_K);
    u.update(hll(a, field));
    u.update(hll(b, field));
    return u.getResult(TgtHllType.HLL_4).toCompactByteArray();
  }

  /** Merges two KLL sketches into the same bytes every time (see {@link SeededKll}). */
  public static byte[] mergeKll(byte[] a, byte[] b, String field) {
    return SeededKll.merge(a, b, field);
  }

  public static byte[] mergeItems(byte[] a, byte[] b, String field) {
    ItemsSketch<String> left = items(a, field);
    left.merge(items(b, field));
    return bytes(left);
  }

  /** The normalized rank error of a KLL sketch's CDF: 0 while it still holds every value. */
  public static double rankError(KllDoublesSketch s) {
    return s.isEstimationMode() ? s.getNormalizedRankError(false) : 0.0;
  }

  private static WickException unreadable(String what, String field, RuntimeException e) {
    return WickException.usage(
        "The "
            + what
            + " sketch of field '"
            + field
            + "' cannot be read ("
            + e.getMessage()
            + "); the profile is damaged, write it again with 'wick profile'.",
        e);
  }
}
