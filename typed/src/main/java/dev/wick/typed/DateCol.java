package dev.wick.typed;

import java.time.LocalDate;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.functions;
import org.jspecify.annotations.Nullable;

/** A non-null date column ({@link LocalDate}). */
public final class DateCol extends TemporalCol<LocalDate> {
  DateCol(Column column, @Nullable String field) {
    super(column, field);
  }

  @Override
  DateCol remake(Column column) {
    return new DateCol(column, null);
  }

  @Override
  public NullableCol<LocalDate, DateCol> asNullable() {
    return new NullableCol<>(column(), field(), c -> new DateCol(c, null));
  }

  /** The day of the week, 1 (Sunday) to 7 (Saturday), as Spark numbers them. */
  public IntCol dayOfWeek() {
    return new IntCol(functions.dayofweek(column()), null);
  }

  /** The date {@code days} days later. */
  public DateCol plusDays(int days) {
    return new DateCol(functions.date_add(column(), days), null);
  }

  /** The date {@code days} days earlier. */
  public DateCol minusDays(int days) {
    return new DateCol(functions.date_sub(column(), days), null);
  }

  /** The date {@code months} months later. */
  public DateCol plusMonths(int months) {
    return new DateCol(functions.add_months(column(), months), null);
  }

  /** The number of days from this date to {@code end} ({@code datediff(end, this)}). */
  public IntCol daysUntil(DateCol end) {
    return new IntCol(functions.datediff(end.column(), column()), null);
  }

  /** The first day of the {@code unit} ({@code "year"}, {@code "month"}, {@code "week"}). */
  public DateCol truncate(String unit) {
    return new DateCol(functions.trunc(column(), unit), null);
  }

  /** The date formatted with a Spark datetime pattern, such as {@code "yyyy-MM"}. */
  public StrCol format(String pattern) {
    return new StrCol(functions.date_format(column(), pattern), null);
  }
}
