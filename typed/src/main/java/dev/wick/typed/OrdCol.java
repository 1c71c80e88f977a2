package dev.wick.typed;

import org.apache.spark.sql.Column;
import org.jspecify.annotations.Nullable;

/**
 * A non-null column of a type with a natural order (numbers, strings, dates, timestamps): the only
 * columns that can be compared with {@code <}/{@code >}, sorted, or aggregated with min and max.
 *
 * @param <T> the Java type of the values
 */
public abstract sealed class OrdCol<T> extends Col<T> permits NumCol, StrCol, TemporalCol {

  OrdCol(Column column, @Nullable String field) {
    super(column, field);
  }

  /** {@code this > other}. */
  public final BoolCol gt(Col<T> other) {
    return new BoolCol(column().gt(other.column()), null);
  }

  /** {@code this > value}. */
  public final BoolCol gt(T value) {
    return new BoolCol(column().gt(Literals.of(nonNull(value, "gt"))), null);
  }

  /** {@code this >= other}. */
  public final BoolCol ge(Col<T> other) {
    return new BoolCol(column().geq(other.column()), null);
  }

  /** {@code this >= value}. */
  public final BoolCol ge(T value) {
    return new BoolCol(column().geq(Literals.of(nonNull(value, "ge"))), null);
  }

  /** {@code this < other}. */
  public final BoolCol lt(Col<T> other) {
    return new BoolCol(column().lt(other.column()), null);
  }

  /** {@code this < value}. */
  public final BoolCol lt(T value) {
    return new BoolCol(column().lt(Literals.of(nonNull(value, "lt"))), null);
  }

  /** {@code this <= other}. */
  public final BoolCol le(Col<T> other) {
    return new BoolCol(column().leq(other.column()), null);
  }

  /** {@code this <= value}. */
  public final BoolCol le(T value) {
    return new BoolCol(column().leq(Literals.of(nonNull(value, "le"))), null);
  }

  /** {@code this BETWEEN low AND high} (both ends included). */
  public final BoolCol between(T low, T high) {
    return new BoolCol(
        column()
            .between(Literals.of(nonNull(low, "between")), Literals.of(nonNull(high, "between"))),
        null);
  }

  /** Ascending order. */
  public final Order asc() {
    return new Order(column().asc());
  }

  /** Descending order. */
  public final Order desc() {
    return new Order(column().desc());
  }
}
