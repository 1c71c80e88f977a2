package dev.wick.typed;

import org.apache.spark.sql.Column;
import org.apache.spark.sql.functions;
import org.jspecify.annotations.Nullable;

/** A non-null binary column ({@code byte[]}): equality and length, no order, no arithmetic. */
public final class BinaryCol extends Col<byte[]> {
  BinaryCol(Column column, @Nullable String field) {
    super(column, field);
  }

  @Override
  BinaryCol remake(Column column) {
    return new BinaryCol(column, null);
  }

  @Override
  public NullableCol<byte[], BinaryCol> asNullable() {
    return new NullableCol<>(column(), field(), c -> new BinaryCol(c, null));
  }

  /** The number of bytes. */
  public IntCol length() {
    return new IntCol(functions.length(column()), null);
  }
}
