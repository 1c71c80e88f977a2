package dev.wick.bigdiff;

import static org.apache.spark.sql.functions.lower;

import dev.wick.core.schema.DataType;
import org.apache.spark.sql.Column;

/**
 * Strings are equal ignoring case ({@link BigDiff#ignoreCase}): {@code "Oslo"} equals {@code
 * "OSLO"}. Lower-casing neither makes nor removes whitespace, so it combines with {@link
 * TrimWhitespace} in either order.
 */
record IgnoreCase() implements Builtin {

  @Override
  public boolean appliesTo(DataType type) {
    return Rules.isText(type);
  }

  @Override
  public Column normalized(Column v) {
    return lower(v);
  }
}
