package dev.wick.bigdiff;

import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.regexp_replace;

import dev.wick.core.schema.DataType;
import org.apache.spark.sql.Column;

/**
 * Strings are equal without their leading and trailing (Unicode) whitespace ({@link
 * BigDiff#trimWhitespace}): {@code " Oslo\n"} equals {@code "Oslo"}.
 */
record TrimWhitespace() implements Builtin {

  @Override
  public boolean appliesTo(DataType type) {
    return Rules.isText(type);
  }

  @Override
  public Column normalized(Column v) {
    return regexp_replace(v, lit("(?U)^\\s+|\\s+$"), lit(""));
  }
}
