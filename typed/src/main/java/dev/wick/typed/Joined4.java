package dev.wick.typed;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * 4 joined datasets, seen through one view per input; see {@link Joined2}. Join a fifth input by
 * selecting into a record first.
 *
 * @param <A> input 1's current view
 * @param <NA> input 1's nullable view
 * @param <B> input 2's current view
 * @param <NB> input 2's nullable view
 * @param <C> input 3's current view
 * @param <NC> input 3's nullable view
 * @param <D> input 4's current view
 * @param <ND> input 4's nullable view
 */
public final class Joined4<A, NA, B, NB, C, NC, D, ND> {
  private final JoinPlan plan;

  Joined4(JoinPlan plan) {
    this.plan = plan;
  }

  @SuppressWarnings("unchecked")
  private <X> X apply(Fn4<? super A, ? super B, ? super C, ? super D, X> f) {
    var v = plan.views();
    return f.apply((A) v.get(0), (B) v.get(1), (C) v.get(2), (D) v.get(3));
  }

  /** The rows where {@code condition} holds (null counts as false, as in SQL). */
  public Joined4<A, NA, B, NB, C, NC, D, ND> filter(
      Fn4<? super A, ? super B, ? super C, ? super D, ? extends Expr<Boolean>> condition) {
    return new Joined4<>(plan.filter(apply(condition)));
  }

  /** Each joined row projected into a record. */
  public <R extends Record, V, N> TypedDataset<R, V, N> select(
      Fn4<? super A, ? super B, ? super C, ? super D, Projection<R, V, N>> projection) {
    return plan.select(apply(projection));
  }

  @SuppressWarnings("unchecked")
  private <V> JoinPlan next(
      TypedDataset<?, V, ?> right,
      JoinPlan.Kind kind,
      Fn5<? super A, ? super B, ? super C, ? super D, ? super V, ? extends Expr<Boolean>> on) {
    return plan.join(
        right,
        kind,
        v -> on.apply((A) v.get(0), (B) v.get(1), (C) v.get(2), (D) v.get(3), (V) v.get(4)));
  }

  /** The joined rows that have a match in {@code right}; {@code right}'s columns are not kept. */
  public <R2 extends Record, V2, N2> Joined4<A, NA, B, NB, C, NC, D, ND> semiJoin(
      TypedDataset<R2, V2, N2> right,
      Fn5<? super A, ? super B, ? super C, ? super D, ? super V2, ? extends Expr<Boolean>> on) {
    return new Joined4<>(next(right, JoinPlan.Kind.SEMI, on));
  }

  /** The joined rows that have no match in {@code right}. */
  public <R2 extends Record, V2, N2> Joined4<A, NA, B, NB, C, NC, D, ND> antiJoin(
      TypedDataset<R2, V2, N2> right,
      Fn5<? super A, ? super B, ? super C, ? super D, ? super V2, ? extends Expr<Boolean>> on) {
    return new Joined4<>(next(right, JoinPlan.Kind.ANTI, on));
  }

  /** The joined rows, every input's columns qualified by its alias ({@code _w0}, ...). */
  public Dataset<Row> toDF() {
    return plan.rows();
  }
}
