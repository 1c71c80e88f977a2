package dev.wick.checks;

import static dev.wick.checks.Messages.bounds;
import static dev.wick.checks.Messages.result;
import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.lit;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wick.core.report.Wording;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.function.Function;
import org.apache.spark.sql.Column;

/**
 * The smallest value of {@code field} is at least {@code min} and its largest at most {@code max}.
 *
 * @param field the field path of a numeric field
 * @param min the lower bound
 * @param max the upper bound
 */
public record RangeCheck(String field, OptionalDouble min, OptionalDouble max)
    implements Check.Rule {
  @Override
  public String describe() {
    return "range(" + field + ")";
  }

  static final CheckKind<RangeCheck> KIND =
      new CheckKind<>(RangeCheck.class, "range", List.of("field", "min", "max")) {
        @Override
        Check.Rule parse(ChecksFile.Fields f) {
          return f.bounded(RangeCheck::new);
        }

        @Override
        void write(RangeCheck r, ObjectNode o) {
          ChecksFile.bounds(o.put("field", r.field()), r.min(), r.max());
        }

        @Override
        Planned plan(Check check, RangeCheck r, Planning p) {
          Resolved f = p.numeric(check, r.field());
          Function<Column, Column> outside =
              v -> {
                Column out = lit(false);
                if (r.min().isPresent()) {
                  out = out.or(v.lt(lit(r.min().getAsDouble())));
                }
                if (r.max().isPresent()) {
                  out = out.or(v.gt(lit(r.max().getAsDouble())));
                }
                return coalesce(out, lit(false));
              };
          int lo = p.add(f.min().cast("double"));
          int hi = p.add(f.max().cast("double"));
          int bad = p.add(f.failing(outside));
          String bound = bounds(r.min(), r.max());
          return new Planned(
                  check,
                  a -> {
                    long n = a.getLong(bad);
                    if (a.isNullAt(lo)) {
                      return result(check, true, null, bound, OptionalLong.of(0), "");
                    }
                    String measured =
                        "["
                            + Numbers.text(a.getDouble(lo))
                            + ", "
                            + Numbers.text(a.getDouble(hi))
                            + "]";
                    return result(
                        check,
                        n == 0,
                        measured,
                        bound,
                        OptionalLong.of(n),
                        check.name()
                            + ": "
                            + r.field()
                            + " runs from "
                            + Numbers.text(a.getDouble(lo))
                            + " to "
                            + Numbers.text(a.getDouble(hi))
                            + " ("
                            + Wording.count(n)
                            + (f.repeated() ? " values" : "")
                            + " outside); it must be "
                            + bound
                            + ".");
                  },
                  Optional.of(f.failingRows(outside)))
              .rowsWhereValue(f, outside, "is not " + bound, bad);
        }
      };
}
