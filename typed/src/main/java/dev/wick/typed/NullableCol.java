package dev.wick.typed;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.functions;
import org.jspecify.annotations.Nullable;

/**
 * A typed expression that may be null. It offers no arithmetic, comparison or string operation of
 * its own: to use the value where a non-null one is required, say what null means, either with a
 * fallback ({@link #orElse(Object)}, SQL {@code coalesce}) or by lifting an operation over it with
 * {@link #map(Function)}, which gives null where the value is null (as Spark's operators do, so it
 * adds nothing to the plan).
 *
 * <pre>{@code
 * StrCol name = advertiser.name().orElse(response.advertiser_id()).orElse("Unknown");
 * NullableCol<Double, DoubleCol> usd = response.micros_usd().map(m -> m.divide(1_000_000L));
 * }</pre>
 *
 * @param <T> the Java type of the values
 * @param <C> the non-null column class of the same values, which {@link #map} hands to its function
 */
public final class NullableCol<T, C extends Col<T>> implements Expr<T> {
  private final Column column;
  private final @Nullable String field;
  private final Function<Column, C> make;

  /** The operands of a coalesce this value is, so that chained fallbacks stay one coalesce. */
  private final List<Column> fallbacks;

  NullableCol(Column column, @Nullable String field, Function<Column, C> make) {
    this(column, field, make, List.of(column));
  }

  private NullableCol(
      Column column, @Nullable String field, Function<Column, C> make, List<Column> fallbacks) {
    this.column = Objects.requireNonNull(column, "column");
    this.field = field;
    this.make = make;
    this.fallbacks = fallbacks;
  }

  @Override
  public Column column() {
    return column;
  }

  @Nullable String field() {
    return field;
  }

  /** The value, or {@code value} where it is null ({@code functions.coalesce(this, value)}). */
  public C orElse(T value) {
    return make.apply(functions.coalesce(with(Literals.of(Col.nonNull(value, "orElse")))));
  }

  /** The value, or {@code other}'s where it is null ({@code functions.coalesce(this, other)}). */
  public C orElse(C other) {
    return make.apply(functions.coalesce(with(other.column())));
  }

  /** The value, or {@code other}'s where it is null; still nullable. */
  public NullableCol<T, C> orElse(NullableCol<T, C> other) {
    List<Column> all = new ArrayList<>(fallbacks);
    all.addAll(other.fallbacks);
    return new NullableCol<>(
        functions.coalesce(all.toArray(Column[]::new)), null, make, List.copyOf(all));
  }

  private Column[] with(Column last) {
    List<Column> all = new ArrayList<>(fallbacks);
    all.add(last);
    return all.toArray(Column[]::new);
  }

  /** True where the value is null. */
  public BoolCol isNull() {
    return new BoolCol(column.isNull(), null);
  }

  /** True where the value is not null. */
  public BoolCol isNotNull() {
    return new BoolCol(column.isNotNull(), null);
  }

  /**
   * {@code f} applied to the value where it is not null, and null where it is: the explicit
   * null-propagating form. {@code f} runs once, while the plan is built, on the non-null view of
   * this column; Spark's operators already give null on null input, so the plan is exactly {@code
   * f}'s expression.
   */
  @SuppressWarnings("unchecked")
  public <U, D extends Col<U>> NullableCol<U, D> map(Function<? super C, D> f) {
    D result = f.apply(make.apply(column));
    return new NullableCol<>(result.column(), null, c -> (D) result.remake(c));
  }

  /** Like {@link #map}, for a function that itself gives a nullable value. */
  public <U, D extends Col<U>> NullableCol<U, D> flatMap(Function<? super C, NullableCol<U, D>> f) {
    NullableCol<U, D> result = f.apply(make.apply(column));
    return new NullableCol<>(result.column, null, result.make);
  }

  /** A sort order on this column; {@link Functions#asc} checks that it is orderable. */
  Order order(boolean ascending, boolean nullsFirst) {
    Column c =
        ascending
            ? (nullsFirst ? column.asc_nulls_first() : column.asc_nulls_last())
            : (nullsFirst ? column.desc_nulls_first() : column.desc_nulls_last());
    return new Order(c);
  }

  /** The non-null view, for aggregate functions that skip nulls. */
  C nonNullView() {
    return make.apply(column);
  }

  /** Rebuilds the nullable view over another expression of the same kind. */
  NullableCol<T, C> over(Column other) {
    return new NullableCol<>(other, null, make);
  }

  @Override
  public String toString() {
    return column.toString();
  }
}
