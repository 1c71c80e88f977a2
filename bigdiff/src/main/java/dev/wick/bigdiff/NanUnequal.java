package dev.wick.bigdiff;

import static org.apache.spark.sql.functions.isnan;
import static org.apache.spark.sql.functions.not;

import dev.wick.core.schema.DataType;
import java.util.Optional;
import org.apache.spark.sql.Column;

/**
 * A NaN differs from everything, itself included, as in IEEE 754 ({@link BigDiff#nanEqual} {@code
 * false}): it applies to every {@code float} and {@code double} that no comparator of the user's
 * governs, whatever its path.
 */
record NanUnequal() implements Builtin {

  @Override
  public boolean appliesTo(DataType type) {
    return Rules.isFloating(type);
  }

  @Override
  public Optional<Column> required(Column l, Column r) {
    return Optional.of(not(isnan(l)));
  }
}
