package dev.wick.typed;

import org.apache.spark.sql.Column;
import org.apache.spark.sql.functions;
import org.jspecify.annotations.Nullable;

/**
 * A non-null timestamp column: {@code TimestampCol<Instant>} for Spark's {@code timestamp} (an
 * instant, shown in the session time zone) or {@code TimestampCol<LocalDateTime>} for {@code
 * timestamp_ntz} (a wall-clock date-time).
 *
 * @param <T> {@code java.time.Instant} or {@code java.time.LocalDateTime}
 */
public final class TimestampCol<T> extends TemporalCol<T> {
  TimestampCol(Column column, @Nullable String field) {
    super(column, field);
  }

  @Override
  TimestampCol<T> remake(Column column) {
    return new TimestampCol<>(column, null);
  }

  @Override
  public NullableCol<T, TimestampCol<T>> asNullable() {
    return new NullableCol<>(column(), field(), c -> new TimestampCol<>(c, null));
  }

  /** The date part (in the session time zone for instants). */
  public DateCol toDate() {
    return new DateCol(functions.to_date(column()), null);
  }

  /** The hour, 0 to 23. */
  public IntCol hour() {
    return new IntCol(functions.hour(column()), null);
  }

  /** The minute, 0 to 59. */
  public IntCol minute() {
    return new IntCol(functions.minute(column()), null);
  }

  /** Truncated to the {@code unit} ({@code "hour"}, {@code "day"}, {@code "month"}, ...). */
  public TimestampCol<T> truncate(String unit) {
    return new TimestampCol<>(functions.date_trunc(unit, column()), null);
  }

  /** Formatted with a Spark datetime pattern, such as {@code "yyyy-MM-dd HH:mm"}. */
  public StrCol format(String pattern) {
    return new StrCol(functions.date_format(column(), pattern), null);
  }
}
