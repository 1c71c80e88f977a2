package dev.wick.core.spark;

import dev.wick.core.schema.FieldPath;
import java.util.List;
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

  /**
   * Every value at a path that steps into arrays or map values ({@code plays[].ms}, {@code
   * tags{}}), as one array column: the elements (or map values) at the first repeated step, each
   * stepped into by the rest of the path, nested arrays flattened. Null when the outermost array or
   * map is null or absent; a null inner array or map adds no values. A path through records alone
   * has one value a row: take {@link #column(FieldPath)} for it.
   */
  public static Column values(FieldPath path) {
    if (path.isStructPath()) {
      throw new IllegalArgumentException(
          path + " steps into no array or map; Columns.column gives its one value a row");
    }
    return values(null, path.steps(), 0);
  }

  private static Column values(Column parent, List<FieldPath.Step> steps, int i) {
    FieldPath.Step step = steps.get(i);
    Column child = parent == null ? column(step.name()) : parent.getField(step.name());
    if (step.kind() == FieldPath.Step.Kind.FIELD) {
      return values(child, steps, i + 1);
    }
    Column elements =
        step.kind() == FieldPath.Step.Kind.MAP_VALUES ? functions.map_values(child) : child;
    if (i == steps.size() - 1) {
      return elements;
    }
    List<FieldPath.Step> rest = steps.subList(i + 1, steps.size());
    if (rest.stream().allMatch(s -> s.kind() == FieldPath.Step.Kind.FIELD)) {
      return functions.transform(elements, e -> column(e, rest));
    }
    return functions.flatten(
        functions.filter(
            functions.transform(elements, e -> values(e, steps, i + 1)), Column::isNotNull));
  }

  private static Column column(Column parent, List<FieldPath.Step> fields) {
    Column c = parent;
    for (FieldPath.Step f : fields) {
      c = c.getField(f.name());
    }
    return c;
  }
}
