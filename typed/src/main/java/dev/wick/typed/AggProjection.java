package dev.wick.typed;

import java.util.List;

/**
 * Aggregate values for each component of a record {@code R}, built by the record's generated {@code
 * of(...)} factory from {@link Agg}s: what {@code agg} takes. A plain column is not an {@code Agg},
 * so a non-aggregate value in an aggregation does not compile.
 *
 * @param <R> the record type
 * @param <V> its view
 * @param <N> its nullable view
 */
public final class AggProjection<R extends Record, V, N> {
  private final Meta<R, V, N> meta;
  private final List<Agg<?>> values;

  AggProjection(Meta<R, V, N> meta, List<Agg<?>> values) {
    this.meta = meta;
    this.values = List.copyOf(values);
  }

  Meta<R, V, N> meta() {
    return meta;
  }

  List<Agg<?>> values() {
    return values;
  }
}
