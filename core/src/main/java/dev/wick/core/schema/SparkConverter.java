package dev.wick.core.schema;

import dev.wick.core.WickException;
import dev.wick.core.schema.DataType.ArrayType;
import dev.wick.core.schema.DataType.BooleanType;
import dev.wick.core.schema.DataType.BytesType;
import dev.wick.core.schema.DataType.DateType;
import dev.wick.core.schema.DataType.DecimalType;
import dev.wick.core.schema.DataType.DoubleType;
import dev.wick.core.schema.DataType.EnumType;
import dev.wick.core.schema.DataType.FixedType;
import dev.wick.core.schema.DataType.FloatType;
import dev.wick.core.schema.DataType.IntType;
import dev.wick.core.schema.DataType.LongType;
import dev.wick.core.schema.DataType.MapType;
import dev.wick.core.schema.DataType.Precision;
import dev.wick.core.schema.DataType.RecordRef;
import dev.wick.core.schema.DataType.RecordType;
import dev.wick.core.schema.DataType.StringType;
import dev.wick.core.schema.DataType.TimeType;
import dev.wick.core.schema.DataType.TimestampType;
import dev.wick.core.schema.DataType.UnionType;
import dev.wick.core.schema.DataType.UuidType;
import dev.wick.core.schema.internal.RecordNames;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.MetadataBuilder;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Spark {@code StructType} to and from the model. Package-private: use {@link Schemas}.
 *
 * <p>Spark has no enum, fixed, uuid, time-of-day or millisecond timestamps; like spark-avro, Wick
 * stores them as string, binary, string, int/long and timestamp, and records the original type in
 * the field's metadata ({@code wick.type}) so that a conversion back restores it where a field
 * carries it. A type inside an array or map has no metadata of its own and comes back as its Spark
 * storage type. Unions of several branches and recursive records have no Spark form: converting
 * them fails with the field's name.
 */
final class SparkConverter {
  static final String TYPE_KEY = "wick.type";
  static final String SEMANTIC_KEY = "wick.semantic";
  static final String COMMENT_KEY = "comment";

  private SparkConverter() {}

  // ---------------------------------------------------------------- Spark -> model

  static Schema toModel(StructType struct, String name) {
    Set<String> names = new HashSet<>();
    names.add(name);
    return new Schema(record(struct, name, "", names));
  }

  /**
   * @param names the record names taken so far: a schema names each nested record differently, as
   *     Avro requires of the records it holds
   */
  private static RecordType record(StructType struct, String name, String path, Set<String> names) {
    List<Field> fields = new ArrayList<>();
    for (StructField sf : struct.fields()) {
      if (sf.name().isEmpty()) {
        throw WickException.usage(
            "The data has a column with an empty name"
                + (path.isEmpty() ? "" : " in '" + path + "'")
                + ", which no field path can name; give it a name where the data is written.");
      }
      String fieldPath = path.isEmpty() ? sf.name() : path + "." + sf.name();
      Metadata md = sf.metadata();
      DataType type = type(sf.dataType(), fieldPath, names);
      if (md.contains(TYPE_KEY)) {
        type = restore(md.getString(TYPE_KEY), type, fieldPath);
      }
      String doc = md.contains(COMMENT_KEY) ? md.getString(COMMENT_KEY) : "";
      Optional<SemanticSpec> semantic =
          md.contains(SEMANTIC_KEY)
              ? Optional.of(SemanticSpec.parse(md.getString(SEMANTIC_KEY)))
              : Optional.empty();
      Map<String, String> props = new LinkedHashMap<>();
      scala.collection.Iterator<String> keys = md.map().keysIterator();
      while (keys.hasNext()) {
        String k = keys.next();
        if (k.equals(TYPE_KEY) || k.equals(SEMANTIC_KEY) || k.equals(COMMENT_KEY)) {
          continue;
        }
        Object v = md.map().apply(k);
        if (v instanceof String s) {
          props.put(k, s);
        }
      }
      fields.add(new Field(sf.name(), type, sf.nullable(), doc, semantic, props));
    }
    return new RecordType(name, "", "", fields);
  }

  private static DataType type(
      org.apache.spark.sql.types.DataType t, String path, Set<String> names) {
    if (t instanceof org.apache.spark.sql.types.BooleanType) {
      return DataType.BOOLEAN;
    } else if (t instanceof org.apache.spark.sql.types.ByteType
        || t instanceof org.apache.spark.sql.types.ShortType
        || t instanceof org.apache.spark.sql.types.IntegerType) {
      return DataType.INT;
    } else if (t instanceof org.apache.spark.sql.types.LongType) {
      return DataType.LONG;
    } else if (t instanceof org.apache.spark.sql.types.FloatType) {
      return DataType.FLOAT;
    } else if (t instanceof org.apache.spark.sql.types.DoubleType) {
      return DataType.DOUBLE;
    } else if (t instanceof org.apache.spark.sql.types.StringType
        || t instanceof org.apache.spark.sql.types.CharType
        || t instanceof org.apache.spark.sql.types.VarcharType) {
      return DataType.STRING;
    } else if (t instanceof org.apache.spark.sql.types.BinaryType) {
      return DataType.BYTES;
    } else if (t instanceof org.apache.spark.sql.types.DecimalType d) {
      return new DecimalType(d.precision(), d.scale());
    } else if (t instanceof org.apache.spark.sql.types.DateType) {
      return DataType.DATE;
    } else if (t instanceof org.apache.spark.sql.types.TimestampType) {
      return new TimestampType(Precision.MICROS, true);
    } else if (t instanceof org.apache.spark.sql.types.TimestampNTZType) {
      return new TimestampType(Precision.MICROS, false);
    } else if (t instanceof org.apache.spark.sql.types.ArrayType a) {
      return new ArrayType(type(a.elementType(), path + "[]", names), a.containsNull());
    } else if (t instanceof org.apache.spark.sql.types.MapType m) {
      return new MapType(
          type(m.keyType(), path + "{key}", names),
          type(m.valueType(), path + "{}", names),
          m.valueContainsNull());
    } else if (t instanceof StructType s) {
      return record(s, uniqueRecordName(path, names), path, names);
    }
    throw WickException.usage(
        "Field '"
            + path
            + "' has the Spark type "
            + t.simpleString()
            + ", which Wick's schema model cannot express; cast it to a supported type"
            + " (string, numbers, date, timestamp, binary, array, map, struct) first.");
  }

  /**
   * A record name for a nested struct not taken yet: from its field name ({@code device.os_info ->
   * OsInfo}), else from its whole path ({@code device.os_info -> DeviceOsInfo}), else numbered.
   */
  static String uniqueRecordName(String path, Set<String> names) {
    String name = recordName(path.substring(path.lastIndexOf('.') + 1));
    if (names.contains(name)) {
      name = recordName(path);
    }
    String base = name;
    for (int n = 2; names.contains(name); n++) {
      name = base + n;
    }
    names.add(name);
    return name;
  }

  /** A record name derived from a path: {@code os_info -> OsInfo}, {@code a.b[] -> AB}. */
  static String recordName(String path) {
    return RecordNames.camelCase(path.replace("[]", "").replace("{}", ""), "R");
  }

  /** Restores the Avro-only type recorded in a field's metadata. */
  private static DataType restore(String recorded, DataType storage, String path) {
    if (recorded.equals("uuid") && storage instanceof StringType) {
      return DataType.UUID;
    }
    if (recorded.startsWith("enum ") && storage instanceof StringType) {
      int brace = recorded.indexOf('{');
      String name = recorded.substring(5, brace);
      List<String> symbols =
          List.of(recorded.substring(brace + 1, recorded.length() - 1).split(",", -1));
      return new EnumType(name, symbols);
    }
    if (recorded.startsWith("fixed ") && storage instanceof BytesType) {
      String[] parts = recorded.substring(6).split(" ");
      return new FixedType(parts[0], Integer.parseInt(parts[1]));
    }
    if (recorded.equals("time-millis") && storage instanceof IntType) {
      return new TimeType(Precision.MILLIS);
    }
    if (recorded.equals("time-micros") && storage instanceof LongType) {
      return new TimeType(Precision.MICROS);
    }
    if (recorded.equals("timestamp-millis") && storage instanceof TimestampType t) {
      return new TimestampType(Precision.MILLIS, t.utcAdjusted());
    }
    // A stale or foreign annotation: trust the Spark type, which is what the data holds.
    return storage;
  }

  // ---------------------------------------------------------------- model -> Spark

  static StructType toSpark(Schema schema) {
    return struct(schema.root(), "");
  }

  private static StructType struct(RecordType r, String path) {
    List<StructField> fields = new ArrayList<>();
    for (Field f : r.fields()) {
      String fieldPath = path.isEmpty() ? f.name() : path + "." + f.name();
      MetadataBuilder md = new MetadataBuilder();
      f.properties().forEach(md::putString);
      if (!f.doc().isEmpty()) {
        md.putString(COMMENT_KEY, f.doc());
      }
      f.semantic().ifPresent(s -> md.putString(SEMANTIC_KEY, s.text()));
      recordedType(f.type()).ifPresent(t -> md.putString(TYPE_KEY, t));
      fields.add(new StructField(f.name(), type(f.type(), fieldPath), f.nullable(), md.build()));
    }
    return new StructType(fields.toArray(new StructField[0]));
  }

  private static Optional<String> recordedType(DataType t) {
    if (t instanceof UuidType) {
      return Optional.of("uuid");
    } else if (t instanceof EnumType e) {
      return Optional.of("enum " + e.name() + "{" + String.join(",", e.symbols()) + "}");
    } else if (t instanceof FixedType f) {
      return Optional.of("fixed " + f.name() + " " + f.size());
    } else if (t instanceof TimeType tt) {
      return Optional.of(tt.describe());
    } else if (t instanceof TimestampType ts && ts.precision() == Precision.MILLIS) {
      return Optional.of("timestamp-millis");
    }
    return Optional.empty();
  }

  static org.apache.spark.sql.types.DataType type(DataType t, String path) {
    if (t instanceof BooleanType) {
      return DataTypes.BooleanType;
    } else if (t instanceof IntType) {
      return DataTypes.IntegerType;
    } else if (t instanceof LongType) {
      return DataTypes.LongType;
    } else if (t instanceof FloatType) {
      return DataTypes.FloatType;
    } else if (t instanceof DoubleType) {
      return DataTypes.DoubleType;
    } else if (t instanceof StringType || t instanceof UuidType || t instanceof EnumType) {
      return DataTypes.StringType;
    } else if (t instanceof BytesType || t instanceof FixedType) {
      return DataTypes.BinaryType;
    } else if (t instanceof DecimalType d) {
      if (d.precision() > 38) {
        throw WickException.usage(
            "Field '"
                + path
                + "' is "
                + d.describe()
                + ", but Spark decimals hold at most 38 digits; narrow its precision.");
      }
      return DataTypes.createDecimalType(d.precision(), d.scale());
    } else if (t instanceof DateType) {
      return DataTypes.DateType;
    } else if (t instanceof TimeType tt) {
      return tt.precision() == Precision.MILLIS ? DataTypes.IntegerType : DataTypes.LongType;
    } else if (t instanceof TimestampType ts) {
      return ts.utcAdjusted() ? DataTypes.TimestampType : DataTypes.TimestampNTZType;
    } else if (t instanceof ArrayType a) {
      return DataTypes.createArrayType(type(a.element(), path + "[]"), a.containsNull());
    } else if (t instanceof MapType m) {
      return DataTypes.createMapType(
          type(m.key(), path + "{key}"), type(m.value(), path + "{}"), m.valueContainsNull());
    } else if (t instanceof RecordType r) {
      return struct(r, path);
    } else if (t instanceof RecordRef ref) {
      throw WickException.usage(
          "Field '"
              + path
              + "' refers back to its enclosing record "
              + ref.fullName()
              + ", and Spark cannot express recursive types; drop the field or limit its depth.");
    } else if (t instanceof UnionType u) {
      throw WickException.usage(
          "Field '"
              + path
              + "' is a "
              + u.describe()
              + ", which Spark cannot express as one column; split the branches into fields.");
    }
    throw new IllegalStateException("unhandled data type " + t);
  }
}
