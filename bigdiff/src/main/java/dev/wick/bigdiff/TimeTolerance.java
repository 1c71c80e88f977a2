package dev.wick.bigdiff;

import static org.apache.spark.sql.functions.abs;
import static org.apache.spark.sql.functions.date_diff;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.timestamp_diff;

import dev.wick.core.schema.DataType;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import org.apache.spark.sql.Column;

/**
 * Dates and timestamps are equal when at most {@code tolerance} apart ({@link
 * BigDiff#tolerance(String, Duration)}): timestamps to the microsecond, dates by whole days.
 */
record TimeTolerance(Duration tolerance) implements Builtin {

  TimeTolerance {
    Objects.requireNonNull(tolerance, "tolerance");
  }

  @Override
  public boolean appliesTo(DataType type) {
    return Rules.isTime(type);
  }

  @Override
  public Optional<Column> close(Column l, Column r, DataType type) {
    if (type instanceof DataType.DateType) {
      return Optional.of(abs(date_diff(r, l)).leq(lit(tolerance.toDays())));
    }
    long micros;
    try {
      micros = Math.multiplyExact(tolerance.getSeconds(), 1_000_000L) + tolerance.getNano() / 1_000;
    } catch (ArithmeticException e) {
      micros = Long.MAX_VALUE;
    }
    return Optional.of(
        abs(timestamp_diff("MICROSECOND", l, r).cast("decimal(20,0)")).leq(lit(micros)));
  }
}
