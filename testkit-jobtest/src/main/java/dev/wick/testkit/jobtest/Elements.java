package dev.wick.testkit.jobtest;

import dev.wick.core.WickException;
import dev.wick.core.io.Format;
import dev.wick.core.job.Io;
import dev.wick.core.job.Io.AvroIo;
import dev.wick.core.job.Io.FileIo;
import dev.wick.core.job.Io.TableIo;
import dev.wick.core.schema.RowCodec;
import dev.wick.core.schema.Schema;
import dev.wick.core.schema.Schemas;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.specific.SpecificRecord;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Moves an IO's elements (SpecificRecords, GenericRecords, Java records, Rows, text lines) to and
 * from Spark rows, through core's schema model and {@link RowCodec}.
 */
final class Elements {
  /** The one column of text data, as Spark's text source names it. */
  static final StructType TEXT =
      new StructType(
          new StructField[] {DataTypes.createStructField("value", DataTypes.StringType, true)});

  private Elements() {}

  /** The element type of an IO. */
  static Class<?> type(Io<?> io) {
    if (io instanceof AvroIo<?> a) {
      return a.type();
    } else if (io instanceof FileIo<?> f) {
      return f.type();
    }
    return ((TableIo<?>) io).type();
  }

  static boolean isText(Io<?> io) {
    return io instanceof FileIo<?> f && f.format() == Format.TEXT;
  }

  /** The model of the IO's element type, for typed IOs (Avro and Java records). */
  static Optional<Schema> model(Io<?> io) {
    if (io instanceof AvroIo<?> a) {
      return Optional.of(Schemas.fromAvro(a.avroSchema()));
    }
    Class<?> type = type(io);
    if (type.isRecord()) {
      return Optional.of(Schemas.fromRecord(type.asSubclass(Record.class)));
    }
    return Optional.empty();
  }

  /**
   * Registered values as rows with their Spark schema; fails at once on a value that does not fit.
   */
  static Rows toRows(Io<?> io, List<?> values) {
    if (isText(io)) {
      List<Row> rows = new ArrayList<>(values.size());
      for (int i = 0; i < values.size(); i++) {
        Object v = values.get(i);
        if (!(v instanceof String s)) {
          throw WickException.usage(
              "Input "
                  + io.describe()
                  + " holds "
                  + (v == null ? "null" : "a " + v.getClass().getSimpleName())
                  + " at index "
                  + i
                  + "; text inputs take one non-null String per line.");
        }
        rows.add(RowFactory.create(s));
      }
      return new Rows(rows, TEXT);
    }
    Class<?> type = type(io);
    for (int i = 0; i < values.size(); i++) {
      Object v = values.get(i);
      if (!type.isInstance(v)) {
        throw WickException.usage(
            "Input "
                + io.describe()
                + " holds "
                + (v == null ? "null" : "a " + v.getClass().getName())
                + " at index "
                + i
                + ", but its elements are "
                + type.getName()
                + "; register values of that type.");
      }
    }
    Optional<Schema> model = model(io);
    if (model.isPresent()) {
      List<Row> rows = new ArrayList<>(values.size());
      for (Object v : values) {
        rows.add(RowCodec.toRow(v, model.get()));
      }
      return new Rows(rows, Schemas.toSpark(model.get()));
    }
    // Rows: they must say what their columns are.
    StructType schema = null;
    for (int i = 0; i < values.size(); i++) {
      StructType s = ((Row) values.get(i)).schema();
      if (s == null) {
        throw WickException.usage(
            "Row "
                + i
                + " of input "
                + io.describe()
                + " has no schema; register a Dataset<Row> (spark.createDataFrame(rows, schema)) or"
                + " rows collected from one.");
      }
      if (schema == null) {
        schema = s;
      } else if (!schema.equals(s)) {
        throw WickException.usage(
            "Rows of input "
                + io.describe()
                + " have different schemas (row 0: "
                + schema.simpleString()
                + ", row "
                + i
                + ": "
                + s.simpleString()
                + "); give every row the same columns.");
      }
    }
    if (schema == null) {
      throw WickException.usage(
          "Input "
              + io.describe()
              + " is an empty list of Rows, which says nothing of its columns; register an empty"
              + " Dataset<Row> with the schema instead.");
    }
    @SuppressWarnings("unchecked")
    List<Row> rows = (List<Row>) values;
    return new Rows(List.copyOf(rows), schema);
  }

  /**
   * A job's written rows as the IO's elements: Avro records, Java records, Rows or text lines.
   * Typed outputs must have exactly the type's fields as columns.
   */
  static List<Object> fromRows(Io<?> io, List<Row> rows, StructType schema) {
    List<Object> out = new ArrayList<>(rows.size());
    if (isText(io)) {
      if (schema.fields().length != 1
          || !(schema.fields()[0].dataType() instanceof org.apache.spark.sql.types.StringType)) {
        throw WickException.usage(
            "Text output "
                + io.describe()
                + " needs one string column, but the job wrote "
                + schema.simpleString()
                + "; format each line into one string column first (e.g. concat_ws).");
      }
      for (Row r : rows) {
        out.add(r.getString(0));
      }
      return out;
    }
    Optional<Schema> model = model(io);
    if (model.isEmpty()) {
      out.addAll(rows);
      return out;
    }
    checkColumns(io, model.get(), schema);
    Class<?> type = type(io);
    for (Row r : rows) {
      if (io instanceof AvroIo<?> a && SpecificRecord.class.isAssignableFrom(type)) {
        out.add(RowCodec.toSpecificRecord(r, type.asSubclass(SpecificRecord.class)));
      } else if (io instanceof AvroIo<?> a && type == GenericRecord.class) {
        out.add(RowCodec.toGenericRecord(r, a.avroSchema()));
      } else {
        out.add(RowCodec.toRecord(r, type.asSubclass(Record.class)));
      }
    }
    return out;
  }

  /** A job's written rows as Java records of {@code type}, whose fields must be the columns. */
  static List<Object> records(
      Io<?> io, Class<? extends Record> type, List<Row> rows, StructType schema) {
    Schema model = Schemas.fromRecord(type);
    checkColumns(io, model, schema);
    List<Object> out = new ArrayList<>(rows.size());
    for (Row r : rows) {
      out.add(RowCodec.toRecord(r, type));
    }
    return out;
  }

  private static void checkColumns(Io<?> io, Schema model, StructType written) {
    Set<String> fields = new LinkedHashSet<>();
    model.fields().forEach(f -> fields.add(f.name()));
    Set<String> columns = new LinkedHashSet<>(Arrays.asList(written.fieldNames()));
    Set<String> missing = new LinkedHashSet<>(fields);
    missing.removeAll(columns);
    Set<String> extra = new LinkedHashSet<>(columns);
    extra.removeAll(fields);
    if (missing.isEmpty() && extra.isEmpty()) {
      return;
    }
    List<String> problems = new ArrayList<>();
    if (!missing.isEmpty()) {
      problems.add("no column for " + String.join(", ", missing));
    }
    if (!extra.isEmpty()) {
      problems.add("extra columns " + String.join(", ", extra));
    }
    throw WickException.usage(
        "Output "
            + io.describe()
            + " was written with the columns "
            + columns
            + ", which do not match the fields "
            + fields
            + " of "
            + model.name()
            + " ("
            + String.join("; ", problems)
            + "); select exactly the record's fields before writing.");
  }

  /** Rows and the Spark schema they have. */
  record Rows(List<Row> rows, StructType schema) {}
}
