package dev.wick.checks;

import static org.apache.spark.sql.functions.not;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wick.core.WickException;
import dev.wick.core.spark.TextSet;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.NumericType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;

/**
 * At least {@code minFraction} of the non-null values of {@code field} are one of {@code values}.
 *
 * @param field the field path
 * @param values the allowed values (strings, numbers or booleans)
 * @param minFraction the smallest share of allowed values, 0 to 1
 */
public record AllowedValuesCheck(String field, List<?> values, double minFraction)
    implements Check.Rule {
  public AllowedValuesCheck {
    values =
        values.stream()
            .map(
                v ->
                    v instanceof Integer || v instanceof Short || v instanceof Byte
                        ? (Object) ((Number) v).longValue()
                        : v instanceof Float f
                            ? (Object) f.doubleValue()
                            : Objects.requireNonNull(v, "an allowed value"))
            .toList();
  }

  @Override
  public String describe() {
    return "allowedValues(" + field + ")";
  }

  static final CheckKind<AllowedValuesCheck> KIND =
      new CheckKind<>(
          AllowedValuesCheck.class, "allowedValues", List.of("field", "values", "minFraction")) {
        @Override
        Check.Rule parse(ChecksFile.Fields f) {
          return new AllowedValuesCheck(f.field(), f.values(), f.fraction("minFraction", 1.0));
        }

        @Override
        void write(AllowedValuesCheck r, ObjectNode o) {
          o.put("field", r.field());
          ArrayNode a = o.putArray("values");
          for (Object v : r.values()) {
            if (v instanceof Long l) {
              a.add(l);
            } else if (v instanceof Double d) {
              a.add(d);
            } else if (v instanceof Boolean b) {
              a.add(b);
            } else {
              a.add(String.valueOf(v));
            }
          }
          ChecksFile.fraction(o, r.minFraction());
        }

        @Override
        Planned plan(Check check, AllowedValuesCheck r, Planning p) {
          Resolved f = p.field(check, r.field());
          Object[] allowed = literals(check, r, f.type());
          // Plain text compares byte by byte, as TextSet does; other types (and collated text)
          // keep isin's own comparison.
          Function<Column, Column> in =
              f.type().equals(DataTypes.StringType)
                  ? TextSet.of(Arrays.stream(allowed).map(String.class::cast).toList())::column
                  : v -> v.isin(allowed);
          return p.share(
              check,
              f,
              v -> v.isNotNull().and(not(in.apply(v))),
              r.minFraction(),
              "are not one of " + listed(r.values()),
              "is not one of " + listed(r.values()));
        }
      };

  /**
   * The allowed values as literals of the field's type: text for a string field (a number in the
   * file counts as its text), numbers for a numeric field, booleans for a boolean one. A value the
   * field's type cannot hold is refused here, before Spark would fail casting it on the first row.
   */
  private static Object[] literals(Check check, AllowedValuesCheck r, DataType type) {
    List<Object> out = new ArrayList<>();
    for (Object v : r.values()) {
      Object literal = v;
      if (type instanceof StringType) {
        literal = String.valueOf(v);
      } else if (type instanceof NumericType) {
        literal = v instanceof Number ? v : number(String.valueOf(v));
      } else if (type instanceof org.apache.spark.sql.types.BooleanType) {
        literal =
            v instanceof Boolean
                ? v
                : switch (String.valueOf(v)) {
                  case "true" -> Boolean.TRUE;
                  case "false" -> Boolean.FALSE;
                  default -> null;
                };
      } else if (type instanceof DateType
          || type instanceof TimestampType
          || type instanceof TimestampNTZType) {
        literal = time(String.valueOf(v), type instanceof DateType);
      } else {
        throw Resolved.typeError(
            check, r.field(), type, "a string, number, boolean, date or timestamp");
      }
      if (literal == null) {
        throw WickException.usage(
            "Check '"
                + check.name()
                + "' allows the value "
                + v
                + ", which "
                + r.field()
                + " ("
                + Resolved.article(type.simpleString())
                + ") cannot hold; list values of that type.");
      }
      out.add(literal);
    }
    return out.toArray();
  }

  /** {@code text} when it reads as a date (or a date and time), which Spark's cast then takes. */
  private static String time(String text, boolean date) {
    String t = text.strip();
    try {
      if (date) {
        LocalDate.parse(t);
      } else if (t.endsWith("Z") || t.matches(".*[+-][0-9]{2}:[0-9]{2}$")) {
        java.time.OffsetDateTime.parse(t.replace(' ', 'T'));
      } else {
        LocalDateTime.parse(t.replace(' ', 'T'));
      }
      return t;
    } catch (java.time.format.DateTimeParseException e) {
      return null;
    }
  }

  private static java.math.BigDecimal number(String text) {
    try {
      return new java.math.BigDecimal(text.strip());
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** The first ten values, and how many more there are. */
  private static String listed(List<?> values) {
    String shown = values.stream().limit(10).map(String::valueOf).collect(Collectors.joining(", "));
    return values.size() > 10 ? shown + " (and " + (values.size() - 10) + " more)" : shown;
  }
}
