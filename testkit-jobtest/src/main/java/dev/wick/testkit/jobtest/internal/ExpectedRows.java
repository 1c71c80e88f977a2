package dev.wick.testkit.jobtest.internal;

import dev.wick.core.WickException;
import dev.wick.core.report.Wording;
import dev.wick.core.schema.RowCodec;
import dev.wick.core.schema.Schema;
import dev.wick.core.schema.Schemas;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.avro.generic.IndexedRecord;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Turns the values a test expects into rows laid out like the actual dataset's: Rows with a schema
 * and Java or Avro records by column name (through core's {@link RowCodec}), Rows without a schema
 * by position, and plain values as the single column of a one-column dataset.
 */
public final class ExpectedRows {
  private ExpectedRows() {}

  /** Every expected value as a row of {@code actual}'s columns. */
  public static List<Row> of(Iterable<?> expected, StructType actual) {
    return of(expected, actual, List.of());
  }

  /**
   * Every expected value as a row of {@code actual}'s columns but the {@code ignored} ones: Rows
   * with a schema and records may hold the ignored columns or not, Rows without a schema hold every
   * column of {@code actual} or every column but the ignored ones.
   */
  public static List<Row> of(Iterable<?> expected, StructType actual, List<String> ignored) {
    StructType kept = without(actual, ignored);
    List<Row> out = new ArrayList<>();
    Schema model = null;
    int index = 0;
    for (Object v : expected) {
      if (v instanceof Row row) {
        out.add(row(row, actual, kept, ignored, index));
      } else if (v instanceof Record || v instanceof IndexedRecord) {
        if (model == null) {
          model = Schemas.fromSpark(nullable(kept), "Expected");
        }
        out.add(RowCodec.toRow(v, model));
      } else if (kept.fields().length == 1) {
        out.add(RowFactory.create(v));
      } else {
        throw WickException.usage(
            "Expected value "
                + index
                + " ("
                + RowText.value(v)
                + ") is a "
                + (v == null ? "null" : v.getClass().getSimpleName())
                + ", which cannot stand for a row of "
                + kept.fields().length
                + " columns; give Rows, Java records or Avro records.");
      }
      index++;
    }
    return out;
  }

  /** {@code schema} without the {@code ignored} columns. */
  public static StructType without(StructType schema, List<String> ignored) {
    if (ignored.isEmpty()) {
      return schema;
    }
    List<StructField> out = new ArrayList<>();
    for (StructField f : schema.fields()) {
      if (!ignored.contains(f.name())) {
        out.add(f);
      }
    }
    return new StructType(out.toArray(new StructField[0]));
  }

  private static Row row(
      Row row, StructType actual, StructType kept, List<String> ignored, int index) {
    String[] columns = kept.fieldNames();
    if (row.schema() != null) {
      List<String> names = Arrays.asList(row.schema().fieldNames());
      List<String> extra = new ArrayList<>(names);
      extra.removeAll(Arrays.asList(columns));
      if (names.containsAll(Arrays.asList(columns)) && ignored.containsAll(extra)) {
        Object[] values = new Object[columns.length];
        for (int i = 0; i < columns.length; i++) {
          values[i] = row.get(names.indexOf(columns[i]));
        }
        return RowFactory.create(values);
      }
      throw WickException.usage(
          "Expected row "
              + index
              + " has the columns "
              + names
              + ", but the dataset has "
              + Arrays.asList(columns)
              + (ignored.isEmpty() ? "" : " (ignoring " + ignored + ")")
              + "; give rows of the dataset's columns.");
    }
    if (row.length() == columns.length) {
      return row;
    }
    if (!ignored.isEmpty() && row.length() == actual.fields().length) {
      Object[] values = new Object[columns.length];
      int j = 0;
      for (int i = 0; i < actual.fields().length; i++) {
        if (!ignored.contains(actual.fields()[i].name())) {
          values[j++] = row.get(i);
        }
      }
      return RowFactory.create(values);
    }
    throw WickException.usage(
        "Expected row "
            + index
            + " has "
            + Wording.count(row.length(), "value")
            + ", but the dataset has "
            + Wording.count(columns.length, "column")
            + " "
            + Arrays.asList(columns)
            + (ignored.isEmpty()
                ? ""
                : " once " + ignored + " are ignored (" + actual.fields().length + " with them)")
            + "; give one value per column.");
  }

  /** {@code schema} with every field, element and value nullable. */
  static StructType nullable(StructType schema) {
    StructField[] fields = new StructField[schema.fields().length];
    for (int i = 0; i < fields.length; i++) {
      StructField f = schema.fields()[i];
      fields[i] = new StructField(f.name(), nullable(f.dataType()), true, f.metadata());
    }
    return new StructType(fields);
  }

  private static DataType nullable(DataType t) {
    if (t instanceof StructType s) {
      return nullable(s);
    } else if (t instanceof ArrayType a) {
      return new ArrayType(nullable(a.elementType()), true);
    } else if (t instanceof MapType m) {
      return new MapType(m.keyType(), nullable(m.valueType()), true);
    }
    return t;
  }
}
