package dev.wick.typed;

import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.apache.spark.sql.Column;

/**
 * An aggregate-level value: an aggregate function's result ({@link Functions#sum}, {@link
 * Functions#count}, ...), a grouping key, or an expression over those. Only aggregates go into an
 * aggregation's record, so passing a plain row column to {@code agg} does not compile.
 *
 * <pre>{@code
 * Agg<DoubleCol> totalUsd = sum(row.micros_usd()).map(s -> s.divide(1_000_000L));
 * }</pre>
 *
 * @param <E> the typed expression of the value ({@code Agg<LongCol>}, {@code Agg<NullableCol<Long,
 *     LongCol>>})
 */
public final class Agg<E extends Expr<?>> {
  private final E expr;
  private final int keyIndex;

  Agg(E expr) {
    this(expr, -1);
  }

  private Agg(E expr, int keyIndex) {
    this.expr = Objects.requireNonNull(expr, "expr");
    this.keyIndex = keyIndex;
  }

  /** The grouping key at {@code index}, seen at aggregate level. */
  static <E extends Expr<?>> Agg<E> key(E expr, int index) {
    return new Agg<>(expr, index);
  }

  /**
   * An expression over this aggregate ({@code sum(x) / 1e6}, {@code max(t).toDate()}); {@code f}
   * runs once while the plan is built.
   */
  public <E2 extends Expr<?>> Agg<E2> map(Function<? super E, E2> f) {
    return new Agg<>(f.apply(expr));
  }

  /**
   * An expression over this aggregate and {@code other} ({@code sum(clicks) / sum(views)}); {@code
   * f} runs once while the plan is built.
   */
  public <E2 extends Expr<?>, E3 extends Expr<?>> Agg<E3> combine(
      Agg<E2> other, BiFunction<? super E, ? super E2, E3> f) {
    return new Agg<>(f.apply(expr, other.expr));
  }

  /** The Spark column of this aggregate. */
  public Column column() {
    return expr.column();
  }

  E expr() {
    return expr;
  }

  /** The grouping key this is, unchanged, or -1. */
  int keyIndex() {
    return keyIndex;
  }

  @Override
  public String toString() {
    return "Agg(" + expr.column() + ")";
  }
}
