package dev.wick.checks;

import static dev.wick.checks.Messages.bounds;
import static dev.wick.checks.Messages.result;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wick.core.report.Wording;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * The number of distinct non-null values of {@code field} per non-null value is within bounds (0 to
 * 1; approximate, the distinct count estimated as {@link DistinctCheck} does): a field whose values
 * are nearly all distinct keeps {@code minRatio: 0.9} as its row count grows.
 *
 * @param field the field path
 * @param minRatio the smallest share of distinct values allowed
 * @param maxRatio the largest share of distinct values allowed
 */
public record DistinctRatioCheck(String field, OptionalDouble minRatio, OptionalDouble maxRatio)
    implements Check.Rule {
  public DistinctRatioCheck {
    Objects.requireNonNull(field, "field");
    Objects.requireNonNull(minRatio, "minRatio");
    Objects.requireNonNull(maxRatio, "maxRatio");
  }

  @Override
  public String describe() {
    return "distinct(" + field + ")";
  }

  /** A distinct entry with minRatio or maxRatio, which {@link DistinctCheck}'s kind reads. */
  static final CheckKind<DistinctRatioCheck> KIND =
      new CheckKind<>(
          DistinctRatioCheck.class, "distinct", List.of("field", "minRatio", "maxRatio")) {
        @Override
        Check.Rule parse(ChecksFile.Fields f) {
          String field = f.field();
          OptionalDouble lo = f.share("minRatio");
          OptionalDouble hi = f.share("maxRatio");
          f.ordered(lo, hi);
          f.needBound(lo, hi);
          return new DistinctRatioCheck(field, lo, hi);
        }

        @Override
        void write(DistinctRatioCheck r, ObjectNode o) {
          o.put("field", r.field());
          r.minRatio().ifPresent(v -> o.put("minRatio", v));
          r.maxRatio().ifPresent(v -> o.put("maxRatio", v));
        }

        @Override
        Planned plan(Check check, DistinctRatioCheck r, Planning p) {
          Resolved field = p.single(check, r.field(), "a distinct");
          int at = DistinctCheck.sketch(p, field);
          int values = p.add(field.present());
          return new Planned(
              check,
              a -> {
                long distinct = a.getLong(at);
                long n = a.getLong(values);
                Double ratio = n == 0 ? null : Math.min(1.0, (double) distinct / n);
                boolean ok =
                    ratio == null
                        || (r.minRatio().isEmpty() || ratio >= r.minRatio().getAsDouble())
                            && (r.maxRatio().isEmpty() || ratio <= r.maxRatio().getAsDouble());
                String bound = bounds(r.minRatio(), r.maxRatio());
                return result(
                    check,
                    ok,
                    ratio,
                    bound,
                    OptionalLong.empty(),
                    check.name()
                        + ": "
                        + r.field()
                        + " has about "
                        + Wording.count(distinct)
                        + " distinct values in "
                        + Wording.count(n)
                        + " non-null values ("
                        + (ratio == null
                            ? "none"
                            : Numbers.text(Math.floor(ratio * 10_000) / 10_000))
                        + " per value); it must have "
                        + bound
                        + " per value.");
              },
              Optional.empty());
        }
      };
}
