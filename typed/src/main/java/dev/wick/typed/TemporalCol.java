package dev.wick.typed;

import org.apache.spark.sql.Column;
import org.apache.spark.sql.functions;
import org.jspecify.annotations.Nullable;

/**
 * A non-null date or timestamp column: the calendar parts both share, as Spark's date functions
 * take either.
 *
 * @param <T> the Java type of the values
 */
public abstract sealed class TemporalCol<T> extends OrdCol<T> permits DateCol, TimestampCol {
  TemporalCol(Column column, @Nullable String field) {
    super(column, field);
  }

  /** The year. */
  public IntCol year() {
    return new IntCol(functions.year(column()), null);
  }

  /** The month, 1 to 12. */
  public IntCol month() {
    return new IntCol(functions.month(column()), null);
  }

  /** The day of the month, 1 to 31. */
  public IntCol dayOfMonth() {
    return new IntCol(functions.dayofmonth(column()), null);
  }
}
