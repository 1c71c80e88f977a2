package dev.wick.bigdiff;

import java.math.BigDecimal;
import java.util.List;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.catalyst.expressions.objects.StaticInvoke;
import org.apache.spark.sql.classic.ExpressionUtils;
import org.apache.spark.sql.types.AbstractDataType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Decimal;
import scala.Option;
import scala.jdk.javaapi.CollectionConverters;

/**
 * {@code rhs - lhs} of two integral or decimal values, computed exactly and rounded once to the
 * nearest double: two longs near 2<sup>63</sup>, or two {@code decimal(38,0)} values, that differ
 * by 1 have a delta of exactly 1. It is public only because Spark's generated code calls its
 * methods.
 */
public final class NumberDelta {
  private NumberDelta() {}

  /** As a Catalyst expression over two long columns; null when either is null. */
  static Column ofLongs(Column l, Column r) {
    return call("ofLongs", DataTypes.LongType, l.cast("long"), r.cast("long"));
  }

  /** As a Catalyst expression over two decimal columns; null when either is null. */
  static Column ofDecimals(Column l, Column r, int precision, int scale) {
    DataType t = DataTypes.createDecimalType(precision, scale);
    return call("ofDecimals", t, l.cast(t), r.cast(t));
  }

  private static Column call(String method, AbstractDataType type, Column l, Column r) {
    StaticInvoke call =
        new StaticInvoke(
            NumberDelta.class,
            DataTypes.DoubleType,
            method,
            CollectionConverters.asScala(
                    List.of(ExpressionUtils.expression(l), ExpressionUtils.expression(r)))
                .toList(),
            CollectionConverters.asScala(List.of(type, type)).toList(),
            true,
            false,
            true,
            Option.empty());
    return ExpressionUtils.column(call);
  }

  /** {@code r - l} exactly, rounded once to a double. */
  public static double ofLongs(long l, long r) {
    long d = r - l;
    // Overflow iff both operands' signs differ from the result's (Math.subtractExact's test).
    if (((r ^ l) & (r ^ d)) < 0) {
      return BigDecimal.valueOf(r).subtract(BigDecimal.valueOf(l)).doubleValue();
    }
    return (double) d;
  }

  /** {@code r - l} exactly, rounded once to a double. */
  public static double ofDecimals(Decimal l, Decimal r) {
    return r.toJavaBigDecimal().subtract(l.toJavaBigDecimal()).doubleValue();
  }
}
