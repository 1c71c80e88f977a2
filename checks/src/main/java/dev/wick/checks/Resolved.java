package dev.wick.checks;

import static org.apache.spark.sql.functions.array_max;
import static org.apache.spark.sql.functions.array_min;
import static org.apache.spark.sql.functions.avg;
import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.count_if;
import static org.apache.spark.sql.functions.element_at;
import static org.apache.spark.sql.functions.exists;
import static org.apache.spark.sql.functions.filter;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.size;
import static org.apache.spark.sql.functions.when;

import dev.wick.core.WickException;
import dev.wick.core.report.DidYouMean;
import dev.wick.core.schema.FieldPath;
import dev.wick.core.spark.Columns;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * What a check names, resolved in a schema ({@link #resolve}, the one resolver of checks' fields):
 * a field or a record's field ({@code column} is its value), or a path into arrays or map values
 * ({@code repeated}: {@code column} is the array of every value there, see {@link Columns#values}).
 * {@code type} is the type of one value. The methods give the aggregates and row filters the checks
 * need, the same way for both.
 */
record Resolved(String path, FieldPath at, Column column, DataType type, boolean repeated) {
  /** The non-null values. */
  Column present() {
    return repeated ? sumOf(size(filter(column, Column::isNotNull))) : count(column);
  }

  /** Every value, null or not (repeated paths only). */
  Column all() {
    return sumOf(size(column));
  }

  /** The values for which {@code bad} holds. */
  Column failing(Function<Column, Column> bad) {
    return repeated ? sumOf(size(filter(column, bad::apply))) : count_if(bad.apply(column));
  }

  /** The rows holding a value for which {@code bad} holds. */
  Column failingRows(Function<Column, Column> bad) {
    return repeated ? coalesce(exists(column, bad::apply), lit(false)) : bad.apply(column);
  }

  /** The value for which {@code bad} holds: this one, or the first such of the values. */
  Column failingValue(Function<Column, Column> bad) {
    return repeated ? element_at(filter(column, bad::apply), 1) : column;
  }

  Column min() {
    return repeated ? functions.min(array_min(column)) : functions.min(column);
  }

  Column max() {
    return repeated ? functions.max(array_max(column)) : functions.max(column);
  }

  Column mean() {
    if (!repeated) {
      return avg(column);
    }
    Column values = filter(column, Column::isNotNull);
    Column n = sumOf(size(values));
    Column total =
        functions.sum(
            functions.aggregate(values, lit(0.0), (acc, v) -> acc.plus(v.cast("double"))));
    return when(n.gt(0), total.divide(n));
  }

  /** This path, refused when it steps into arrays or maps. */
  Resolved single(String kind, Check check) {
    if (repeated) {
      throw WickException.usage(
          "Check '"
              + check.name()
              + "' names "
              + path
              + ", which steps into an array or map; "
              + kind
              + " check takes a field or a record's field (completeness, allowedValues,"
              + " range, mean, sum, regex, semantic and freshness checks also take values in"
              + " arrays and maps).");
    }
    return this;
  }

  private static Column sumOf(Column perRow) {
    return coalesce(functions.sum(perRow), lit(0L));
  }

  /** {@code a bigint}, {@code an int}. */
  static String article(String noun) {
    return ("aeiou".indexOf(Character.toLowerCase(noun.charAt(0))) >= 0 ? "an " : "a ") + noun;
  }

  /**
   * The usage error for {@code check}'s field {@code path}, of {@code type}, not {@code wanted}.
   */
  static WickException typeError(Check check, String path, DataType type, String wanted) {
    return WickException.usage(
        "Check '"
            + check.name()
            + "' needs "
            + wanted
            + " in "
            + path
            + ", but it is "
            + article(type.simpleString())
            + "; choose a field of that type or another kind of check.");
  }

  /**
   * The field {@code text} of {@code struct} (named {@code where} in messages), as {@code check}
   * names it; fails naming the nearest field when there is none such.
   */
  static Resolved resolve(StructType struct, String text, String where, Check check) {
    FieldPath path;
    try {
      path = FieldPath.parse(text);
    } catch (WickException e) {
      throw WickException.usage("Check '" + check.name() + "': " + e.getMessage(), e);
    }
    DataType type = struct;
    for (FieldPath.Step step : path.steps()) {
      StructField found = null;
      if (type instanceof StructType s) {
        for (StructField f : s.fields()) {
          if (f.name().equals(step.name())) {
            found = f;
          }
        }
      }
      DataType stepped = found == null ? null : found.dataType();
      if (stepped != null && step.kind() == FieldPath.Step.Kind.ARRAY_ELEMENTS) {
        stepped = stepped instanceof ArrayType a ? a.elementType() : null;
      } else if (stepped != null && step.kind() == FieldPath.Step.Kind.MAP_VALUES) {
        stepped = stepped instanceof MapType m ? m.valueType() : null;
      }
      if (stepped == null) {
        throw WickException.usage(
            "Check '"
                + check.name()
                + "' names the field '"
                + text
                + "', which "
                + where
                + " does not have"
                + DidYouMean.suggestion(text, paths(struct, ""))
                + "; fix the field's name in the checks.");
      }
      type = stepped;
    }
    boolean repeated = !path.isStructPath();
    return new Resolved(
        text, path, repeated ? Columns.values(path) : Columns.column(path), type, repeated);
  }

  /** Every field path through records, arrays and maps, depth first. */
  private static List<String> paths(StructType struct, String prefix) {
    List<String> out = new ArrayList<>();
    for (StructField f : struct.fields()) {
      DataType t = f.dataType();
      String path = prefix + f.name();
      out.add(path);
      if (t instanceof ArrayType a) {
        path += "[]";
        out.add(path);
        t = a.elementType();
      } else if (t instanceof MapType m) {
        path += "{}";
        out.add(path);
        t = m.valueType();
      }
      if (t instanceof StructType s) {
        out.addAll(paths(s, path + "."));
      }
    }
    return out;
  }
}
