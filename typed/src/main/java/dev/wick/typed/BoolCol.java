package dev.wick.typed;

import org.apache.spark.sql.Column;
import org.apache.spark.sql.functions;
import org.jspecify.annotations.Nullable;

/** A non-null boolean column: the type of comparisons, and of filter and join conditions. */
public final class BoolCol extends Col<Boolean> {
  BoolCol(Column column, @Nullable String field) {
    super(column, field);
  }

  @Override
  BoolCol remake(Column column) {
    return new BoolCol(column, null);
  }

  @Override
  public NullableCol<Boolean, BoolCol> asNullable() {
    return new NullableCol<>(column(), field(), c -> new BoolCol(c, null));
  }

  /** {@code this AND other}. */
  public BoolCol and(BoolCol other) {
    return new BoolCol(column().and(other.column()), null);
  }

  /** {@code this OR other}. */
  public BoolCol or(BoolCol other) {
    return new BoolCol(column().or(other.column()), null);
  }

  /** {@code NOT this}. */
  public BoolCol not() {
    return new BoolCol(functions.not(column()), null);
  }
}
