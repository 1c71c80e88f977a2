package dev.wick.checks;

import static dev.wick.checks.Messages.bounds;
import static dev.wick.checks.Messages.result;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * The mean of {@code field}'s values is within bounds.
 *
 * @param field the field path of a numeric field
 * @param min the lower bound
 * @param max the upper bound
 */
public record MeanCheck(String field, OptionalDouble min, OptionalDouble max)
    implements Check.Rule {
  @Override
  public String describe() {
    return "mean(" + field + ")";
  }

  static final CheckKind<MeanCheck> KIND =
      new CheckKind<>(MeanCheck.class, "mean", List.of("field", "min", "max")) {
        @Override
        Check.Rule parse(ChecksFile.Fields f) {
          return f.bounded(MeanCheck::new);
        }

        @Override
        void write(MeanCheck r, ObjectNode o) {
          ChecksFile.bounds(o.put("field", r.field()), r.min(), r.max());
        }

        @Override
        Planned plan(Check check, MeanCheck r, Planning p) {
          int at = p.add(p.numeric(check, r.field()).mean());
          OptionalDouble min = r.min();
          OptionalDouble max = r.max();
          String bound = bounds(min, max);
          String what = "the mean of " + r.field() + " is ";
          return new Planned(
              check,
              a -> {
                if (a.isNullAt(at)) {
                  return result(check, true, null, bound, OptionalLong.empty(), "");
                }
                double v = ((Number) a.get(at)).doubleValue();
                boolean ok =
                    (min.isEmpty() || v >= min.getAsDouble())
                        && (max.isEmpty() || v <= max.getAsDouble());
                return result(
                    check,
                    ok,
                    v,
                    bound,
                    OptionalLong.empty(),
                    check.name() + ": " + what + Numbers.text(v) + "; it must be " + bound + ".");
              },
              Optional.empty());
        }
      };
}
