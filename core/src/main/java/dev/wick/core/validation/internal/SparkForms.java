package dev.wick.core.validation.internal;

import static org.apache.spark.sql.functions.concat;
import static org.apache.spark.sql.functions.date_format;
import static org.apache.spark.sql.functions.date_trunc;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.octet_length;
import static org.apache.spark.sql.functions.when;

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

  /**
   * The rendering of {@code value}, a column of the Spark type {@code type}, as {@link
   * #render(Column, DataType)} renders the Wick type it maps to: text quoted, bytes by their
   * length, anything else as Spark casts it to text.
   */
  public static Column render(Column value, org.apache.spark.sql.types.DataType type) {
    if (type instanceof org.apache.spark.sql.types.StringType) {
      return render(value, DataType.STRING);
    }
    if (type instanceof org.apache.spark.sql.types.BinaryType) {
      return render(value, DataType.BYTES);
    }
    if (type instanceof org.apache.spark.sql.types.TimestampType) {
      return isoTime(value, ZONE_OFFSET);
    }
    if (type instanceof org.apache.spark.sql.types.TimestampNTZType) {
      return isoTime(value, "");
    }
    return value.cast("string");
  }

  /**
   * The pattern letters of a zone offset as ISO-8601 writes it: {@code Z} for UTC, else {@code
   * +01:00} (three {@code X}, the offset-with-colon form of Spark's datetime patterns).
   */
  private static final String ZONE_OFFSET = "XXX";

  /** A time as ISO-8601, to the second unless it has a fraction, with {@code zone}'s pattern. */
  private static Column isoTime(Column value, String zone) {
    return when(
            value.equalTo(date_trunc("second", value)),
            date_format(value, "yyyy-MM-dd'T'HH:mm:ss" + zone))
        .otherwise(date_format(value, "yyyy-MM-dd'T'HH:mm:ss.SSSSSS" + zone));
  }

  /** {@code render(value) + " " + tail}. */
  public static Column reason(Column value, DataType storage, String tail) {
    return concat(render(value, storage), lit(" " + tail));
  }
}
