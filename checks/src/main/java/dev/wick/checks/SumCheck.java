package dev.wick.checks;

import static dev.wick.checks.Messages.bounds;
import static dev.wick.checks.Messages.result;
import static org.apache.spark.sql.functions.aggregate;
import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.filter;
import static org.apache.spark.sql.functions.lit;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;

/**
 * The sum of {@code field}'s values is within bounds: a total that must reach a floor (revenue, the
 * plays of a day) or stay under a ceiling. Integers and decimals are summed exactly, as a decimal
 * of 38 digits that no realistic total overflows; floating point as a double. A field with no
 * values sums to 0, so an empty input fails a floor above 0.
 *
 * @param field the field path of a numeric field, or of numbers in arrays or maps
 * @param min the lower bound
 * @param max the upper bound
 */
public record SumCheck(String field, OptionalDouble min, OptionalDouble max) implements Check.Rule {
  @Override
  public String describe() {
    return "sum(" + field + ")";
  }

  static final CheckKind<SumCheck> KIND =
      new CheckKind<>(SumCheck.class, "sum", List.of("field", "min", "max")) {
        @Override
        Check.Rule parse(ChecksFile.Fields f) {
          return f.bounded(SumCheck::new);
        }

        @Override
        void write(SumCheck r, ObjectNode o) {
          ChecksFile.bounds(o.put("field", r.field()), r.min(), r.max());
        }

        @Override
        Planned plan(Check check, SumCheck r, Planning p) {
          int at = p.add(total(p.numeric(check, r.field())));
          String bound = bounds(r.min(), r.max());
          return new Planned(
              check,
              a -> {
                Object v = a.get(at);
                boolean ok = within(v, r.min(), r.max());
                return result(
                    check,
                    ok,
                    measured(v),
                    bound,
                    OptionalLong.empty(),
                    check.name()
                        + ": the sum of "
                        + r.field()
                        + " is "
                        + text(v)
                        + "; it must be "
                        + bound
                        + ".");
              },
              Optional.empty());
        }
      };

  /**
   * The sum of the values at {@code f}, 0 when there are none: integers and decimals exactly, as a
   * decimal of 38 digits (a long would overflow past 9.2e18, and Spark's own decimal sum keeps only
   * 10 digits more than the field), floating point as a double.
   */
  static Column total(Resolved f) {
    DataType type = f.type();
    DataType total =
        type instanceof DecimalType d
            ? DataTypes.createDecimalType(38, d.scale())
            : type instanceof FloatType || type instanceof DoubleType
                ? DataTypes.DoubleType
                : DataTypes.createDecimalType(38, 0);
    Column zero = lit(0).cast(total);
    Column sum =
        f.repeated()
            ? functions.sum(
                aggregate(
                    filter(f.column(), Column::isNotNull),
                    zero,
                    (acc, v) -> acc.plus(v.cast(total))))
            : functions.sum(f.column().cast(total));
    return coalesce(sum.cast(total), zero);
  }

  /**
   * Whether the sum {@code v} (a decimal or a double) lies within the bounds; an exact sum is
   * compared exactly with the bound as written ({@code 0.3}, not the double nearest it).
   */
  static boolean within(Object v, OptionalDouble min, OptionalDouble max) {
    if (v instanceof BigDecimal d) {
      return (min.isEmpty() || d.compareTo(BigDecimal.valueOf(min.getAsDouble())) >= 0)
          && (max.isEmpty() || d.compareTo(BigDecimal.valueOf(max.getAsDouble())) <= 0);
    }
    double x = ((Number) v).doubleValue();
    return (min.isEmpty() || x >= min.getAsDouble()) && (max.isEmpty() || x <= max.getAsDouble());
  }

  /**
   * The sum as a result records it: a long when it is a whole number a long holds, else a double
   * (the message keeps every digit of an exact sum).
   */
  static Object measured(Object v) {
    if (v instanceof BigDecimal d) {
      try {
        if (d.stripTrailingZeros().scale() <= 0) {
          return Long.valueOf(d.longValueExact());
        }
        return Double.valueOf(d.doubleValue());
      } catch (ArithmeticException beyondLong) {
        return d.doubleValue();
      }
    }
    return ((Number) v).doubleValue();
  }

  /** The sum written in full: every digit of an exact sum, the shortest form of a double. */
  static String text(Object v) {
    BigDecimal d =
        v instanceof BigDecimal exact ? exact : BigDecimal.valueOf(((Number) v).doubleValue());
    return d.signum() == 0 ? "0" : d.stripTrailingZeros().toPlainString();
  }
}
