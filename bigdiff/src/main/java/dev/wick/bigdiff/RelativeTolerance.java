package dev.wick.bigdiff;

import static org.apache.spark.sql.functions.abs;
import static org.apache.spark.sql.functions.greatest;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.try_multiply;
import static org.apache.spark.sql.functions.try_subtract;

import dev.wick.core.schema.DataType;
import dev.wick.core.schema.DataType.DecimalType;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Optional;
import org.apache.spark.sql.Column;

/**
 * Numbers are equal when {@code |r - l| <= relative * max(|l|, |r|)} ({@link
 * BigDiff#relativeTolerance}). Integers and decimals are compared in decimal arithmetic, the
 * tolerance kept to {@value #SCALE} digits after the point; an arithmetic overflow counts as not
 * close. Floating point numbers compare as doubles.
 */
record RelativeTolerance(double relative) implements Builtin {

  /** The digits after the point a relative tolerance keeps in exact comparisons. */
  private static final int SCALE = 18;

  @Override
  public boolean appliesTo(DataType type) {
    return type.isNumeric();
  }

  @Override
  public Optional<Column> close(Column l, Column r, DataType type) {
    Optional<DecimalType> exact = Comparisons.exactType(type);
    if (exact.isEmpty()) {
      Column ld = l.cast("double");
      Column rd = r.cast("double");
      Column gap = abs(rd.minus(ld));
      return Optional.of(gap.leq(lit(relative).multiply(greatest(abs(ld), abs(rd)))));
    }
    BigDecimal rel = new BigDecimal(Double.toString(relative));
    if (rel.compareTo(BigDecimal.valueOf(2)) >= 0) {
      // |r - l| <= |l| + |r| <= 2 max(|l|, |r|): always close.
      return Optional.of(lit(true));
    }
    DecimalType d = exact.get();
    String decimal = "decimal(" + d.precision() + "," + d.scale() + ")";
    Column ld = l.cast(decimal);
    Column rd = r.cast(decimal);
    Column gap = abs(try_subtract(rd, ld));
    BigDecimal scaled = rel.setScale(Math.min(rel.scale(), SCALE), RoundingMode.DOWN);
    return Optional.of(gap.leq(try_multiply(lit(scaled), greatest(abs(ld), abs(rd)))));
  }
}
