package dev.wick.typed;

import java.util.List;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.functions;
import org.jspecify.annotations.Nullable;

/**
 * A non-null array column ({@code List<E>}); its elements are {@code X}: a {@link Col} when they
 * cannot be null, a {@link NullableCol} when they can.
 *
 * @param <E> the Java type of the elements
 * @param <X> the typed expression of one element
 */
public final class ArrayCol<E, X extends Expr<E>> extends Col<List<E>> {
  private final Maker<X> element;

  ArrayCol(Column column, @Nullable String field, Maker<X> element) {
    super(column, field);
    this.element = element;
  }

  @Override
  ArrayCol<E, X> remake(Column column) {
    return new ArrayCol<>(column, null, element);
  }

  @Override
  public NullableCol<List<E>, ArrayCol<E, X>> asNullable() {
    return new NullableCol<>(column(), field(), c -> new ArrayCol<>(c, null, element));
  }

  /** The number of elements. */
  public IntCol size() {
    return new IntCol(functions.size(column()), null);
  }

  /** True where the array has no elements. */
  public BoolCol isEmpty() {
    return new BoolCol(functions.size(column()).equalTo(0), null);
  }

  /** True where the array holds {@code value}. */
  public BoolCol contains(E value) {
    return new BoolCol(
        functions.array_contains(column(), Literals.of(nonNull(value, "contains"))), null);
  }

  /** True where the array holds the value of {@code value}. */
  public BoolCol contains(Col<E> value) {
    return new BoolCol(functions.array_contains(column(), value.column()), null);
  }

  /** The elements sorted ascending (nulls last). */
  public ArrayCol<E, X> sorted() {
    return new ArrayCol<>(functions.array_sort(column()), null, element);
  }

  /** The elements without duplicates. */
  public ArrayCol<E, X> distinct() {
    return new ArrayCol<>(functions.array_distinct(column()), null, element);
  }

  /**
   * One output row per element ({@code explode}): only valid as a value in a {@code select}, where
   * rows with an empty array produce no output.
   */
  public X explode() {
    return element.make(functions.explode(column()), null);
  }
}
