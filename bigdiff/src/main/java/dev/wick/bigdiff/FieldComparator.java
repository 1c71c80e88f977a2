package dev.wick.bigdiff;

import dev.wick.core.WickException;
import java.time.Duration;
import java.util.Objects;
import org.apache.spark.sql.Column;

/**
 * How two values of a field are equal, as a Catalyst expression: registered with {@link
 * BigDiff#comparator(String, FieldComparator)} for one field, or {@link BigDiff#comparator(Class,
 * FieldComparator)} for every value of a type. The diff calls it only when both values are present
 * (a null equals only a null), and a null result counts as not equal.
 *
 * <pre>{@code
 * // prices equal to the cent; e-mail addresses equal ignoring case
 * BigDiff.key("id")
 *     .comparator("price", (l, r) -> functions.round(l, 2).equalTo(functions.round(r, 2)))
 *     .comparator(DataType.StringType.class, (l, r) -> functions.lower(l).equalTo(functions.lower(r)));
 * }</pre>
 *
 * <p>Build the expression from the two columns with {@code functions.*}: no UDF, so that Spark can
 * still generate code for the comparison.
 *
 * <p>The tolerances and text rules of {@link BigDiff} are comparators too, held by the path they
 * are set at and applying to every value of their kind at or below it. A field's own comparator
 * wins over them; they win over a comparator for the value's type. The factories below give them as
 * values, to register for a type ({@code comparator(DataType.DoubleType.class,
 * FieldComparator.tolerance(1e-9))}) or for a path, where each works as its setter does; a diff
 * compares integers and decimals under them exactly and applies NaN inequality to them, whereas
 * calling {@link #equal} directly compares numbers as doubles and dates and times as timestamps.
 */
@FunctionalInterface
public interface FieldComparator {
  /** Whether {@code lhs} and {@code rhs}, both non-null values of the field, are equal. */
  Column equal(Column lhs, Column rhs);

  /**
   * Numbers are equal when {@code |rhs - lhs| <= absolute}, as {@link BigDiff#tolerance(String,
   * double)} sets it.
   */
  static FieldComparator tolerance(double absolute) {
    return new AbsoluteTolerance(nonNegative(absolute, "Tolerance"));
  }

  /**
   * Numbers are equal when {@code |rhs - lhs| <= relative * max(|lhs|, |rhs|)}, as {@link
   * BigDiff#relativeTolerance} sets it.
   */
  static FieldComparator relativeTolerance(double relative) {
    return new RelativeTolerance(nonNegative(relative, "Relative tolerance"));
  }

  /**
   * Dates and timestamps are equal when at most {@code tolerance} apart, as {@link
   * BigDiff#tolerance(String, Duration)} sets it.
   */
  static FieldComparator tolerance(Duration tolerance) {
    Objects.requireNonNull(tolerance, "tolerance");
    if (tolerance.isNegative()) {
      throw WickException.usage("Tolerance must not be negative, got " + tolerance + ".");
    }
    return new TimeTolerance(tolerance);
  }

  /** Strings are equal ignoring case, as {@link BigDiff#ignoreCase} sets it. */
  static FieldComparator ignoringCase() {
    return new IgnoreCase();
  }

  /**
   * Strings are equal without their leading and trailing whitespace, as {@link
   * BigDiff#trimWhitespace} sets it.
   */
  static FieldComparator trimmingWhitespace() {
    return new TrimWhitespace();
  }

  private static double nonNegative(double value, String what) {
    if (!Double.isFinite(value) || value < 0) {
      throw WickException.usage(what + " must be a number >= 0, got " + value + ".");
    }
    return value;
  }
}
