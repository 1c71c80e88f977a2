package dev.wick.typed;

import org.apache.spark.sql.Column;
import org.jspecify.annotations.Nullable;

/**
 * A non-null column holding a nested record {@code R}; {@link #fields()} reads its fields through
 * the record's metamodel.
 *
 * @param <R> the nested record type
 * @param <V> its metamodel view
 */
public final class StructCol<R extends Record, V> extends Col<R> {
  private final Meta<R, V, ?> meta;

  StructCol(Column column, @Nullable String field, Meta<R, V, ?> meta) {
    super(column, field);
    this.meta = meta;
  }

  @Override
  StructCol<R, V> remake(Column column) {
    return new StructCol<>(column, null, meta);
  }

  @Override
  public NullableCol<R, StructCol<R, V>> asNullable() {
    return new NullableCol<>(column(), field(), c -> new StructCol<>(c, null, meta));
  }

  /** The nested record's fields, typed by its metamodel. */
  public V fields() {
    return meta.view(ColumnSource.struct(column()));
  }
}
