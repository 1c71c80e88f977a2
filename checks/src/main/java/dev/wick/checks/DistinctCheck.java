package dev.wick.checks;

import static dev.wick.checks.Messages.bounds;
import static dev.wick.checks.Messages.d;
import static dev.wick.checks.Messages.result;
import static org.apache.spark.sql.functions.approx_count_distinct;
import static org.apache.spark.sql.functions.hll_sketch_agg;
import static org.apache.spark.sql.functions.hll_sketch_estimate;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wick.core.WickException;
import dev.wick.core.report.Wording;
import dev.wick.profiler.FieldKind;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.StringType;

/**
 * The number of distinct non-null values of {@code field} is within bounds (approximate: a
 * DataSketches HLL estimate with a relative standard error of about 1.6% for ints, longs, strings
 * and bytes, HyperLogLog++ with 2% for other types).
 *
 * @param field the field path
 * @param min the fewest distinct values allowed
 * @param max the most distinct values allowed
 */
public record DistinctCheck(String field, OptionalLong min, OptionalLong max)
    implements Check.Rule {
  private static final double DISTINCT_RSD = 0.02;

  @Override
  public String describe() {
    return "distinct(" + field + ")";
  }

  /** Reads every distinct entry: with minRatio or maxRatio, a {@link DistinctRatioCheck}. */
  static final CheckKind<DistinctCheck> KIND =
      new CheckKind<>(DistinctCheck.class, "distinct", List.of("field", "min", "max")) {
        @Override
        Check.Rule parse(ChecksFile.Fields f) {
          String field = f.field();
          boolean relative = f.has("minRatio") || f.has("maxRatio");
          if (relative && (f.has("min") || f.has("max"))) {
            throw WickException.usage(
                f.here()
                    + " mixes min or max with minRatio or maxRatio; write two distinct checks.");
          }
          if (relative) {
            return DistinctRatioCheck.KIND.parse(f);
          }
          OptionalLong min = f.count("min");
          OptionalLong max = f.count("max");
          f.ordered(d(min), d(max));
          return new DistinctCheck(field, min, max);
        }

        @Override
        void write(DistinctCheck r, ObjectNode o) {
          o.put("field", r.field());
          r.min().ifPresent(v -> o.put("min", v));
          r.max().ifPresent(v -> o.put("max", v));
        }

        @Override
        Planned plan(Check check, DistinctCheck r, Planning p) {
          int at = sketch(p, p.single(check, r.field(), "a distinct"));
          return new Planned(
              check,
              a -> {
                long n = a.getLong(at);
                boolean ok =
                    (r.min().isEmpty() || n >= r.min().getAsLong())
                        && (r.max().isEmpty() || n <= r.max().getAsLong());
                String bound = bounds(d(r.min()), d(r.max()));
                return result(
                    check,
                    ok,
                    n,
                    bound,
                    OptionalLong.empty(),
                    check.name()
                        + ": "
                        + r.field()
                        + " has about "
                        + Wording.count(n)
                        + " distinct values; it must have "
                        + bound
                        + ".");
              },
              Optional.empty());
        }
      };

  /** Adds the approximate distinct count of {@code f}; its index in the aggregation's row. */
  static int sketch(Planning p, Resolved f) {
    return p.addSketch(
        distinctCount(f),
        f,
        FieldKind::hasDistinctCount,
        profile -> profile.distinct().map(dev.wick.profiler.Distinct::rounded).orElse(0L));
  }

  /**
   * An approximate distinct count: Spark's DataSketches HLL sketch (lgConfigK 12, a relative
   * standard error of about 1.6%) for ints, longs, strings and bytes, else HyperLogLog++ with a
   * relative standard deviation of 2%.
   */
  private static Column distinctCount(Resolved f) {
    DataType t = f.type();
    if (t instanceof IntegerType
        || t instanceof LongType
        || t instanceof StringType
        || t instanceof BinaryType) {
      return hll_sketch_estimate(hll_sketch_agg(f.column()));
    }
    return approx_count_distinct(f.column(), DISTINCT_RSD);
  }
}
