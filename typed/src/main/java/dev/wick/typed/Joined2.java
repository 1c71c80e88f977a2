package dev.wick.typed;

import java.util.function.BiFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * Two joined datasets, seen through one view per input. A side that the join may leave empty (the
 * right side of a left join, the left of a right join, both of a full join) is seen through its
 * nullable view, whose every column is a {@link NullableCol}.
 *
 * <pre>{@code
 * Joined2<AdEvent_, AdEvent_.Nullable, AdDecision_.Nullable, AdDecision_.Nullable> joined =
 *     events.leftJoin(decisions, (e, d) -> e.ad_response_id().eq(d.ad_response_id()));
 * }</pre>
 *
 * @param <A> the first input's current view
 * @param <NA> the first input's nullable view
 * @param <B> the second input's current view
 * @param <NB> the second input's nullable view
 */
public final class Joined2<A, NA, B, NB> {
  private final JoinPlan plan;

  Joined2(JoinPlan plan) {
    this.plan = plan;
  }

  @SuppressWarnings("unchecked")
  private <X> X apply(BiFunction<? super A, ? super B, X> f) {
    var v = plan.views();
    return f.apply((A) v.get(0), (B) v.get(1));
  }

  /** The rows where {@code condition} holds (null counts as false, as in SQL). */
  public Joined2<A, NA, B, NB> filter(
      BiFunction<? super A, ? super B, ? extends Expr<Boolean>> condition) {
    return new Joined2<>(plan.filter(apply(condition)));
  }

  /** Each joined row projected into a record. */
  public <R extends Record, V, N> TypedDataset<R, V, N> select(
      BiFunction<? super A, ? super B, Projection<R, V, N>> projection) {
    return plan.select(apply(projection));
  }

  @SuppressWarnings("unchecked")
  private <V> JoinPlan next(
      TypedDataset<?, V, ?> right,
      JoinPlan.Kind kind,
      Fn3<? super A, ? super B, ? super V, ? extends Expr<Boolean>> on) {
    return plan.join(right, kind, v -> on.apply((A) v.get(0), (B) v.get(1), (V) v.get(2)));
  }

  /** Inner join with a third dataset. */
  public <R3 extends Record, V3, N3> Joined3<A, NA, B, NB, V3, N3> join(
      TypedDataset<R3, V3, N3> right,
      Fn3<? super A, ? super B, ? super V3, ? extends Expr<Boolean>> on) {
    return new Joined3<>(next(right, JoinPlan.Kind.INNER, on));
  }

  /** Left outer join with a third dataset: its columns become nullable. */
  public <R3 extends Record, V3, N3> Joined3<A, NA, B, NB, N3, N3> leftJoin(
      TypedDataset<R3, V3, N3> right,
      Fn3<? super A, ? super B, ? super V3, ? extends Expr<Boolean>> on) {
    return new Joined3<>(next(right, JoinPlan.Kind.LEFT, on));
  }

  /** Right outer join with a third dataset: the first two inputs' columns become nullable. */
  public <R3 extends Record, V3, N3> Joined3<NA, NA, NB, NB, V3, N3> rightJoin(
      TypedDataset<R3, V3, N3> right,
      Fn3<? super A, ? super B, ? super V3, ? extends Expr<Boolean>> on) {
    return new Joined3<>(next(right, JoinPlan.Kind.RIGHT, on));
  }

  /** Full outer join with a third dataset: every input's columns become nullable. */
  public <R3 extends Record, V3, N3> Joined3<NA, NA, NB, NB, N3, N3> fullJoin(
      TypedDataset<R3, V3, N3> right,
      Fn3<? super A, ? super B, ? super V3, ? extends Expr<Boolean>> on) {
    return new Joined3<>(next(right, JoinPlan.Kind.FULL, on));
  }

  /** The joined rows that have a match in {@code right}; {@code right}'s columns are not kept. */
  public <R3 extends Record, V3, N3> Joined2<A, NA, B, NB> semiJoin(
      TypedDataset<R3, V3, N3> right,
      Fn3<? super A, ? super B, ? super V3, ? extends Expr<Boolean>> on) {
    return new Joined2<>(next(right, JoinPlan.Kind.SEMI, on));
  }

  /** The joined rows that have no match in {@code right}. */
  public <R3 extends Record, V3, N3> Joined2<A, NA, B, NB> antiJoin(
      TypedDataset<R3, V3, N3> right,
      Fn3<? super A, ? super B, ? super V3, ? extends Expr<Boolean>> on) {
    return new Joined2<>(next(right, JoinPlan.Kind.ANTI, on));
  }

  /** The joined rows, every input's columns qualified by its alias ({@code _w0}, {@code _w1}). */
  public Dataset<Row> toDF() {
    return plan.rows();
  }
}
