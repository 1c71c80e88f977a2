package dev.wick.core.validation.internal;

import static org.apache.spark.sql.functions.isnan;
import static org.apache.spark.sql.functions.lit;

import dev.wick.core.schema.DataType;
import dev.wick.core.schema.DataType.DecimalType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.apache.spark.sql.Column;

/**
 * A number within bounds: {@code range(min=, max=)} (inclusive, either may be left out), {@code
 * positive} ({@code > 0}) and {@code non_negative} ({@code >= 0}), for int, long, float, double and
 * decimal fields. NaN is never valid. Floating point values are compared as doubles, exactly as
 * Spark compares a float or double column with a double literal; integers and decimals exactly.
 */
final class NumericBoundType extends BuiltinType {
  private static final double OPEN_SPAN = 1e6;

  private final BigDecimal min;
  private final boolean minInclusive;
  private final BigDecimal max;
  private final boolean maxInclusive;

  private NumericBoundType(
      String name,
      String tail,
      BigDecimal min,
      boolean minInclusive,
      BigDecimal max,
      boolean maxInclusive) {
    super(name, tail);
    this.min = min;
    this.minInclusive = minInclusive;
    this.max = max;
    this.maxInclusive = maxInclusive;
  }

  static NumericBoundType range(Params params) {
    BigDecimal min = params.number("min").orElse(null);
    BigDecimal max = params.number("max").orElse(null);
    if (min == null && max == null) {
      throw new IllegalArgumentException("range needs min, max or both");
    }
    if (min != null && max != null && min.compareTo(max) > 0) {
      throw new IllegalArgumentException(
          "min " + min.toPlainString() + " is greater than max " + max.toPlainString());
    }
    String tail;
    if (min != null && max != null) {
      tail = "is not in [" + min.toPlainString() + ", " + max.toPlainString() + "]";
    } else if (min != null) {
      tail = "is below the minimum " + min.toPlainString();
    } else {
      tail = "is above the maximum " + max.toPlainString();
    }
    return new NumericBoundType("range", tail, min, true, max, true);
  }

  static NumericBoundType positive() {
    return new NumericBoundType("positive", "is not positive", BigDecimal.ZERO, false, null, true);
  }

  static NumericBoundType nonNegative() {
    return new NumericBoundType("non_negative", "is negative", BigDecimal.ZERO, true, null, true);
  }

  // ------------------------------------------------------------------ storage-specific bounds

  private static boolean isIntegral(DataType t) {
    return t instanceof DataType.IntType || t instanceof DataType.LongType;
  }

  private static boolean isFloating(DataType t) {
    return t instanceof DataType.FloatType || t instanceof DataType.DoubleType;
  }

  private static long typeMin(DataType t) {
    return t instanceof DataType.IntType ? Integer.MIN_VALUE : Long.MIN_VALUE;
  }

  private static long typeMax(DataType t) {
    return t instanceof DataType.IntType ? Integer.MAX_VALUE : Long.MAX_VALUE;
  }

  /** The smallest valid integer, or null when unbounded below. */
  private BigInteger integralLow() {
    if (min == null) {
      return null;
    }
    BigDecimal lo = min.setScale(0, RoundingMode.CEILING);
    if (!minInclusive && lo.compareTo(min) == 0) {
      lo = lo.add(BigDecimal.ONE);
    }
    return lo.toBigIntegerExact();
  }

  /** The largest valid integer, or null when unbounded above. */
  private BigInteger integralHigh() {
    if (max == null) {
      return null;
    }
    BigDecimal hi = max.setScale(0, RoundingMode.FLOOR);
    if (!maxInclusive && hi.compareTo(max) == 0) {
      hi = hi.subtract(BigDecimal.ONE);
    }
    return hi.toBigIntegerExact();
  }

  /** [lo, hi] of valid values in an integral storage type, clamped to the type's range. */
  private long[] integralSpan(DataType t) {
    BigInteger lo = integralLow();
    BigInteger hi = integralHigh();
    BigInteger typeLo = BigInteger.valueOf(typeMin(t));
    BigInteger typeHi = BigInteger.valueOf(typeMax(t));
    BigInteger l = lo == null ? typeLo : lo.max(typeLo);
    BigInteger h = hi == null ? typeHi : hi.min(typeHi);
    if (l.compareTo(typeHi) > 0 || h.compareTo(typeLo) < 0 || l.compareTo(h) > 0) {
      return null;
    }
    return new long[] {l.longValueExact(), h.longValueExact()};
  }

  /** [lo, hi] of valid unscaled values of a decimal type, or null when none is valid. */
  private BigInteger[] decimalSpan(DecimalType d) {
    BigInteger limit = BigInteger.TEN.pow(d.precision()).subtract(BigInteger.ONE);
    BigInteger lo = limit.negate();
    BigInteger hi = limit;
    if (min != null) {
      BigDecimal scaled = min.setScale(d.scale(), RoundingMode.CEILING);
      BigInteger u = scaled.unscaledValue();
      if (!minInclusive && scaled.compareTo(min) == 0) {
        u = u.add(BigInteger.ONE);
      }
      lo = lo.max(u);
    }
    if (max != null) {
      BigDecimal scaled = max.setScale(d.scale(), RoundingMode.FLOOR);
      BigInteger u = scaled.unscaledValue();
      if (!maxInclusive && scaled.compareTo(max) == 0) {
        u = u.subtract(BigInteger.ONE);
      }
      hi = hi.min(u);
    }
    return lo.compareTo(hi) > 0 ? null : new BigInteger[] {lo, hi};
  }

  @Override
  public boolean supports(DataType storage) {
    if (isIntegral(storage)) {
      return integralSpan(storage) != null;
    }
    if (storage instanceof DecimalType d) {
      return decimalSpan(d) != null;
    }
    return isFloating(storage) && doubleLow() <= doubleHigh();
  }

  private double doubleLow() {
    if (min == null) {
      return Double.NEGATIVE_INFINITY;
    }
    double d = min.doubleValue();
    return minInclusive ? d : Math.nextUp(d);
  }

  private double doubleHigh() {
    if (max == null) {
      return Double.POSITIVE_INFINITY;
    }
    double d = max.doubleValue();
    return maxInclusive ? d : Math.nextDown(d);
  }

  // ------------------------------------------------------------------ checking

  @Override
  boolean isValid(Object value) {
    if (value instanceof Double || value instanceof Float) {
      double d = ((Number) value).doubleValue();
      return !Double.isNaN(d) && d >= doubleLow() && d <= doubleHigh();
    }
    BigDecimal v;
    if (value instanceof BigDecimal b) {
      v = b;
    } else if (value instanceof BigInteger b) {
      v = new BigDecimal(b);
    } else {
      v = BigDecimal.valueOf(((Number) value).longValue());
    }
    if (min != null) {
      int c = v.compareTo(min);
      if (c < 0 || (c == 0 && !minInclusive)) {
        return false;
      }
    }
    if (max != null) {
      int c = v.compareTo(max);
      return c < 0 || (c == 0 && maxInclusive);
    }
    return true;
  }

  @Override
  Column predicate(Column value) {
    // Without the storage type: exclude NaN (which Spark orders above every number) and compare
    // with decimal literals, which Spark widens integral and decimal columns to exactly and
    // compares float and double columns with as doubles, as the Java check does.
    Column valid = isnan(value.cast("double")).unary_$bang();
    if (min != null) {
      Column bound = literal(min);
      valid = valid.and(minInclusive ? value.geq(bound) : value.gt(bound));
    }
    if (max != null) {
      Column bound = literal(max);
      valid = valid.and(maxInclusive ? value.leq(bound) : value.lt(bound));
    }
    return valid;
  }

  private static Column literal(BigDecimal bound) {
    return bound.precision() <= 38 ? lit(bound) : lit(bound.doubleValue());
  }

  @Override
  public Optional<Column> validWhen(Column value, DataType storage) {
    List<Column> parts = new ArrayList<>();
    if (isFloating(storage)) {
      parts.add(isnan(value).unary_$bang());
      if (min != null) {
        parts.add(
            minInclusive ? value.geq(lit(min.doubleValue())) : value.gt(lit(min.doubleValue())));
      }
      if (max != null) {
        parts.add(
            maxInclusive ? value.leq(lit(max.doubleValue())) : value.lt(lit(max.doubleValue())));
      }
    } else if (isIntegral(storage)) {
      long[] span = integralSpan(storage);
      if (span == null) {
        return Optional.of(alwaysFalse());
      }
      if (span[0] > typeMin(storage)) {
        parts.add(value.geq(lit(span[0])));
      }
      if (span[1] < typeMax(storage)) {
        parts.add(value.leq(lit(span[1])));
      }
    } else {
      if (min != null) {
        parts.add(minInclusive ? value.geq(lit(min)) : value.gt(lit(min)));
      }
      if (max != null) {
        parts.add(maxInclusive ? value.leq(lit(max)) : value.lt(lit(max)));
      }
    }
    return Optional.of(parts.stream().reduce(Column::and).orElse(lit(true)));
  }

  // ------------------------------------------------------------------ generating

  @Override
  public Object generateValid(SplittableRandom random, DataType storage) {
    if (isIntegral(storage)) {
      long[] span = integralSpan(storage);
      requireSpan(span != null, storage);
      long v = pick(random, span[0], span[1]);
      return storage instanceof DataType.IntType ? (Object) (int) v : (Object) v;
    }
    if (storage instanceof DecimalType d) {
      BigInteger[] span = decimalSpan(d);
      requireSpan(span != null, storage);
      return new BigDecimal(pick(random, span[0], span[1]), d.scale());
    }
    requireSpan(isFloating(storage), storage);
    double lo = doubleLow();
    double hi = doubleHigh();
    if (Double.isInfinite(lo)) {
      lo = Double.isInfinite(hi) ? -OPEN_SPAN : hi - OPEN_SPAN;
    }
    if (Double.isInfinite(hi)) {
      hi = lo + OPEN_SPAN;
    }
    int edge = random.nextInt(10);
    double d = edge == 0 ? lo : edge == 1 ? hi : lo + random.nextDouble() * (hi - lo);
    d = Math.min(Math.max(d, lo), hi);
    if (storage instanceof DataType.FloatType) {
      float f = (float) d;
      while (!isValid(f) && f < hi) {
        f = Math.nextUp(f);
      }
      while (!isValid(f)) {
        f = Math.nextDown(f);
      }
      return f;
    }
    return d;
  }

  private void requireSpan(boolean ok, DataType storage) {
    if (!ok) {
      throw new IllegalStateException(
          "No " + storage.describe() + " value satisfies " + name() + " (" + tail() + ")");
    }
  }

  private static long pick(SplittableRandom random, long lo, long hi) {
    int edge = random.nextInt(10);
    if (edge == 0) {
      return lo;
    }
    if (edge == 1) {
      return hi;
    }
    if (hi - lo >= 0 && hi - lo < Long.MAX_VALUE) {
      return lo + random.nextLong(hi - lo + 1);
    }
    while (true) {
      long v = random.nextLong();
      if (v >= lo && v <= hi) {
        return v;
      }
    }
  }

  private static BigInteger pick(SplittableRandom random, BigInteger lo, BigInteger hi) {
    int edge = random.nextInt(10);
    if (edge == 0) {
      return lo;
    }
    if (edge == 1) {
      return hi;
    }
    BigInteger span = hi.subtract(lo);
    while (true) {
      BigInteger r = new BigInteger(span.bitLength(), new java.util.Random(random.nextLong()));
      if (r.compareTo(span) <= 0) {
        return lo.add(r);
      }
    }
  }

  /** min(1000, hi - lo) for hi > lo, where the difference may overflow a long. */
  private static long room(long hi, long lo) {
    long d = hi - lo;
    return d <= 0 ? 1000 : Math.min(1000, d);
  }

  @Override
  public Optional<Object> generateInvalid(SplittableRandom random, DataType storage) {
    if (isIntegral(storage)) {
      long[] span = integralSpan(storage);
      long typeLo = typeMin(storage);
      long typeHi = typeMax(storage);
      List<Long> options = new ArrayList<>();
      if (span == null) {
        options.add(typeLo + random.nextLong(1000));
      } else {
        if (span[0] > typeLo) {
          options.add(span[0] - 1 - random.nextLong(room(span[0], typeLo)));
        }
        if (span[1] < typeHi) {
          options.add(span[1] + 1 + random.nextLong(room(typeHi, span[1])));
        }
      }
      if (options.isEmpty()) {
        return Optional.empty();
      }
      long v = options.get(random.nextInt(options.size()));
      return Optional.of(storage instanceof DataType.IntType ? (Object) (int) v : (Object) v);
    }
    if (storage instanceof DecimalType d) {
      BigInteger limit = BigInteger.TEN.pow(d.precision()).subtract(BigInteger.ONE);
      BigInteger[] span = decimalSpan(d);
      List<BigInteger> options = new ArrayList<>();
      BigInteger step = BigInteger.valueOf(1 + random.nextInt(1000));
      if (span == null) {
        options.add(BigInteger.ZERO);
      } else {
        if (span[0].compareTo(limit.negate()) > 0) {
          options.add(span[0].subtract(step).max(limit.negate()));
        }
        if (span[1].compareTo(limit) < 0) {
          options.add(span[1].add(step).min(limit));
        }
      }
      if (options.isEmpty()) {
        return Optional.empty();
      }
      return Optional.of(new BigDecimal(options.get(random.nextInt(options.size())), d.scale()));
    }
    double lo = doubleLow();
    double hi = doubleHigh();
    double span = 1 + random.nextDouble() * 1000;
    List<Double> options = new ArrayList<>();
    options.add(Double.NaN);
    if (!Double.isInfinite(lo)) {
      options.add(lo - span);
      options.add(Math.nextDown(lo));
    }
    if (!Double.isInfinite(hi)) {
      options.add(hi + span);
      options.add(Math.nextUp(hi));
    }
    double v = options.get(random.nextInt(options.size()));
    if (storage instanceof DataType.FloatType) {
      float f = (float) v;
      if (isValid(f)) {
        f = Float.NaN;
      }
      return Optional.of(f);
    }
    return Optional.of(v);
  }
}
