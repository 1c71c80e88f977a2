package dev.wick.core.schema;

import java.util.Objects;

/**
 * A {@link FieldPath} checked against a schema: the type found at its end and whether a value there
 * can be null (because the field, or any record, array element or map value on the way, is
 * nullable).
 *
 * @param field the field the path ends on (for {@code a[]} or {@code m{}}: the array or map field)
 * @param type the type at the end of the path (for {@code a[]}: the element type)
 * @param nullable whether a value at the end of the path may be null
 * @param repeated whether the path steps into an array or map (so one row holds many values)
 */
public record ResolvedPath(
    FieldPath path, Field field, DataType type, boolean nullable, boolean repeated) {

  public ResolvedPath {
    Objects.requireNonNull(path, "path");
    Objects.requireNonNull(field, "field");
    Objects.requireNonNull(type, "type");
  }

  @Override
  public String toString() {
    return path + ": " + type.describe() + (nullable ? "?" : "");
  }
}
