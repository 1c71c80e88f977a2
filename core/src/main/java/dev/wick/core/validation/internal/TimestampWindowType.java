package dev.wick.core.validation.internal;

import static org.apache.spark.sql.functions.lit;

import dev.wick.core.schema.DataType;
import dev.wick.core.schema.DataType.TimestampType;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.SplittableRandom;
import org.apache.spark.sql.Column;

/**
 * {@code timestamp_window(from=, to=)}: a timestamp in the half-open window {@code [from, to)}
 * (either end may be left out). Bounds are ISO-8601 instants ({@code 2024-01-01T00:00:00Z}),
 * date-times or dates, read in UTC; for local timestamps (no zone) they are wall-clock times.
 */
final class TimestampWindowType extends BuiltinType {
  private static final Duration OPEN_SPAN = Duration.ofDays(365);

  private final Instant from;
  private final Instant to;

  private TimestampWindowType(String tail, Instant from, Instant to) {
    super("timestamp_window", tail);
    this.from = from;
    this.to = to;
  }

  static TimestampWindowType of(Params params) {
    Optional<String> fromText = params.get("from");
    Optional<String> toText = params.get("to");
    Instant from = fromText.map(t -> parse("from", t)).orElse(null);
    Instant to = toText.map(t -> parse("to", t)).orElse(null);
    if (from == null && to == null) {
      throw new IllegalArgumentException("timestamp_window needs from, to or both");
    }
    if (from != null && to != null && !from.isBefore(to)) {
      throw new IllegalArgumentException(
          "from " + fromText.get() + " is not before to " + toText.get());
    }
    String tail;
    if (from != null && to != null) {
      tail = "is not in [" + fromText.get() + ", " + toText.get() + ")";
    } else if (from != null) {
      tail = "is before " + fromText.get();
    } else {
      tail = "is not before " + toText.get();
    }
    return new TimestampWindowType(tail, from, to);
  }

  private static Instant parse(String key, String text) {
    try {
      return Instant.parse(text);
    } catch (DateTimeParseException e) {
      // try the next form
    }
    try {
      return LocalDateTime.parse(text).toInstant(ZoneOffset.UTC);
    } catch (DateTimeParseException e) {
      // try the next form
    }
    try {
      return LocalDate.parse(text).atStartOfDay(ZoneOffset.UTC).toInstant();
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          key
              + " '"
              + text
              + "' is not a timestamp such as 2024-01-01T00:00:00Z or a date such as 2024-01-01");
    }
  }

  @Override
  public boolean supports(DataType storage) {
    return storage instanceof TimestampType;
  }

  @Override
  boolean isValid(Object value) {
    Instant t;
    if (value instanceof LocalDateTime l) {
      t = l.toInstant(ZoneOffset.UTC);
    } else if (value instanceof OffsetDateTime o) {
      t = o.toInstant();
    } else if (value instanceof ZonedDateTime z) {
      t = z.toInstant();
    } else {
      t = (Instant) value;
    }
    return (from == null || !t.isBefore(from)) && (to == null || t.isBefore(to));
  }

  @Override
  Column predicate(Column value) {
    Column valid = lit(true);
    if (from != null) {
      valid = valid.and(value.geq(lit(from)));
    }
    if (to != null) {
      valid = valid.and(value.lt(lit(to)));
    }
    return valid;
  }

  @Override
  public Optional<Column> validWhen(Column value, DataType storage) {
    if (storage instanceof TimestampType ts && !ts.utcAdjusted()) {
      Column valid = lit(true);
      if (from != null) {
        valid = valid.and(value.geq(lit(LocalDateTime.ofInstant(from, ZoneOffset.UTC))));
      }
      if (to != null) {
        valid = valid.and(value.lt(lit(LocalDateTime.ofInstant(to, ZoneOffset.UTC))));
      }
      return Optional.of(valid);
    }
    return Optional.of(predicate(value));
  }

  /** Microseconds (or milliseconds) since the epoch, the unit of the storage type. */
  private static long unitOf(DataType storage) {
    return ((TimestampType) storage).precision() == DataType.Precision.MILLIS ? 1000L : 1L;
  }

  private static long micros(Instant i) {
    return Math.addExact(Math.multiplyExact(i.getEpochSecond(), 1_000_000L), i.getNano() / 1000);
  }

  private static Object value(long micros, DataType storage) {
    Instant i =
        Instant.ofEpochSecond(
            Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000L);
    return ((TimestampType) storage).utcAdjusted() ? i : LocalDateTime.ofInstant(i, ZoneOffset.UTC);
  }

  @Override
  public Object generateValid(SplittableRandom random, DataType storage) {
    long unit = unitOf(storage);
    long span = micros(Instant.EPOCH.plus(OPEN_SPAN));
    long lo = from != null ? micros(from) : micros(to) - span;
    long hi = to != null ? micros(to) - 1 : lo + span;
    long loUnits = Math.floorDiv(lo + unit - 1, unit);
    long hiUnits = Math.floorDiv(hi, unit);
    int edge = random.nextInt(10);
    long units =
        edge == 0
            ? loUnits
            : edge == 1 ? hiUnits : loUnits + random.nextLong(hiUnits - loUnits + 1);
    return value(units * unit, storage);
  }

  @Override
  public Optional<Object> generateInvalid(SplittableRandom random, DataType storage) {
    long unit = unitOf(storage);
    long offset = (1 + random.nextLong(micros(Instant.EPOCH.plus(OPEN_SPAN)) / unit)) * unit;
    boolean before = from != null && (to == null || random.nextBoolean());
    long micros;
    if (before) {
      micros = Math.floorDiv(micros(from) - offset, unit) * unit;
    } else {
      micros = Math.floorDiv(micros(to) + offset - unit, unit) * unit;
      if (random.nextInt(5) == 0) {
        micros = Math.floorDiv(micros(to) + unit - 1, unit) * unit;
      }
    }
    return Optional.of(value(micros, storage));
  }
}
