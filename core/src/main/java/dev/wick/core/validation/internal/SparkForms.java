package dev.wick.core.validation.internal;

import static org.apache.spark.sql.functions.concat;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.octet_length;

import dev.wick.core.schema.DataType;
import org.apache.spark.sql.Column;

/**
 * Renders a column's value in a reason the way {@link JavaForms#render(Object)} renders a Java
 * value, so that both paths give the same text.
 *
 * <p>Internal: not part of Wick's API.
 */
public final class SparkForms {
  private SparkForms() {}

  /** The rendering of {@code value}, a column of the given storage type. */
  public static Column render(Column value, DataType storage) {
    if (storage instanceof DataType.StringType
        || storage instanceof DataType.UuidType
        || storage instanceof DataType.EnumType) {
      return concat(lit("'"), value, lit("'"));
    }
    if (storage instanceof DataType.BytesType || storage instanceof DataType.FixedType) {
      return concat(lit("<"), octet_length(value).cast("string"), lit(" bytes>"));
    }
    return value.cast("string");
  }

  /** {@code render(value) + " " + tail}. */
  public static Column reason(Column value, DataType storage, String tail) {
    return concat(render(value, storage), lit(" " + tail));
  }
}
