package dev.wick.bigdiff;

import static org.apache.spark.sql.functions.array_sort;
import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.forall;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.map_contains_key;
import static org.apache.spark.sql.functions.map_keys;
import static org.apache.spark.sql.functions.size;
import static org.apache.spark.sql.functions.transform;
import static org.apache.spark.sql.functions.transform_values;
import static org.apache.spark.sql.functions.try_element_at;
import static org.apache.spark.sql.functions.when;
import static org.apache.spark.sql.functions.zip_with;

import dev.wick.core.schema.DataType;
import dev.wick.core.schema.DataType.ArrayType;
import dev.wick.core.schema.DataType.DecimalType;
import dev.wick.core.schema.DataType.MapType;
import dev.wick.core.schema.DataType.RecordType;
import dev.wick.core.schema.Field;
import dev.wick.core.schema.FieldPath;
import dev.wick.core.schema.Schemas;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Field comparison as Catalyst expressions. Every comparison is null-safe (two nulls are equal, a
 * null and a value are not) and never yields null. Values without maps, unordered arrays or
 * comparators compare with one {@code <=>}, which already treats NaN as equal to NaN; the others
 * are taken apart: records field by field, arrays element by element (sorted first when unordered),
 * maps key by key, and each value by the comparator {@link Rules#comparatorFor} gives it.
 */
final class Comparisons {
  private Comparisons() {}

  /** {@code l} and {@code r}, both of {@code type}, are equal under {@code rules}. */
  static Column equal(Column l, Column r, DataType type, FieldPath path, Rules rules) {
    Optional<FieldComparator> comparator = rules.comparatorFor(path, type);
    if (comparator.isPresent()) {
      // A built-in is null-safe itself; a user's comparator sees only two present values.
      return comparator.get() instanceof Builtin b
          ? b.equal(l, r, type)
          : nullSafe(l, r, comparator.get().equal(l, r));
    }
    if (!rules.needsDeepComparison(type, path)) {
      return l.eqNullSafe(r);
    }
    Column bothPresent;
    if (type instanceof RecordType rec) {
      List<Column> parts = new ArrayList<>();
      for (Field f : rec.fields()) {
        parts.add(
            equal(
                l.getField(f.name()),
                r.getField(f.name()),
                f.type(),
                Alignment.child(path, f.name()),
                rules));
      }
      bothPresent = and(parts);
    } else if (type instanceof ArrayType a && rules.elementKey(path).isPresent()) {
      bothPresent = ElementMatch.equal(l, r, a, path, rules.elementKey(path).get(), rules);
    } else if (type instanceof ArrayType a) {
      FieldPath elements = Alignment.elements(path, true);
      Column ls = rules.isUnordered(path) ? array_sort(l) : l;
      Column rs = rules.isUnordered(path) ? array_sort(r) : r;
      bothPresent =
          size(ls)
              .equalTo(size(rs))
              .and(
                  forall(
                      zip_with(ls, rs, (x, y) -> equal(x, y, a.element(), elements, rules)),
                      b -> b));
    } else if (type instanceof MapType m) {
      FieldPath values = Alignment.elements(path, false);
      bothPresent =
          size(l)
              .equalTo(size(r))
              .and(
                  forall(
                      map_keys(l),
                      k ->
                          map_contains_key(r, k)
                              .and(
                                  equal(
                                      try_element_at(l, k),
                                      try_element_at(r, k),
                                      m.value(),
                                      values,
                                      rules))));
    } else {
      return l.eqNullSafe(r);
    }
    return nullSafe(l, r, bothPresent);
  }

  /** The decimal type that holds every value of an integer or decimal type exactly, or empty. */
  static Optional<DecimalType> exactType(DataType type) {
    if (type instanceof DataType.IntType) {
      return Optional.of(new DecimalType(10, 0));
    } else if (type instanceof DataType.LongType) {
      return Optional.of(new DecimalType(20, 0));
    } else if (type instanceof DecimalType d) {
      return Optional.of(d);
    }
    return Optional.empty();
  }

  private static Column nullSafe(Column l, Column r, Column bothPresent) {
    return when(l.isNull(), r.isNull())
        .when(r.isNull(), lit(false))
        .otherwise(coalesce(bothPresent, lit(false)));
  }

  /** A balanced conjunction, so that hundreds of fields do not make a deep expression tree. */
  static Column and(List<Column> parts) {
    if (parts.isEmpty()) {
      return lit(true);
    }
    return and(parts, 0, parts.size());
  }

  private static Column and(List<Column> parts, int from, int to) {
    if (to - from == 1) {
      return parts.get(from);
    }
    int mid = (from + to) >>> 1;
    return and(parts, from, mid).and(and(parts, mid, to));
  }

  /**
   * The value {@code v} of {@code sideType} as a value of {@code commonType}: record fields the
   * other side lacks are dropped and records put in the common field order (inside arrays and maps
   * too), then the value is cast to the common Spark type when its {@code actual} Spark type is
   * another (when, say, one side stores a short where the other stores an int).
   */
  static Column project(
      Column v,
      DataType sideType,
      DataType commonType,
      org.apache.spark.sql.types.DataType actual,
      String path) {
    Column reduced = reduce(v, sideType, commonType);
    org.apache.spark.sql.types.DataType target = Schemas.toSpark(commonType, path);
    if (reduced == v && actual.catalogString().equals(target.catalogString())) {
      return v;
    }
    return reduced.cast(nullable(target));
  }

  /** {@code t} with every field, element and value nullable: any value casts to it. */
  private static org.apache.spark.sql.types.DataType nullable(
      org.apache.spark.sql.types.DataType t) {
    if (t instanceof StructType s) {
      StructType out = new StructType();
      for (StructField f : s.fields()) {
        out = out.add(f.name(), nullable(f.dataType()), true, f.metadata());
      }
      return out;
    } else if (t instanceof org.apache.spark.sql.types.ArrayType a) {
      return DataTypes.createArrayType(nullable(a.elementType()), true);
    } else if (t instanceof org.apache.spark.sql.types.MapType m) {
      return DataTypes.createMapType(m.keyType(), nullable(m.valueType()), true);
    }
    return t;
  }

  private static Column reduce(Column v, DataType side, DataType common) {
    if (!differsInShape(side, common)) {
      return v;
    }
    if (side instanceof RecordType sr && common instanceof RecordType cr) {
      List<Column> fields = new ArrayList<>();
      for (Field cf : cr.fields()) {
        DataType sideField =
            sr.fields().stream()
                .filter(f -> f.name().equals(cf.name()))
                .findFirst()
                .orElseThrow()
                .type();
        fields.add(reduce(v.getField(cf.name()), sideField, cf.type()).as(cf.name()));
      }
      return when(v.isNotNull(), functions.struct(fields.toArray(new Column[0])));
    }
    if (side instanceof ArrayType sa && common instanceof ArrayType ca) {
      return transform(v, x -> reduce(x, sa.element(), ca.element()));
    }
    if (side instanceof MapType sm && common instanceof MapType cm) {
      return transform_values(v, (k, x) -> reduce(x, sm.value(), cm.value()));
    }
    return v;
  }

  /** True when records (at any depth) have other fields, or another field order, than common. */
  private static boolean differsInShape(DataType side, DataType common) {
    if (side instanceof RecordType sr && common instanceof RecordType cr) {
      if (sr.fields().size() != cr.fields().size()) {
        return true;
      }
      for (int i = 0; i < sr.fields().size(); i++) {
        Field s = sr.fields().get(i);
        Field c = cr.fields().get(i);
        if (!s.name().equals(c.name()) || differsInShape(s.type(), c.type())) {
          return true;
        }
      }
      return false;
    }
    if (side instanceof ArrayType sa && common instanceof ArrayType ca) {
      return differsInShape(sa.element(), ca.element());
    }
    if (side instanceof MapType sm && common instanceof MapType cm) {
      return differsInShape(sm.value(), cm.value());
    }
    return false;
  }
}
