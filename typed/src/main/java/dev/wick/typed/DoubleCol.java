package dev.wick.typed;

import org.apache.spark.sql.Column;
import org.jspecify.annotations.Nullable;

/** A non-null {@code double} column. */
public final class DoubleCol extends NumCol<Double, DoubleCol, DoubleCol, DoubleCol> {
  DoubleCol(Column column, @Nullable String field) {
    super(column, field);
  }

  @Override
  DoubleCol self(Column column) {
    return new DoubleCol(column, null);
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
  public NullableCol<Double, DoubleCol> asNullable() {
    return new NullableCol<>(column(), field(), c -> new DoubleCol(c, null));
  }

  /** True where the value is NaN. */
  public BoolCol isNaN() {
    return new BoolCol(column().isNaN(), null);
  }

  /** {@code round(this, scale)}, half up. */
  public DoubleCol round(int scale) {
    return new DoubleCol(org.apache.spark.sql.functions.round(column(), scale), null);
  }

  /** {@code floor(this)} as a long. */
  public LongCol floor() {
    return new LongCol(org.apache.spark.sql.functions.floor(column()), null);
  }

  /** {@code ceil(this)} as a long. */
  public LongCol ceil() {
    return new LongCol(org.apache.spark.sql.functions.ceil(column()), null);
  }
}
