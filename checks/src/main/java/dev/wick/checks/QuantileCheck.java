package dev.wick.checks;

import static dev.wick.checks.Messages.bounds;
import static dev.wick.checks.Messages.result;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.count_if;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.percentile_approx;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wick.core.report.Wording;
import dev.wick.profiler.FieldKind;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.types.NumericType;

/**
 * The {@code q} quantile of {@code field}'s values is within bounds (approximate: Spark's {@code
 * percentile_approx} with an accuracy of 10000, a rank error of about 0.01%).
 *
 * @param field the field path of a numeric field
 * @param q the quantile, 0 to 1 (0.5 is the median)
 * @param min the lower bound
 * @param max the upper bound
 */
public record QuantileCheck(String field, double q, OptionalDouble min, OptionalDouble max)
    implements Check.Rule {
  private static final int QUANTILE_ACCURACY = 10_000;

  @Override
  public String describe() {
    return "quantile(" + field + ", " + Numbers.text(q) + ")";
  }

  /**
   * Whether it passes is exact: the {@code q} quantile (the smallest value with at least that share
   * of the non-null values at or below it) is at least {@code min} exactly when fewer than that
   * share of the values are below {@code min}, and at most {@code max} exactly when that share of
   * them is at or below {@code max}; two code-generated counts decide it. The value reported is an
   * estimate from a quantile sketch, within the bounds when the check passes.
   */
  static final CheckKind<QuantileCheck> KIND =
      new CheckKind<>(QuantileCheck.class, "quantile", List.of("field", "q", "min", "max")) {
        @Override
        Check.Rule parse(ChecksFile.Fields f) {
          String field = f.field();
          double q = f.fraction("q", null);
          QuantileCheck r = new QuantileCheck(field, q, f.bound("min"), f.bound("max"));
          f.needBound(r.min(), r.max());
          return r;
        }

        @Override
        void write(QuantileCheck r, ObjectNode o) {
          ChecksFile.bounds(o.put("field", r.field()).put("q", r.q()), r.min(), r.max());
        }

        @Override
        Planned plan(Check check, QuantileCheck r, Planning p) {
          Resolved f = p.single(check, r.field(), "a quantile");
          if (!(f.type() instanceof NumericType)) {
            throw Resolved.typeError(check, r.field(), f.type(), "a number");
          }
          Column c = f.column().cast("double");
          int estimate =
              p.addSketch(
                  percentile_approx(c, lit(r.q()), lit(QUANTILE_ACCURACY)),
                  f,
                  FieldKind::hasDistribution,
                  profile -> {
                    OptionalDouble q = profile.quantile(r.q());
                    return q.isPresent() ? q.getAsDouble() : null;
                  });
          int values = p.add(count(c));
          OptionalDouble min = r.min();
          OptionalDouble max = r.max();
          int below = min.isPresent() ? p.add(count_if(c.lt(lit(min.getAsDouble())))) : -1;
          int atMost = max.isPresent() ? p.add(count_if(c.leq(lit(max.getAsDouble())))) : -1;
          String bound = bounds(min, max);
          return new Planned(
              check,
              a -> {
                long n = a.getLong(values);
                if (n == 0 || a.isNullAt(estimate)) {
                  return result(check, true, null, bound, OptionalLong.empty(), "");
                }
                double share = r.q() * n;
                long under = below < 0 ? 0 : a.getLong(below);
                long within = atMost < 0 ? n : a.getLong(atMost);
                boolean minOk = under == 0 || under < share;
                boolean maxOk = within > 0 && within >= share;
                double v = ((Number) a.get(estimate)).doubleValue();
                if (minOk && maxOk) {
                  // The sketch's estimate may stray past a bound the exact counts show it is
                  // within.
                  v = Math.max(v, min.orElse(v));
                  v = Math.min(v, max.orElse(v));
                  return result(check, true, v, bound, OptionalLong.empty(), "");
                }
                String why =
                    !minOk
                        ? Wording.percent((double) under / n)
                            + " of its values are below "
                            + Numbers.text(min.getAsDouble())
                        : Wording.percent((double) (n - within) / n)
                            + " of its values are above "
                            + Numbers.text(max.getAsDouble());
                return result(
                    check,
                    false,
                    v,
                    bound,
                    OptionalLong.empty(),
                    check.name()
                        + ": the "
                        + Numbers.text(r.q())
                        + " quantile of "
                        + r.field()
                        + " is about "
                        + Numbers.text(v)
                        + "; it must be "
                        + bound
                        + " ("
                        + why
                        + ").");
              },
              Optional.empty());
        }
      };
}
