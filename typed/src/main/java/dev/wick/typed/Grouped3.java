package dev.wick.typed;

import java.util.List;
import java.util.Set;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * Rows grouped by 3 keys, waiting for {@link #agg}: each group becomes one record whose components
 * are the keys and aggregates, all of them {@link Agg}s.
 *
 * @param <V> the rows' view
 * @param <K1> the typed expression of key 1
 * @param <K2> the typed expression of key 2
 * @param <K3> the typed expression of key 3
 */
public final class Grouped3<V, K1 extends Expr<?>, K2 extends Expr<?>, K3 extends Expr<?>> {
  private final Dataset<Row> rows;
  private final Set<String> inputs;
  private final V view;
  private final K1 key0;
  private final K2 key1;
  private final K3 key2;

  Grouped3(Dataset<Row> rows, Set<String> inputs, V view, K1 key0, K2 key1, K3 key2) {
    this.rows = rows;
    this.inputs = inputs;
    this.view = view;
    this.key0 = key0;
    this.key1 = key1;
    this.key2 = key2;
  }

  /**
   * One record per group: {@code f} gets the keys (as aggregate-level values) and the rows' view,
   * and returns the record's generated {@code of(...)} factory applied to aggregates.
   */
  public <R extends Record, RV, RN> TypedDataset<R, RV, RN> agg(
      Fn4<? super Agg<K1>, ? super Agg<K2>, ? super Agg<K3>, ? super V, AggProjection<R, RV, RN>>
          f) {
    AggProjection<R, RV, RN> target =
        f.apply(Agg.key(key0, 0), Agg.key(key1, 1), Agg.key(key2, 2), view);
    return Aggregation.run(rows, inputs, List.of(key0, key1, key2), target);
  }
}
