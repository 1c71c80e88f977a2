package dev.wick.bigdiff;

import static org.apache.spark.sql.functions.abs;
import static org.apache.spark.sql.functions.aggregate;
import static org.apache.spark.sql.functions.array_sort;
import static org.apache.spark.sql.functions.base64;
import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.greatest;
import static org.apache.spark.sql.functions.isnan;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.sqrt;
import static org.apache.spark.sql.functions.to_json;
import static org.apache.spark.sql.functions.when;
import static org.apache.spark.sql.functions.zip_with;

import dev.wick.bigdiff.Alignment.Leaf;
import dev.wick.core.schema.DataType;
import dev.wick.core.schema.DataType.ArrayType;
import dev.wick.core.schema.DataType.BytesType;
import dev.wick.core.schema.DataType.DecimalType;
import dev.wick.core.schema.DataType.EnumType;
import dev.wick.core.schema.DataType.FixedType;
import dev.wick.core.schema.DataType.IntType;
import dev.wick.core.schema.DataType.LongType;
import dev.wick.core.schema.DataType.MapType;
import dev.wick.core.schema.DataType.RecordType;
import dev.wick.core.schema.DataType.StringType;
import dev.wick.core.schema.DataType.UuidType;
import java.util.Optional;
import org.apache.spark.sql.Column;

/**
 * How far apart two differing values are, as Catalyst expressions: {@code rhs - lhs} for numbers
 * (computed exactly for integral and decimal values, then rounded once to a double), the
 * Levenshtein distance for strings ({@link TextDistance}: bounded work per value, so past a size it
 * may be a lower bound), {@code 1 - cosine similarity} for arrays of numbers. A delta is null when
 * either value is null or the delta is not a finite number, and such keys are left out of the delta
 * statistics (they still count as differing).
 *
 * <p>{@link #delta} gives the raw delta, which for strings is negated when it is a lower bound;
 * {@link #value} and {@link #lowerBound} read the delta and that flag from it.
 *
 * <p>These are the deltas of one key; their kind is a {@link DeltaType}, and what is aggregated
 * over the keys is a {@link DeltaStatistic} each, gathered per field in {@link DeltaStats}.
 */
final class DeltaExpressions {
  private DeltaExpressions() {}

  /** The delta type of a compared leaf, if its type has one. */
  static Optional<DeltaType> typeOf(Leaf leaf) {
    if (leaf.presence()) {
      return Optional.empty();
    }
    DataType t = leaf.type();
    if (t.isNumeric()) {
      return Optional.of(DeltaType.NUMERIC);
    }
    if (t instanceof StringType || t instanceof UuidType || t instanceof EnumType) {
      return Optional.of(DeltaType.STRING);
    }
    if (t instanceof ArrayType a && a.element().isNumeric()) {
      return Optional.of(DeltaType.VECTOR);
    }
    return Optional.empty();
  }

  /**
   * The raw delta of {@code l} and {@code r} for {@code leaf} (a double, possibly NaN or infinite:
   * see {@link #finite}; for strings negated when a lower bound), or null for no delta.
   */
  static Column delta(Column l, Column r, Leaf leaf, Rules rules) {
    Optional<DeltaType> type = typeOf(leaf);
    if (type.isEmpty()) {
      return lit(null).cast("double");
    }
    Column d =
        switch (type.get()) {
          case NUMERIC -> numeric(l, r, leaf.type());
          case STRING -> TextDistance.column(l.cast("string"), r.cast("string")).cast("double");
          case VECTOR -> {
            boolean sorted = rules.isUnordered(leaf.path());
            yield oneMinusCosine(sorted ? array_sort(l) : l, sorted ? array_sort(r) : r);
          }
        };
    return d;
  }

  /** The delta from a raw delta of {@link #delta}. */
  static Column value(Column raw, Leaf leaf) {
    return typeOf(leaf).orElse(null) == DeltaType.STRING ? abs(raw) : raw;
  }

  /** Whether a raw delta of {@link #delta} is a lower bound; null when there is no delta. */
  static Column lowerBound(Column raw, Leaf leaf) {
    return when(
        raw.isNotNull(),
        typeOf(leaf).orElse(null) == DeltaType.STRING ? raw.lt(lit(0.0)) : lit(false));
  }

  private static Column numeric(Column l, Column r, DataType type) {
    if (type instanceof IntType || type instanceof LongType) {
      return NumberDelta.ofLongs(l, r);
    }
    if (type instanceof DecimalType d) {
      return NumberDelta.ofDecimals(l, r, d.precision(), d.scale());
    }
    return r.cast("double").minus(l.cast("double"));
  }

  /** {@code d} when it is a finite number, else null. */
  static Column finite(Column d) {
    return when(isnan(d).or(abs(d).equalTo(lit(Double.POSITIVE_INFINITY))), lit(null)).otherwise(d);
  }

  private static Column oneMinusCosine(Column l, Column r) {
    Column dot =
        aggregate(
            zip_with(
                l, r, (x, y) -> coalesce(x.cast("double").multiply(y.cast("double")), lit(0.0))),
            lit(0.0),
            (acc, x) -> acc.plus(x));
    Column norms = norm(l).multiply(norm(r));
    // Rounding can push the cosine a hair above 1; a delta is never below 0.
    return when(norms.gt(lit(0.0)), greatest(lit(0.0), lit(1.0).minus(dot.divide(norms))));
  }

  private static Column norm(Column v) {
    return sqrt(
        aggregate(
            v,
            lit(0.0),
            (acc, x) -> acc.plus(coalesce(x.cast("double").multiply(x.cast("double")), lit(0.0)))));
  }

  /** A value as text for the keys output and the report: JSON for records, arrays and maps. */
  static Column render(Column v, Leaf leaf) {
    if (leaf.presence()) {
      return when(v, lit("null")).otherwise(lit("present"));
    }
    DataType t = leaf.type();
    if (t instanceof RecordType || t instanceof ArrayType || t instanceof MapType) {
      return to_json(v);
    }
    if (t instanceof BytesType || t instanceof FixedType) {
      return base64(v);
    }
    return v.cast("string");
  }
}
