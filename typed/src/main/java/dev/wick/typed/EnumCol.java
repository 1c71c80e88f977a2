package dev.wick.typed;

import org.apache.spark.sql.Column;
import org.jspecify.annotations.Nullable;

/**
 * A non-null column of a Java enum, stored by Spark as the constant's name. Enums compare for
 * equality only: Spark would order them by name, Java by declaration, so neither order is offered.
 *
 * @param <E> the enum type
 */
public final class EnumCol<E extends Enum<E>> extends Col<E> {
  EnumCol(Column column, @Nullable String field) {
    super(column, field);
  }

  @Override
  EnumCol<E> remake(Column column) {
    return new EnumCol<>(column, null);
  }

  @Override
  public NullableCol<E, EnumCol<E>> asNullable() {
    return new NullableCol<>(column(), field(), c -> new EnumCol<>(c, null));
  }
}
