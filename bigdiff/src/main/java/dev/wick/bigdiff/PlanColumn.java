package dev.wick.bigdiff;

import org.apache.spark.sql.Column;
import org.apache.spark.sql.functions;

/**
 * A column between the steps of the diff's plan: its name is spelled once, where the column is
 * declared; one step binds a value to it ({@link #as}) and later steps read it ({@link #col}). The
 * outputs never show these names.
 */
record PlanColumn(String name) {
  /** The column, read from the rows of an earlier step. */
  Column col() {
    return functions.col(name);
  }

  /** {@code value} under this column's name. */
  Column as(Column value) {
    return value.as(name);
  }
}
