package dev.wick.bigdiff;

import static org.apache.spark.sql.functions.abs;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.try_subtract;

import dev.wick.core.schema.DataType;
import dev.wick.core.schema.DataType.DecimalType;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Optional;
import org.apache.spark.sql.Column;

/**
 * Numbers are equal when {@code |r - l| <= absolute} ({@link BigDiff#tolerance(String, double)}).
 * Integers and decimals are compared exactly, in decimals of their scale, so that no value is
 * rounded: the gap of two such numbers is a multiple of {@code 10^-scale}, so it is within the
 * tolerance exactly when it is within the tolerance rounded down to that scale. A tolerance beyond
 * any possible gap accepts every pair; an arithmetic overflow (only possible at Spark's 38 digits)
 * counts as not close. Floating point numbers compare as doubles.
 */
record AbsoluteTolerance(double absolute) implements Builtin {

  @Override
  public boolean appliesTo(DataType type) {
    return type.isNumeric();
  }

  @Override
  public Optional<Column> close(Column l, Column r, DataType type) {
    Optional<DecimalType> exact = Comparisons.exactType(type);
    if (exact.isEmpty()) {
      return Optional.of(abs(r.cast("double").minus(l.cast("double"))).leq(lit(absolute)));
    }
    DecimalType d = exact.get();
    String decimal = "decimal(" + d.precision() + "," + d.scale() + ")";
    Column gap = abs(try_subtract(r.cast(decimal), l.cast(decimal)));
    // The largest gap has one more integer digit than the values.
    BigDecimal largestGap = BigDecimal.TEN.pow(d.precision() - d.scale() + 1);
    BigDecimal tolerance =
        new BigDecimal(Double.toString(absolute)).setScale(d.scale(), RoundingMode.DOWN);
    return Optional.of(tolerance.compareTo(largestGap) >= 0 ? lit(true) : gap.leq(lit(tolerance)));
  }
}
