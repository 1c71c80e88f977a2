package dev.wick.typed;

import java.util.Map;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.functions;
import org.jspecify.annotations.Nullable;

/**
 * A non-null map column ({@code Map<K, V>}); its values are {@code X}.
 *
 * @param <K> the Java type of the keys
 * @param <V> the Java type of the values
 * @param <X> the typed expression of one value
 */
public final class MapCol<K, V, X extends Expr<V>> extends Col<Map<K, V>> {
  private final Maker<X> value;

  MapCol(Column column, @Nullable String field, Maker<X> value) {
    super(column, field);
    this.value = value;
  }

  @Override
  MapCol<K, V, X> remake(Column column) {
    return new MapCol<>(column, null, value);
  }

  @Override
  public NullableCol<Map<K, V>, MapCol<K, V, X>> asNullable() {
    return new NullableCol<>(column(), field(), c -> new MapCol<>(c, null, value));
  }

  /** The number of entries. */
  public IntCol size() {
    return new IntCol(functions.size(column()), null);
  }

  /** True where the map has the key {@code key}. */
  public BoolCol containsKey(K key) {
    return new BoolCol(
        functions.map_contains_key(column(), Literals.of(nonNull(key, "containsKey"))), null);
  }
}
