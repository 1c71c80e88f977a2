package dev.wick.profiler.internal;

import java.io.Serializable;

/**
 * The mergeable state of one field: exact counters and moments plus serialized sketches. A
 * partition's {@link FieldAccumulator} ends in one; summaries of partitions (or of whole profiles,
 * see {@link ProfileMerger}) merge pairwise, and the merged one becomes the field's profile in
 * {@link ProfileAssembler}.
 *
 * <p>Moments merge with Chan, Golub and LeVeque's pairwise update of the mean and the sum of
 * squared deviations, so merging stays accurate for any split of the data.
 */
final class FieldSummary implements Serializable {
  private static final long serialVersionUID = 1L;

  long count;
  long nulls;

  // Distribution of finite numeric values (or sizes, or epoch days / microseconds).
  long n;
  double mean;
  double m2;
  double min = Double.POSITIVE_INFINITY;
  double max = Double.NEGATIVE_INFINITY;
  long zeros;
  long nan;
  long infinite;

  // Lengths of text (characters) or binary (bytes) values.
  long lengths;
  long empty;
  long minLength = Long.MAX_VALUE;
  long maxLength = -1;
  double sumLength;

  // Booleans are counted exactly.
  long trues;
  long falses;

  // Semantic type verdicts.
  long checked;
  long valid;

  /** Whether frequent values were tracked on a sample of a high-cardinality stream. */
  boolean sampled;

  byte[] hll;
  byte[] kll;
  byte[] items;

  /** Adds one finite value to the moments (Welford's update). */
  void addNumber(double v) {
    n++;
    double delta = v - mean;
    mean += delta / n;
    m2 += delta * (v - mean);
    if (v < min) {
      min = v;
    }
    if (v > max) {
      max = v;
    }
    if (v == 0) {
      zeros++;
    }
  }

  void addLength(long length) {
    addLength(length, 1);
  }

  /** Adds {@code copies} values of {@code length} characters (or bytes). */
  void addLength(long length, long copies) {
    lengths += copies;
    sumLength += length * copies;
    if (length == 0) {
      empty += copies;
    }
    if (length < minLength) {
      minLength = length;
    }
    if (length > maxLength) {
      maxLength = length;
    }
  }

  /**
   * Merges {@code o} into this summary and returns this; {@code path} names the field in errors.
   */
  FieldSummary merge(FieldSummary o, String path) {
    count += o.count;
    nulls += o.nulls;
    if (o.n > 0) {
      if (n == 0) {
        mean = o.mean;
        m2 = o.m2;
      } else {
        double total = (double) n + o.n;
        double delta = o.mean - mean;
        mean += delta * o.n / total;
        m2 += o.m2 + delta * delta * ((double) n * o.n / total);
      }
      n += o.n;
      min = Math.min(min, o.min);
      max = Math.max(max, o.max);
    }
    zeros += o.zeros;
    nan += o.nan;
    infinite += o.infinite;
    lengths += o.lengths;
    empty += o.empty;
    minLength = Math.min(minLength, o.minLength);
    maxLength = Math.max(maxLength, o.maxLength);
    sumLength += o.sumLength;
    trues += o.trues;
    falses += o.falses;
    checked += o.checked;
    valid += o.valid;
    sampled |= o.sampled;
    hll = hll == null ? o.hll : o.hll == null ? hll : Sketches.mergeHll(hll, o.hll, path);
    kll = kll == null ? o.kll : o.kll == null ? kll : Sketches.mergeKll(kll, o.kll, path);
    items =
        items == null
            ? o.items
            : o.items == null ? items : Sketches.mergeItems(items, o.items, path);
    return this;
  }
}
