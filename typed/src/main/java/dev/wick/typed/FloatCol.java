package dev.wick.typed;

import org.apache.spark.sql.Column;
import org.jspecify.annotations.Nullable;

/** A non-null {@code float} column; sums and divisions are doubles. */
public final class FloatCol extends NumCol<Float, FloatCol, DoubleCol, DoubleCol> {
  FloatCol(Column column, @Nullable String field) {
    super(column, field);
  }

  @Override
  FloatCol self(Column column) {
    return new FloatCol(column, null);
  }

  @Override
  DoubleCol sumOf(Column column) {
    return new DoubleCol(column, null);
  }

  @Override
  DoubleCol fractional(Column column) {
    return new DoubleCol(column, null);
  }

  @Override
  public NullableCol<Float, FloatCol> asNullable() {
    return new NullableCol<>(column(), field(), c -> new FloatCol(c, null));
  }
}
