package dev.wick.core.validation;

import dev.wick.core.WickException;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Checks that a dataset holds every field a schema declares, with the declared Spark types
 * (nullability and field order aside), before any rule is built on it.
 */
final class InputShape {
  private InputShape() {}

  static void check(StructType expected, StructType actual, String schemaName) {
    struct(expected, actual, "", schemaName);
  }

  private static void struct(StructType expected, StructType actual, String prefix, String schema) {
    for (StructField e : expected.fields()) {
      String path = prefix.isEmpty() ? e.name() : prefix + "." + e.name();
      StructField found = null;
      for (StructField a : actual.fields()) {
        if (a.name().equals(e.name())) {
          found = a;
          break;
        }
      }
      if (found == null) {
        throw WickException.usage(
            "The input has no field '"
                + path
                + "', which the schema "
                + schema
                + " declares; check that the schema belongs to this input.");
      }
      type(e.dataType(), found.dataType(), path, schema);
    }
  }

  private static void type(DataType expected, DataType actual, String path, String schema) {
    if (expected instanceof StructType es && actual instanceof StructType as) {
      struct(es, as, path, schema);
    } else if (expected instanceof ArrayType ea && actual instanceof ArrayType aa) {
      type(ea.elementType(), aa.elementType(), path + "[]", schema);
    } else if (expected instanceof MapType em && actual instanceof MapType am) {
      type(em.keyType(), am.keyType(), path + "{key}", schema);
      type(em.valueType(), am.valueType(), path + "{}", schema);
    } else if (!expected.sameType(actual)) {
      throw WickException.usage(
          "Field '"
              + path
              + "' is a "
              + actual.simpleString()
              + " in the input, but the schema "
              + schema
              + " declares "
              + expected.simpleString()
              + "; fix the schema or convert the input.");
    }
  }
}
