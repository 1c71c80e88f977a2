package dev.wick.typed;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * 3 joined datasets, seen through one view per input; see {@link Joined2}.
 *
 * @param <A> input 1's current view
 * @param <NA> input 1's nullable view
 * @param <B> input 2's current view
 * @param <NB> input 2's nullable view
 * @param <C> input 3's current view
 * @param <NC> input 3's nullable view
 */
public final class Joined3<A, NA, B, NB, C, NC> {
  private final JoinPlan plan;

  Joined3(JoinPlan plan) {
    this.plan = plan;
  }

  @SuppressWarnings("unchecked")
  private <X> X apply(Fn3<? super A, ? super B, ? super C, X> f) {
    var v = plan.views();
    return f.apply((A) v.get(0), (B) v.get(1), (C) v.get(2));
  }

  /** The rows where {@code condition} holds (null counts as false, as in SQL). */
  public Joined3<A, NA, B, NB, C, NC> filter(
      Fn3<? super A, ? super B, ? super C, ? extends Expr<Boolean>> condition) {
    return new Joined3<>(plan.filter(apply(condition)));
  }

  /** Each joined row projected into a record. */
  public <R extends Record, V, N> TypedDataset<R, V, N> select(
      Fn3<? super A, ? super B, ? super C, Projection<R, V, N>> projection) {
    return plan.select(apply(projection));
  }

  @SuppressWarnings("unchecked")
  private <V> JoinPlan next(
      TypedDataset<?, V, ?> right,
      JoinPlan.Kind kind,
      Fn4<? super A, ? super B, ? super C, ? super V, ? extends Expr<Boolean>> on) {
    return plan.join(
        right, kind, v -> on.apply((A) v.get(0), (B) v.get(1), (C) v.get(2), (V) v.get(3)));
  }

  /** Inner join with a fourth dataset. */
  public <R2 extends Record, V2, N2> Joined4<A, NA, B, NB, C, NC, V2, N2> join(
      TypedDataset<R2, V2, N2> right,
      Fn4<? super A, ? super B, ? super C, ? super V2, ? extends Expr<Boolean>> on) {
    return new Joined4<>(next(right, JoinPlan.Kind.INNER, on));
  }

  /** Left outer join with a fourth dataset: its columns become nullable. */
  public <R2 extends Record, V2, N2> Joined4<A, NA, B, NB, C, NC, N2, N2> leftJoin(
      TypedDataset<R2, V2, N2> right,
      Fn4<? super A, ? super B, ? super C, ? super V2, ? extends Expr<Boolean>> on) {
    return new Joined4<>(next(right, JoinPlan.Kind.LEFT, on));
  }

  /** Right outer join with a fourth dataset: the other inputs' columns become nullable. */
  public <R2 extends Record, V2, N2> Joined4<NA, NA, NB, NB, NC, NC, V2, N2> rightJoin(
      TypedDataset<R2, V2, N2> right,
      Fn4<? super A, ? super B, ? super C, ? super V2, ? extends Expr<Boolean>> on) {
    return new Joined4<>(next(right, JoinPlan.Kind.RIGHT, on));
  }

  /** Full outer join with a fourth dataset: every input's columns become nullable. */
  public <R2 extends Record, V2, N2> Joined4<NA, NA, NB, NB, NC, NC, N2, N2> fullJoin(
      TypedDataset<R2, V2, N2> right,
      Fn4<? super A, ? super B, ? super C, ? super V2, ? extends Expr<Boolean>> on) {
    return new Joined4<>(next(right, JoinPlan.Kind.FULL, on));
  }

  /** The joined rows that have a match in {@code right}; {@code right}'s columns are not kept. */
  public <R2 extends Record, V2, N2> Joined3<A, NA, B, NB, C, NC> semiJoin(
      TypedDataset<R2, V2, N2> right,
      Fn4<? super A, ? super B, ? super C, ? super V2, ? extends Expr<Boolean>> on) {
    return new Joined3<>(next(right, JoinPlan.Kind.SEMI, on));
  }

  /** The joined rows that have no match in {@code right}. */
  public <R2 extends Record, V2, N2> Joined3<A, NA, B, NB, C, NC> antiJoin(
      TypedDataset<R2, V2, N2> right,
      Fn4<? super A, ? super B, ? super C, ? super V2, ? extends Expr<Boolean>> on) {
    return new Joined3<>(next(right, JoinPlan.Kind.ANTI, on));
  }

  /** The joined rows, every input's columns qualified by its alias ({@code _w0}, ...). */
  public Dataset<Row> toDF() {
    return plan.rows();
  }
}
