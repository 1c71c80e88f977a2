package dev.wick.typed.internal;

import dev.wick.core.WickException;
import dev.wick.core.schema.DataType;
import dev.wick.core.schema.DataType.ArrayType;
import dev.wick.core.schema.DataType.EnumType;
import dev.wick.core.schema.DataType.MapType;
import dev.wick.core.schema.DataType.RecordType;
import dev.wick.core.schema.DataType.StringType;
import dev.wick.core.schema.DataType.TimestampType;
import dev.wick.core.schema.DataType.UuidType;
import dev.wick.core.schema.Field;
import dev.wick.core.schema.Schema;
import dev.wick.core.schema.Schemas;
import dev.wick.core.spark.Columns;
import dev.wick.typed.Meta;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Checks a DataFrame's schema against a record's, through core's schema model, and keeps only the
 * record's columns in its order. Names and types must match; enums and UUIDs may be strings (how
 * Spark stores them); nullability is not checked, since most file formats report every column as
 * nullable.
 */
public final class SchemaCheck {
  private SchemaCheck() {}

  /**
   * {@code rows} with exactly the record's columns, in order; a {@link WickException} naming every
   * mismatch otherwise. {@code source} names the data in the message ("Table ad_event_f").
   */
  public static Dataset<Row> conform(Dataset<Row> rows, Meta<?, ?, ?> meta, String source) {
    Schema expected = meta.schema();
    StructType actual = rows.schema();
    List<String> problems = new ArrayList<>();
    for (Field f : expected.fields()) {
      Optional<StructField> found = find(actual, f.name());
      if (found.isEmpty()) {
        problems.add(missing(actual, f.name()));
        continue;
      }
      DataType actualType;
      try {
        actualType =
            Schemas.fromSpark(new StructType(new StructField[] {found.get()}))
                .fields()
                .get(0)
                .type();
      } catch (WickException e) {
        problems.add(
            "column '"
                + f.name()
                + "' has the Spark type "
                + found.get().dataType().simpleString()
                + ", which no record component can hold");
        continue;
      }
      if (!compatible(f.type(), actualType)) {
        problems.add(
            "column '"
                + f.name()
                + "' is "
                + actualType.describe()
                + " but "
                + meta.recordType().getSimpleName()
                + "."
                + f.name()
                + " is "
                + f.type().describe());
      }
    }
    if (!problems.isEmpty()) {
      throw WickException.usage(
          source
              + " does not match the record "
              + meta.recordType().getSimpleName()
              + ": "
              + String.join("; ", problems)
              + "; change the record's components or the data.");
    }
    List<String> names = Arrays.asList(actual.fieldNames());
    if (names.equals(meta.fields())) {
      return rows;
    }
    return rows.select(meta.fields().stream().map(Columns::column).toArray(Column[]::new));
  }

  private static Optional<StructField> find(StructType struct, String name) {
    return Arrays.stream(struct.fields()).filter(f -> f.name().equals(name)).findFirst();
  }

  private static String missing(StructType struct, String name) {
    Optional<StructField> other =
        Arrays.stream(struct.fields()).filter(f -> f.name().equalsIgnoreCase(name)).findFirst();
    if (other.isPresent()) {
      return "column '" + name + "' is spelled '" + other.get().name() + "' in the data";
    }
    return "there is no column '"
        + name
        + "' (columns: "
        + String.join(", ", struct.fieldNames())
        + ")";
  }

  /** Whether data of type {@code actual} can be read as a component of type {@code expected}. */
  static boolean compatible(DataType expected, DataType actual) {
    if (expected instanceof EnumType || expected instanceof UuidType) {
      return actual instanceof StringType || actual.equals(expected);
    }
    if (expected instanceof TimestampType e && actual instanceof TimestampType a) {
      return e.utcAdjusted() == a.utcAdjusted();
    }
    if (expected instanceof ArrayType e && actual instanceof ArrayType a) {
      return compatible(e.element(), a.element());
    }
    if (expected instanceof MapType e && actual instanceof MapType a) {
      return compatible(e.key(), a.key()) && compatible(e.value(), a.value());
    }
    if (expected instanceof RecordType e && actual instanceof RecordType a) {
      if (e.fields().size() != a.fields().size()) {
        return false;
      }
      for (int i = 0; i < e.fields().size(); i++) {
        Field ef = e.fields().get(i);
        Field af = a.fields().get(i);
        if (!ef.name().equals(af.name()) || !compatible(ef.type(), af.type())) {
          return false;
        }
      }
      return true;
    }
    return expected.equals(actual);
  }
}
