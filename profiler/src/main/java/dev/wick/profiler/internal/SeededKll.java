package dev.wick.profiler.internal;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.datasketches.kll.KllDoublesSketch;
import org.apache.datasketches.quantilescommon.QuantilesDoublesSketchIterator;

/**
 * A KLL quantiles sketch of doubles whose coin flips come from a seeded generator, so that the same
 * values in the same order give the same sketch, byte for byte.
 *
 * <p>Why not DataSketches' own {@code KllDoublesSketch} for updating and merging: its compactions
 * draw from one unseeded {@code java.util.Random} shared by every sketch in the JVM (there is no
 * seeding API in datasketches-java 6.2.0), so two profiles of the same data differed in their
 * quantiles and in the drift between them. This class keeps the KLL algorithm (Karnin, Lang and
 * Liberty, "Optimal Quantile Approximation in Streams", 2016) with DataSketches' parameters: levels
 * of sorted items, level {@code h} holding items of weight {@code 2^h}; the level at depth {@code
 * d} from the top holds {@code max(m, round(k * (2/3)^d))} items; when all levels together are
 * full, the lowest full level is sorted and halved (every other item, starting at a coin-flipped
 * offset) into the level above. It writes the sketch in DataSketches' compact serialization, so
 * every reader ({@code KllDoublesSketch.heapify}, drift, HTML) reads it as a KLL sketch with the
 * same error guarantees, and it reads sketches DataSketches wrote (older profiles).
 */
final class SeededKll {
  private static final int M = 8;
  private static final byte FAMILY = 15;
  private static final int SORTED_LEVEL_ZERO = 2;

  private final int k;
  private SplittableRandom random;
  private double[][] levels = new double[1][];
  private int[] sizes = new int[1];
  private long n;
  private int retained;
  private int capacity;
  private double min = Double.NaN;
  private double max = Double.NaN;

  SeededKll(int k, long seed) {
    this.k = k;
    this.random = new SplittableRandom(seed);
    levels[0] = new double[Math.max(M, k)];
    capacity = totalCapacity(k, 1);
  }

  /** Adds one value (never NaN: callers count NaN apart). */
  void update(double v) {
    if (n == 0) {
      min = v;
      max = v;
    } else {
      min = Math.min(min, v);
      max = Math.max(max, v);
    }
    n++;
    append(0, v);
    if (retained >= capacity) {
      compress();
    }
  }

  long n() {
    return n;
  }

  private void append(int level, double v) {
    if (sizes[level] == levels[level].length) {
      levels[level] = Arrays.copyOf(levels[level], Math.max(M, levels[level].length * 2));
    }
    levels[level][sizes[level]++] = v;
    retained++;
  }

  /** Compacts while all levels together hold as many items as they have room for. */
  private void compress() {
    while (retained >= capacity) {
      compactOnce();
    }
  }

  /** Adds empty levels up to {@code count} levels in all. */
  private void grow(int count) {
    int from = levels.length;
    if (count <= from) {
      return;
    }
    levels = Arrays.copyOf(levels, count);
    sizes = Arrays.copyOf(sizes, count);
    for (int h = from; h < count; h++) {
      levels[h] = new double[M];
    }
    capacity = totalCapacity(k, count);
  }

  private void compactOnce() {
    int numLevels = levels.length;
    int h = 0;
    while (sizes[h] < levelCapacity(k, numLevels, h)) {
      h++;
    }
    if (h == numLevels - 1) {
      grow(numLevels + 1);
    }
    double[] items = levels[h];
    int size = sizes[h];
    Arrays.sort(items, 0, size); // levels above zero are sorted already: a cheap pass
    int keep = size & 1; // an odd item stays behind: the smallest
    int pairs = (size - keep) / 2;
    int offset = random.nextInt(2);
    double[] promoted = new double[pairs];
    for (int i = 0; i < pairs; i++) {
      promoted[i] = items[keep + 2 * i + offset];
    }
    sizes[h] = keep;
    retained -= size - keep;
    mergeSorted(h + 1, promoted, pairs);
  }

  /** Merges {@code count} sorted items into the sorted level {@code level}. */
  private void mergeSorted(int level, double[] add, int count) {
    double[] old = levels[level];
    int oldSize = sizes[level];
    double[] out = new double[Math.max(M, oldSize + count)];
    int i = 0;
    int j = 0;
    int o = 0;
    while (i < oldSize && j < count) {
      out[o++] = old[i] <= add[j] ? old[i++] : add[j++];
    }
    while (i < oldSize) {
      out[o++] = old[i++];
    }
    while (j < count) {
      out[o++] = add[j++];
    }
    levels[level] = out;
    retained += o - oldSize;
    sizes[level] = o;
  }

  /** Merges {@code other} into this sketch. */
  void merge(SeededKll other) {
    if (other.n == 0) {
      return;
    }
    if (n == 0) {
      min = other.min;
      max = other.max;
    } else {
      min = Math.min(min, other.min);
      max = Math.max(max, other.max);
    }
    n += other.n;
    grow(other.levels.length);
    for (int i = 0; i < other.sizes[0]; i++) {
      append(0, other.levels[0][i]);
    }
    for (int h = 1; h < other.levels.length; h++) {
      double[] add = Arrays.copyOf(other.levels[h], other.sizes[h]);
      Arrays.sort(add);
      mergeSorted(h, add, add.length);
    }
    compress();
  }

  /** The sketch in DataSketches' compact serialization ({@code KllDoublesSketch.heapify}). */
  byte[] toByteArray() {
    if (n == 0) {
      ByteBuffer b = header(8, 2, 1, 1);
      return b.array();
    }
    if (n == 1) {
      ByteBuffer b = header(16, 2, 2, 4);
      b.putDouble(8, min);
      return b.array();
    }
    int numLevels = levels.length;
    int bytes = 20 + 4 * numLevels + 16 + 8 * retained;
    ByteBuffer b = header(bytes, 5, 1, sizes[0] <= 1 ? SORTED_LEVEL_ZERO : 0);
    b.putLong(8, n);
    b.putShort(16, (short) k);
    b.put(18, (byte) numLevels);
    int start = totalCapacity(k, numLevels) - retained;
    int at = 20;
    for (int h = 0; h < numLevels; h++) {
      b.putInt(at, start);
      at += 4;
      start += sizes[h];
    }
    b.putDouble(at, min);
    b.putDouble(at + 8, max);
    at += 16;
    for (int h = 0; h < numLevels; h++) {
      for (int i = 0; i < sizes[h]; i++) {
        b.putDouble(at, levels[h][i]);
        at += 8;
      }
    }
    return b.array();
  }

  private ByteBuffer header(int bytes, int preInts, int serVer, int flags) {
    ByteBuffer b = ByteBuffer.allocate(bytes).order(ByteOrder.LITTLE_ENDIAN);
    b.put(0, (byte) preInts);
    b.put(1, (byte) serVer);
    b.put(2, FAMILY);
    b.put(3, (byte) flags);
    b.putShort(4, (short) k);
    b.put(6, (byte) M);
    return b;
  }

  /**
   * The sketch a serialized KLL sketch holds (written by this class or by DataSketches), drawing
   * its later coin flips from {@code seed}; {@code field} names it in the error for damaged bytes.
   */
  static SeededKll read(byte[] bytes, long seed, String field) {
    KllDoublesSketch s = Sketches.kll(bytes, field);
    SeededKll out = new SeededKll(Math.min(s.getK(), Sketches.KLL_K), seed);
    if (s.isEmpty()) {
      return out;
    }
    out.n = s.getN();
    out.min = s.getMinItem();
    out.max = s.getMaxItem();
    QuantilesDoublesSketchIterator it = s.iterator();
    while (it.next()) {
      int level = Long.numberOfTrailingZeros(it.getWeight());
      out.grow(level + 1);
      out.append(level, it.getQuantile());
    }
    for (int h = 1; h < out.levels.length; h++) {
      Arrays.sort(out.levels[h], 0, out.sizes[h]);
    }
    out.compress();
    return out;
  }

  /**
   * Merges two serialized sketches deterministically: the coin flips are seeded by the field's path
   * and both sketches' counts, so the same two sketches always merge into the same bytes.
   */
  static byte[] merge(byte[] a, byte[] b, String field) {
    SeededKll left = read(a, 0L, field);
    SeededKll right = read(b, 1L, field);
    left.random = new SplittableRandom(seed(field, left.n, right.n));
    left.merge(right);
    return left.toByteArray();
  }

  /**
   * Merges serialized sketches in their order, deterministically (the first one's size seeds it).
   */
  static byte[] mergeAll(List<byte[]> sketches, String field) {
    SeededKll out = read(sketches.get(0), seed(field, sketches.size()), field);
    for (int i = 1; i < sketches.size(); i++) {
      out.merge(read(sketches.get(i), i, field));
    }
    return out.toByteArray();
  }

  /** Items the level {@code height} of {@code numLevels} levels holds at most. */
  static int levelCapacity(int k, int numLevels, int height) {
    int depth = numLevels - height - 1;
    return (int) Math.max(M, capacityAtDepth(k, depth));
  }

  /** All levels' capacities together. */
  static int totalCapacity(int k, int numLevels) {
    long total = 0;
    for (int h = 0; h < numLevels; h++) {
      total += levelCapacity(k, numLevels, h);
    }
    return (int) total;
  }

  /** {@code k * (2/3)^depth}, rounded half up, in integer arithmetic. */
  private static long capacityAtDepth(long k, int depth) {
    if (depth > 30) {
      int half = depth / 2;
      return capacityAtDepth(capacityAtDepth(k, half), depth - half);
    }
    long twiceScaled = ((2 * k) << depth) / pow3(depth);
    return (twiceScaled + 1) >>> 1;
  }

  private static long pow3(int e) {
    long p = 1;
    for (int i = 0; i < e; i++) {
      p *= 3;
    }
    return p;
  }

  /** A 64-bit seed from a field's path and more numbers (a partition, two counts). */
  static long seed(String path, long... more) {
    long h = 0x243F6A8885A308D3L;
    for (int i = 0; i < path.length(); i++) {
      h = mix(h ^ path.charAt(i));
    }
    for (long x : more) {
      h = mix(h ^ x);
    }
    return h;
  }

  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
