package dev.wick.typed;

import java.util.List;
import java.util.Set;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * Rows grouped by one key, waiting for {@link #agg}: each group becomes one record whose components
 * are the keys and aggregates, all of them {@link Agg}s.
 *
 * <pre>{@code
 * projected
 *     .groupBy(p -> p.advertiser_name())
 *     .agg((name, p) -> AdSpend_.of(name, sum(p.micros_usd()).map(s -> s.divide(1_000_000L))));
 * }</pre>
 *
 * @param <V> the rows' view
 * @param <K> the typed expression of key 1
 */
public final class Grouped1<V, K extends Expr<?>> {
  private final Dataset<Row> rows;
  private final Set<String> inputs;
  private final V view;
  private final K key0;

  Grouped1(Dataset<Row> rows, Set<String> inputs, V view, K key0) {
    this.rows = rows;
    this.inputs = inputs;
    this.view = view;
    this.key0 = key0;
  }

  /**
   * One record per group: {@code f} gets the key (as aggregate-level values) and the rows' view,
   * and returns the record's generated {@code of(...)} factory applied to aggregates.
   */
  public <R extends Record, RV, RN> TypedDataset<R, RV, RN> agg(
      java.util.function.BiFunction<? super Agg<K>, ? super V, AggProjection<R, RV, RN>> f) {
    AggProjection<R, RV, RN> target = f.apply(Agg.key(key0, 0), view);
    return Aggregation.run(rows, inputs, List.of(key0), target);
  }
}
