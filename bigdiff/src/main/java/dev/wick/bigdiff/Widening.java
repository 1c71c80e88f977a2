package dev.wick.bigdiff;

import dev.wick.core.schema.DataType;
import dev.wick.core.schema.DataType.DecimalType;
import dev.wick.core.schema.DataType.DoubleType;
import dev.wick.core.schema.DataType.FloatType;
import dev.wick.core.schema.DataType.IntType;
import dev.wick.core.schema.DataType.LongType;
import java.util.Optional;

/**
 * The common type two numeric types widen to, when widening keeps every value of both exactly:
 * {@code int} to {@code long}, {@code int} or {@code float} to {@code double}, integers to a
 * decimal with enough integer digits, and two decimals to the one with the larger integer part and
 * scale (Spark's own rule for decimals, {@code DecimalPrecision.widerDecimalType}, while it fits 38
 * digits). These are the lossless cases of Spark's widening; the others ({@code long} to {@code
 * double}, say) would make different values look equal, so they are incompatible.
 */
final class Widening {
  /** Spark's largest decimal precision. */
  private static final int MAX_PRECISION = 38;

  private Widening() {}

  /** The type both {@code l} and {@code r} widen to exactly, or empty. */
  static Optional<DataType> wider(DataType l, DataType r) {
    if (l.equals(r)) {
      return Optional.of(l);
    }
    if (isInt(l) && r instanceof LongType || l instanceof LongType && isInt(r)) {
      return Optional.of(DataType.LONG);
    }
    if (isExactInDouble(l) && r instanceof DoubleType
        || l instanceof DoubleType && isExactInDouble(r)) {
      return Optional.of(DataType.DOUBLE);
    }
    Optional<DecimalType> ld = asDecimal(l);
    Optional<DecimalType> rd = asDecimal(r);
    if (ld.isPresent() && rd.isPresent() && (isDecimal(l) || isDecimal(r))) {
      DecimalType a = ld.get();
      DecimalType b = rd.get();
      int scale = Math.max(a.scale(), b.scale());
      int integer = Math.max(a.precision() - a.scale(), b.precision() - b.scale());
      if (integer + scale <= MAX_PRECISION) {
        return Optional.of(new DecimalType(integer + scale, scale));
      }
    }
    return Optional.empty();
  }

  private static boolean isInt(DataType t) {
    return t instanceof IntType;
  }

  private static boolean isExactInDouble(DataType t) {
    return t instanceof IntType || t instanceof FloatType;
  }

  private static boolean isDecimal(DataType t) {
    return t instanceof DecimalType;
  }

  /** A decimal type holding every value of {@code t}, for decimals and integers. */
  private static Optional<DecimalType> asDecimal(DataType t) {
    if (t instanceof DecimalType d) {
      return Optional.of(d);
    } else if (t instanceof IntType) {
      return Optional.of(new DecimalType(10, 0));
    } else if (t instanceof LongType) {
      return Optional.of(new DecimalType(20, 0));
    }
    return Optional.empty();
  }
}
