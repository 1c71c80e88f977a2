package dev.wick.profiler.internal;

import dev.wick.core.schema.SemanticSpec;
import dev.wick.core.validation.SemanticType;
import dev.wick.core.validation.SemanticTypes;
import dev.wick.profiler.FieldKind;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import org.apache.datasketches.frequencies.ItemsSketch;
import org.apache.datasketches.hll.HllSketch;
import org.apache.datasketches.hll.TgtHllType;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;
import org.apache.spark.sql.catalyst.expressions.XXH64;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Profiles one field's values within one partition: exact counters and moments, and live
 * DataSketches (HLL of the values' 64-bit xxHash, KLL of the numeric values, frequent items of text
 * values), serialized into a {@link FieldSummary} when the partition ends.
 *
 * <p>Three costs dominate a profile of text: decoding each value to a Java {@code String} for the
 * frequent-items sketch, updating the sketches once per value, and the frequent-items sketch's
 * purges once it tracks more distinct values than it has room for. While a field has seen at most
 * {@value #EXACT_LIMIT} distinct values in this partition they are counted exactly in a hash map
 * keyed by Spark's own bytes (a repeated value costs one lookup: it is not decoded, not hashed into
 * the HLL sketch again, which would not change it, and its length is remembered); the counts go
 * into the frequent-items sketch, as weighted updates, when the partition ends or the field
 * outgrows the map. For the purges, once the sketch has purged and seen {@value #SAMPLE_AFTER}
 * values in this partition, it is fed every {@value #STRIDE}th value with weight {@value #STRIDE}.
 * The frequent values of such a field (which only exist in high-cardinality data) are then
 * estimates, as the sketch's counts already were; low-cardinality fields stay exact.
 *
 * <p>The HLL sketch is kept as {@code HLL_8} while updating (one byte per bucket, the cheapest
 * update) and stored as the compact {@code HLL_4}, which holds the same registers.
 */
final class FieldAccumulator {
  static final int SAMPLE_AFTER = 1 << 16;
  static final int STRIDE = 8;
  private static final long HASH_SEED = 42L;
  static final int EXACT_LIMIT = 4096;

  private final ColumnSpec spec;
  private final FieldSummary s = new FieldSummary();
  private final HllSketch hll;
  private final SeededKll kll;
  private final ItemsSketch<String> items;
  private final SemanticType semantic;

  /** Exact counts of a text field's values while it has few: {count, length in characters}. */
  private Map<UTF8String, long[]> exact;

  private long itemUpdates;
  private int stride = 1;
  private int skipped;

  /**
   * An accumulator of the field {@code spec} in the partition {@code partition}, whose number seeds
   * the quantile sketch's coin flips (with the field's path): the same partition of the same data
   * gives the same sketch.
   */
  FieldAccumulator(ColumnSpec spec, int itemsMapSize, int partition) {
    this.spec = spec;
    FieldKind kind = spec.kind();
    boolean readsValues = spec.valueType() != ValueType.NULL_FLAG;
    boolean distribution = readsValues && kind.hasDistribution();
    this.kll =
        distribution ? new SeededKll(Sketches.KLL_K, SeededKll.seed(spec.path(), partition)) : null;
    boolean distinct = readsValues && kind.hasDistinctCount();
    this.hll = distinct ? new HllSketch(Sketches.HLL_LG_K, TgtHllType.HLL_8) : null;
    boolean topValues = readsValues && spec.topValues();
    this.items = topValues ? new ItemsSketch<>(itemsMapSize) : null;
    this.exact = spec.valueType() == ValueType.STRING && hll != null ? new HashMap<>() : null;
    this.semantic =
        !readsValues || spec.semantic() == null || spec.validOrdinal() >= 0
            ? null
            : resolveSemantic(spec);
  }

  private static SemanticType resolveSemantic(ColumnSpec spec) {
    if (spec.shippedType() != null) {
      return (SemanticType) spec.shippedType();
    }
    return SemanticTypes.create(SemanticSpec.parse(spec.semantic()), spec.path());
  }

  /**
   * Adds the value at {@code ordinal} of {@code values}; the semantic type's verdict on it, when
   * Catalyst computed one, is at {@code verdictOrdinal} of {@code verdicts} (else null).
   */
  void add(
      SpecializedGetters values, int ordinal, SpecializedGetters verdicts, int verdictOrdinal) {
    s.count++;
    if (values.isNullAt(ordinal)) {
      s.nulls++;
      return;
    }
    switch (spec.valueType()) {
      case BYTE -> integral(values.getByte(ordinal));
      case SHORT -> integral(values.getShort(ordinal));
      case INT, DATE -> integral(values.getInt(ordinal));
      case LONG, TIMESTAMP, TIMESTAMP_NTZ -> integral(values.getLong(ordinal));
      case FLOAT -> floating(values.getFloat(ordinal));
      case DOUBLE -> floating(values.getDouble(ordinal));
      case DECIMAL -> decimal(values.getDecimal(ordinal, spec.precision(), spec.scale()));
      case STRING -> text(values.getUTF8String(ordinal));
      case BINARY -> binary(values.getBinary(ordinal));
      case BOOLEAN -> {
        if (values.getBoolean(ordinal)) {
          s.trues++;
        } else {
          s.falses++;
        }
      }
      case NULL_FLAG -> {
        if (values.getBoolean(ordinal)) {
          s.nulls++;
        }
        return;
      }
    }
    if (verdicts != null) {
      if (!verdicts.isNullAt(verdictOrdinal)) {
        s.checked++;
        if (verdicts.getBoolean(verdictOrdinal)) {
          s.valid++;
        }
      }
    } else if (semantic != null) {
      s.checked++;
      if (semantic.check(javaValue(values, ordinal)).isEmpty()) {
        s.valid++;
      }
    }
  }

  private void integral(long v) {
    double d = v;
    s.addNumber(d);
    if (kll != null) {
      kll.update(d);
    }
    if (hll != null) {
      hll.update(v);
    }
  }

  private void floating(double v) {
    if (Double.isNaN(v)) {
      s.nan++;
      return;
    }
    if (Double.isInfinite(v)) {
      s.infinite++;
      return;
    }
    double d = v == 0.0 ? 0.0 : v; // one zero: -0.0 and 0.0 count as one distinct value
    s.addNumber(d);
    kll.update(d);
    hll.update(d);
  }

  private void decimal(Decimal v) {
    double d = v.toDouble();
    s.addNumber(d);
    kll.update(d);
    if (v.precision() <= Decimal.MAX_LONG_DIGITS()) {
      hll.update(v.toUnscaledLong());
    } else {
      hll.update(v.toJavaBigDecimal().unscaledValue().toByteArray());
    }
  }

  /**
   * Whether {@code more} new distinct text values can still be counted exactly, with nothing else
   * to check per value (no semantic type): then {@link #addTextCopies} gives what as many single
   * values would.
   */
  boolean countsTextExactly(int more) {
    return exact != null && semantic == null && exact.size() + more <= EXACT_LIMIT;
  }

  /** Adds {@code copies} copies of the text {@code v}, while {@link #countsTextExactly}. */
  void addTextCopies(UTF8String v, long copies) {
    s.count += copies;
    long[] seen = exact.get(v);
    if (seen != null) {
      seen[0] += copies;
      s.addLength(seen[1], copies);
      return;
    }
    int length = Utf8.numChars(v);
    exact.put(v.copy(), new long[] {copies, length});
    s.addLength(length, copies);
    hll.update(XXH64.hashUTF8String(v, HASH_SEED));
  }

  /** Adds {@code n} null values. */
  void addNulls(long n) {
    s.count += n;
    s.nulls += n;
  }

  private void text(UTF8String v) {
    if (exact != null) {
      long[] seen = exact.get(v);
      if (seen != null) {
        seen[0]++;
        s.addLength(seen[1]);
        return; // already in the HLL sketch, which a repeat would not change
      }
      if (exact.size() < EXACT_LIMIT) {
        int length = Utf8.numChars(v);
        exact.put(v.copy(), new long[] {1, length});
        s.addLength(length);
        hll.update(XXH64.hashUTF8String(v, HASH_SEED));
        return;
      }
      flushExact(); // too many distinct values to count exactly: on to the sketch alone
    }
    s.addLength(Utf8.numChars(v));
    hll.update(XXH64.hashUTF8String(v, HASH_SEED));
    if (items == null) {
      return;
    }
    if (stride > 1) {
      if (++skipped < stride) {
        return;
      }
      skipped = 0;
      items.update(v.toString(), stride);
      return;
    }
    items.update(v.toString());
    if ((++itemUpdates & 4095) == 0 && itemUpdates >= SAMPLE_AFTER && items.getMaximumError() > 0) {
      stride = STRIDE;
      s.sampled = true;
    }
  }

  /** Moves the exact counts into the frequent-items sketch and stops counting exactly. */
  private void flushExact() {
    if (items != null) {
      for (Map.Entry<UTF8String, long[]> e : exact.entrySet()) {
        long n = e.getValue()[0];
        items.update(e.getKey().toString(), n);
        itemUpdates += n;
      }
    }
    exact = null;
  }

  private void binary(byte[] v) {
    s.addLength(v.length);
    hll.update(v);
  }

  /** The value in the Java form semantic types check. */
  private Object javaValue(SpecializedGetters g, int i) {
    return switch (spec.valueType()) {
      case BYTE -> (int) g.getByte(i);
      case SHORT -> (int) g.getShort(i);
      case INT -> g.getInt(i);
      case DATE -> LocalDate.ofEpochDay(g.getInt(i));
      case LONG -> g.getLong(i);
      case TIMESTAMP -> micros(g.getLong(i));
      case TIMESTAMP_NTZ -> LocalDateTime.ofInstant(micros(g.getLong(i)), ZoneOffset.UTC);
      case FLOAT -> g.getFloat(i);
      case DOUBLE -> g.getDouble(i);
      case DECIMAL -> g.getDecimal(i, spec.precision(), spec.scale()).toJavaBigDecimal();
      case STRING -> g.getUTF8String(i).toString();
      case BINARY -> g.getBinary(i);
      case BOOLEAN -> g.getBoolean(i);
      case NULL_FLAG -> throw new IllegalStateException("records have no semantic value");
    };
  }

  private static Instant micros(long micros) {
    return Instant.ofEpochSecond(
        Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000L);
  }

  /** The partition's summary, sketches serialized. */
  FieldSummary finish() {
    if (exact != null) {
      flushExact();
    }
    if (hll != null) {
      s.hll = hll.copyAs(TgtHllType.HLL_4).toCompactByteArray();
    }
    if (kll != null) {
      s.kll = kll.toByteArray();
    }
    if (items != null) {
      s.items = Sketches.bytes(items);
    }
    return s;
  }
}
