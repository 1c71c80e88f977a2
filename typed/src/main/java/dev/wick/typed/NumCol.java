package dev.wick.typed;

import org.apache.spark.sql.Column;
import org.jspecify.annotations.Nullable;

/**
 * A non-null numeric column: the only columns that support arithmetic, {@code sum} and {@code avg}.
 * Arithmetic takes a column or a value of the same type; mix types through an explicit cast ({@link
 * #asLong()}, {@link #asDouble()}, ...), as Java itself would require for the boxed types.
 *
 * @param <T> the Java type of the values
 * @param <S> this column's own class, the type of {@code +}, {@code -}, {@code *} and {@code %}
 * @param <A> the class of this column's {@code sum} (an int sums to a long, a float to a double)
 * @param <F> the class of this column's division and average (double, or decimal for decimals)
 */
public abstract sealed class NumCol<
        T extends Number,
        S extends NumCol<T, S, A, F>,
        A extends NumCol<?, A, A, ?>,
        F extends NumCol<?, F, ?, F>>
    extends OrdCol<T> permits IntCol, LongCol, FloatCol, DoubleCol, DecimalCol {

  NumCol(Column column, @Nullable String field) {
    super(column, field);
  }

  /** A column of this class over another expression. */
  abstract S self(Column column);

  /** A column of this column's sum class. */
  abstract A sumOf(Column column);

  /** A column of this column's division class. */
  abstract F fractional(Column column);

  @Override
  final S remake(Column column) {
    return self(column);
  }

  /** {@code this + other}. */
  public final S plus(S other) {
    return self(column().plus(other.column()));
  }

  /** {@code this + value}. */
  public final S plus(T value) {
    return self(column().plus(Literals.of(nonNull(value, "plus"))));
  }

  /** {@code this - other}. */
  public final S minus(S other) {
    return self(column().minus(other.column()));
  }

  /** {@code this - value}. */
  public final S minus(T value) {
    return self(column().minus(Literals.of(nonNull(value, "minus"))));
  }

  /** {@code this * other}. */
  public final S times(S other) {
    return self(column().multiply(other.column()));
  }

  /** {@code this * value}. */
  public final S times(T value) {
    return self(column().multiply(Literals.of(nonNull(value, "times"))));
  }

  /**
   * {@code this / other}, as Spark divides: integers give a double, decimals a decimal. Division by
   * zero fails the query under Spark's ANSI mode (the default).
   */
  public final F divide(S other) {
    return fractional(column().divide(other.column()));
  }

  /** {@code this / value}; see {@link #divide(NumCol)}. */
  public final F divide(T value) {
    return fractional(column().divide(Literals.of(nonNull(value, "divide"))));
  }

  /** {@code this % other}. */
  public final S mod(S other) {
    return self(column().mod(other.column()));
  }

  /** {@code this % value}. */
  public final S mod(T value) {
    return self(column().mod(Literals.of(nonNull(value, "mod"))));
  }

  /** {@code -this}. */
  public final S negate() {
    return self(column().unary_$minus());
  }

  /** {@code abs(this)}. */
  public final S abs() {
    return self(org.apache.spark.sql.functions.abs(column()));
  }

  /** {@code CAST(this AS INT)}; out-of-range values fail the query under ANSI mode. */
  public final IntCol asInt() {
    return new IntCol(column().cast("int"), null);
  }

  /** {@code CAST(this AS BIGINT)}; fractions are truncated. */
  public final LongCol asLong() {
    return new LongCol(column().cast("bigint"), null);
  }

  /** {@code CAST(this AS DOUBLE)}. */
  public final DoubleCol asDouble() {
    return new DoubleCol(column().cast("double"), null);
  }

  /** {@code CAST(this AS DECIMAL(precision, scale))}. */
  public final DecimalCol asDecimal(int precision, int scale) {
    return new DecimalCol(column().cast("decimal(" + precision + "," + scale + ")"), null);
  }
}
