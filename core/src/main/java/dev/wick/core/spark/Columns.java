package dev.wick.core.spark;

import dev.wick.core.schema.FieldPath;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.functions;

/**
 * Spark columns named literally. Spark parses a column name: {@code a.b} is the field {@code b} of
 * the struct {@code a}, and a backtick starts a quoted name. Wick names columns that users and
 * schemas chose, with dots, spaces or backticks in them, so it goes through here to take them as
 * they are.
 */
public final class Columns {
  private Columns() {}

  /**
   * The name quoted for Spark's parser: {@code `a.b`} is the one column named {@code a.b}, and a
   * backtick in the name is doubled.
   */
  public static String quote(String name) {
    return "`" + name.replace("`", "``") + "`";
  }

  /** The top-level column named {@code name}, taken literally. */
  public static Column column(String name) {
    return functions.col(quote(name));
  }

  /**
   * The column at a path through structs, each step's name taken literally: {@code user.id} is
   * {@code col("`user`").getField("id")}. Meant for struct paths ({@link
   * FieldPath#isStructPath()}): array and map steps are not stepped into.
   */
  public static Column column(FieldPath path) {
    Column c = null;
    for (FieldPath.Step step : path.steps()) {
      c = c == null ? column(step.name()) : c.getField(step.name());
    }
    return c;
  }
}
