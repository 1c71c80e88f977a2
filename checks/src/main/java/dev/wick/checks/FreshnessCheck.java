package dev.wick.checks;

import static dev.wick.checks.Messages.result;
import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.lit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wick.core.WickException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Function;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;

/**
 * The newest value of a timestamp or date {@code field} is at most {@code maxAge} before {@code
 * at}, or before the time of the run when {@code at} is absent.
 *
 * @param field the field path of a timestamp or date field
 * @param maxAge the largest age allowed
 * @param at the time to measure the age from (default: now)
 */
public record FreshnessCheck(String field, Duration maxAge, Optional<Instant> at)
    implements Check.Rule {
  public FreshnessCheck {
    Objects.requireNonNull(maxAge, "maxAge");
    Objects.requireNonNull(at, "at");
  }

  @Override
  public String describe() {
    return "freshness(" + field + ")";
  }

  static final CheckKind<FreshnessCheck> KIND =
      new CheckKind<>(FreshnessCheck.class, "freshness", List.of("field", "maxAge", "at")) {
        @Override
        Check.Rule parse(ChecksFile.Fields f) {
          String field = f.field();
          String age = f.text("maxAge", "a duration such as 36h, 7d or PT30M");
          Duration maxAge = Numbers.parseDuration(age);
          if (maxAge == null || maxAge.isNegative() || maxAge.isZero()) {
            throw WickException.usage(
                f.here()
                    + ": maxAge is '"
                    + age
                    + "', not a positive duration; write it as 36h, 7d, 90m, 30s or PT36H.");
          }
          Optional<Instant> at = Optional.empty();
          JsonNode atNode = f.node().get("at");
          if (atNode != null && !atNode.isNull()) {
            try {
              at = Optional.of(Instant.parse(atNode.asText()));
            } catch (DateTimeParseException e) {
              throw WickException.usage(
                  f.here()
                      + ": at is "
                      + ChecksFile.describe(atNode)
                      + ", not an instant; write it as 2024-05-01T00:00:00Z, or leave it out for"
                      + " now.");
            }
          }
          return new FreshnessCheck(field, maxAge, at);
        }

        @Override
        void write(FreshnessCheck r, ObjectNode o) {
          o.put("field", r.field()).put("maxAge", Numbers.duration(r.maxAge()));
          r.at().ifPresent(at -> o.put("at", at.toString()));
        }

        @Override
        Planned plan(Check check, FreshnessCheck r, Planning p) {
          Resolved f = p.field(check, r.field());
          if (!(f.type() instanceof TimestampType
              || f.type() instanceof TimestampNTZType
              || f.type() instanceof DateType)) {
            throw Resolved.typeError(check, r.field(), f.type(), "a timestamp or a date");
          }
          int at = p.add(f.max());
          Instant reference = r.at().orElse(p.now());
          String bound = "within " + Numbers.duration(r.maxAge()) + " of " + reference;
          return new Planned(
                  check,
                  a -> {
                    Instant newest = a.isNullAt(at) ? null : instant(a.get(at));
                    if (newest == null) {
                      return result(
                          check,
                          false,
                          null,
                          bound,
                          OptionalLong.empty(),
                          check.name()
                              + ": "
                              + r.field()
                              + " has no values; its newest must be "
                              + bound
                              + ".");
                    }
                    Duration age = Duration.between(newest, reference);
                    boolean ok = age.compareTo(r.maxAge()) <= 0;
                    return result(
                        check,
                        ok,
                        newest.toString(),
                        bound,
                        OptionalLong.empty(),
                        check.name()
                            + ": the newest "
                            + r.field()
                            + " is "
                            + newest
                            + ", "
                            + age(age)
                            + " before "
                            + reference
                            + "; it must be "
                            + bound
                            + ".");
                  },
                  Optional.empty())
              .rowsWhereValue(
                  f,
                  stale(f.type(), reference.minus(r.maxAge())),
                  "is more than " + Numbers.duration(r.maxAge()) + " before " + reference);
        }
      };

  /**
   * Whether a value is older than {@code oldest}, compared in the field's own type: a date counts
   * as the start of its day in UTC, a timestamp without time zone as a time in UTC, as the newest
   * value is judged. A null value is never stale.
   */
  private static Function<Column, Column> stale(DataType type, Instant oldest) {
    LocalDateTime utc = LocalDateTime.ofInstant(oldest, ZoneOffset.UTC);
    if (type instanceof TimestampType) {
      return v -> coalesce(v.lt(lit(java.sql.Timestamp.from(oldest))), lit(false));
    }
    if (type instanceof TimestampNTZType) {
      return v -> coalesce(v.lt(lit(utc)), lit(false));
    }
    return v -> coalesce(v.cast(DataTypes.TimestampNTZType).lt(lit(utc)), lit(false));
  }

  private static Instant instant(Object v) {
    if (v instanceof java.sql.Timestamp t) {
      return t.toInstant();
    } else if (v instanceof Instant i) {
      return i;
    } else if (v instanceof java.sql.Date d) {
      return d.toLocalDate().atStartOfDay(ZoneOffset.UTC).toInstant();
    } else if (v instanceof LocalDate d) {
      return d.atStartOfDay(ZoneOffset.UTC).toInstant();
    } else if (v instanceof LocalDateTime t) {
      return t.toInstant(ZoneOffset.UTC);
    }
    throw new IllegalStateException("not a time: " + v.getClass());
  }

  /** An age such as {@code 3d 2h 5m}. */
  private static String age(Duration d) {
    return d.isNegative() ? Numbers.duration(d.negated()) + " after, not" : Numbers.span(d);
  }
}
