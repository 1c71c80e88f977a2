package dev.wick.profiler;

import java.util.Arrays;
import java.util.Optional;

/**
 * The serialized DataSketches of one field, kept in the profile so that profiles can be merged and
 * compared without the data: a HyperLogLog sketch of the distinct values (of their 64-bit xxHash),
 * a KLL quantiles sketch of the numeric values (or sizes, or epoch days/microseconds), and a
 * frequent-items sketch of the values as text. Each is absent when the field has no such statistic
 * (or, for the frequent items, when the field is redacted).
 */
public final class FieldSketches {
  private static final FieldSketches NONE = new FieldSketches(null, null, null);

  private final byte[] hll;
  private final byte[] kll;
  private final byte[] items;

  private FieldSketches(byte[] hll, byte[] kll, byte[] items) {
    this.hll = hll == null ? null : hll.clone();
    this.kll = kll == null ? null : kll.clone();
    this.items = items == null ? null : items.clone();
  }

  /** Sketches from their serialized forms; any may be null. */
  public static FieldSketches of(byte[] hll, byte[] kll, byte[] items) {
    return hll == null && kll == null && items == null ? NONE : new FieldSketches(hll, kll, items);
  }

  /** No sketches. */
  public static FieldSketches none() {
    return NONE;
  }

  /** The HyperLogLog sketch ({@code HllSketch} compact form). */
  public Optional<byte[]> hll() {
    return Optional.ofNullable(hll).map(byte[]::clone);
  }

  /** The KLL quantiles sketch ({@code KllDoublesSketch}). */
  public Optional<byte[]> kll() {
    return Optional.ofNullable(kll).map(byte[]::clone);
  }

  /** The frequent-items sketch ({@code ItemsSketch<String>}, {@code ArrayOfStringsSerDe}). */
  public Optional<byte[]> items() {
    return Optional.ofNullable(items).map(byte[]::clone);
  }

  /** These sketches without the frequent items (for redacted fields). */
  public FieldSketches withoutItems() {
    return of(hll, kll, null);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof FieldSketches s
        && Arrays.equals(hll, s.hll)
        && Arrays.equals(kll, s.kll)
        && Arrays.equals(items, s.items);
  }

  @Override
  public int hashCode() {
    return 31 * (31 * Arrays.hashCode(hll) + Arrays.hashCode(kll)) + Arrays.hashCode(items);
  }

  @Override
  public String toString() {
    return "FieldSketches[hll="
        + (hll == null ? "-" : hll.length + "B")
        + ", kll="
        + (kll == null ? "-" : kll.length + "B")
        + ", items="
        + (items == null ? "-" : items.length + "B")
        + "]";
  }
}
