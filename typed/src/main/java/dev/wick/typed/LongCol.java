package dev.wick.typed;

import org.apache.spark.sql.Column;
import org.jspecify.annotations.Nullable;

/** A non-null {@code bigint} column; divisions are doubles. */
public final class LongCol extends NumCol<Long, LongCol, LongCol, DoubleCol> {
  LongCol(Column column, @Nullable String field) {
    super(column, field);
  }

  @Override
  LongCol self(Column column) {
    return new LongCol(column, null);
  }

  @Override
  LongCol sumOf(Column column) {
    return new LongCol(column, null);
  }

  @Override
  DoubleCol fractional(Column column) {
    return new DoubleCol(column, null);
  }

  @Override
  public NullableCol<Long, LongCol> asNullable() {
    return new NullableCol<>(column(), field(), c -> new LongCol(c, null));
  }
}
