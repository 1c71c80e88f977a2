package dev.wick.typed;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import org.apache.spark.sql.Column;
import org.jspecify.annotations.Nullable;

/**
 * A typed expression that is never null. Operations that only make sense on some types live on the
 * subclasses ({@link NumCol} for arithmetic, {@link OrdCol} for ordering, {@link StrCol} for
 * strings, ...), so that using them on another type does not compile.
 *
 * <p>Comparisons take a column or a value of the same Java type: comparing a {@code Col<String>}
 * with a {@code Col<Long>} is a compile error; convert one side explicitly ({@link #asString()},
 * {@link NumCol#asLong()}).
 *
 * @param <T> the Java type of the values
 */
public abstract sealed class Col<T> implements Expr<T>
    permits OrdCol, BoolCol, BinaryCol, EnumCol, ArrayCol, MapCol, StructCol {
  private final Column column;
  private final @Nullable String field;

  Col(Column column, @Nullable String field) {
    this.column = Objects.requireNonNull(column, "column");
    this.field = field;
  }

  @Override
  public final Column column() {
    return column;
  }

  /** The top-level field this column reads, when it is one (for dropDuplicates, withColumn). */
  final @Nullable String field() {
    return field;
  }

  /** A column of the same kind over another Spark expression. */
  abstract Col<T> remake(Column column);

  /** This column seen as nullable, to pass where a nullable value of the same type is expected. */
  public abstract NullableCol<T, ? extends Col<T>> asNullable();

  /** {@code this = other}. */
  public final BoolCol eq(Col<T> other) {
    return new BoolCol(column.equalTo(other.column()), null);
  }

  /** {@code this = value}. */
  public final BoolCol eq(T value) {
    return new BoolCol(column.equalTo(Literals.of(nonNull(value, "eq"))), null);
  }

  /** {@code this <> other}. */
  public final BoolCol neq(Col<T> other) {
    return new BoolCol(column.notEqual(other.column()), null);
  }

  /** {@code this <> value}. */
  public final BoolCol neq(T value) {
    return new BoolCol(column.notEqual(Literals.of(nonNull(value, "neq"))), null);
  }

  /** {@code this IN (values...)}. */
  public final BoolCol isin(Collection<? extends T> values) {
    List<Object> literals = new ArrayList<>();
    for (T v : values) {
      literals.add(Literals.of(nonNull(v, "isin")));
    }
    return new BoolCol(column.isin(literals.toArray()), null);
  }

  /** {@code this IN (first, more...)}. */
  @SafeVarargs
  public final BoolCol isin(T first, T... more) {
    List<T> all = new ArrayList<>();
    all.add(first);
    all.addAll(List.of(more));
    return isin(all);
  }

  /** The value as a string ({@code CAST(this AS STRING)}). */
  public final StrCol asString() {
    return new StrCol(column.cast("string"), null);
  }

  static <V> V nonNull(@Nullable V value, String op) {
    if (value == null) {
      throw new IllegalArgumentException(
          op
              + "(null) is never true in SQL; compare a nullable column with isNull(), or use"
              + " eqNullSafe.");
    }
    return value;
  }

  @Override
  public String toString() {
    return column.toString();
  }
}
