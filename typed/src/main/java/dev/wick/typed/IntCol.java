package dev.wick.typed;

import org.apache.spark.sql.Column;
import org.jspecify.annotations.Nullable;

/** A non-null {@code int} column; sums are longs, divisions doubles. */
public final class IntCol extends NumCol<Integer, IntCol, LongCol, DoubleCol> {
  IntCol(Column column, @Nullable String field) {
    super(column, field);
  }

  @Override
  IntCol self(Column column) {
    return new IntCol(column, null);
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
  public NullableCol<Integer, IntCol> asNullable() {
    return new NullableCol<>(column(), field(), c -> new IntCol(c, null));
  }
}
