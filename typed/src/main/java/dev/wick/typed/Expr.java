package dev.wick.typed;

import org.apache.spark.sql.Column;

/**
 * A typed Spark expression whose values are of Java type {@code T}: either a {@link Col} (never
 * null) or a {@link NullableCol} (may be null). Every operation builds a Spark {@link Column}; the
 * types only decide which operations compile.
 *
 * @param <T> the Java type of the values
 */
public sealed interface Expr<T> permits Col, NullableCol {

  /** The Spark column this expression builds, for handing to plain Spark code. */
  Column column();

  /** Null-safe equality ({@code <=>}): true when both are null or both equal, never null. */
  default BoolCol eqNullSafe(Expr<T> other) {
    return new BoolCol(column().eqNullSafe(other.column()), null);
  }

  /** Null-safe equality with a value ({@code <=>}); never null. */
  default BoolCol eqNullSafe(T value) {
    return new BoolCol(column().eqNullSafe(Literals.of(value)), null);
  }
}
