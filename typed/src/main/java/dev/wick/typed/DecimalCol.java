package dev.wick.typed;

import org.apache.spark.sql.Column;
import org.jspecify.annotations.Nullable;

/**
 * A non-null {@code decimal(p, s)} column; sums and divisions stay decimal, as Spark widens them.
 */
public final class DecimalCol
    extends NumCol<java.math.BigDecimal, DecimalCol, DecimalCol, DecimalCol> {
  DecimalCol(Column column, @Nullable String field) {
    super(column, field);
  }

  @Override
  DecimalCol self(Column column) {
    return new DecimalCol(column, null);
  }

  @Override
  DecimalCol sumOf(Column column) {
    return new DecimalCol(column, null);
  }

  @Override
  DecimalCol fractional(Column column) {
    return new DecimalCol(column, null);
  }

  @Override
  public NullableCol<java.math.BigDecimal, DecimalCol> asNullable() {
    return new NullableCol<>(column(), field(), c -> new DecimalCol(c, null));
  }

  /** {@code round(this, scale)}, half up. */
  public DecimalCol round(int scale) {
    return new DecimalCol(org.apache.spark.sql.functions.round(column(), scale), null);
  }
}
