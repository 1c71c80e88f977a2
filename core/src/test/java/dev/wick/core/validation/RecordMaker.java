package dev.wick.core.validation;

import dev.wick.core.schema.DataType;
import dev.wick.core.schema.DataType.ArrayType;
import dev.wick.core.schema.DataType.MapType;
import dev.wick.core.schema.DataType.RecordType;
import dev.wick.core.schema.Field;
import dev.wick.core.schema.FieldPath;
import dev.wick.core.schema.Schema;
import dev.wick.core.schema.Schemas;
import java.lang.reflect.Constructor;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Test data for validators: records of a schema that break exactly the rules asked for, as Avro
 * records, Spark rows or Java records. Every other value is valid; nullable values are sometimes
 * null, unless a broken rule lies below them.
 */
final class RecordMaker {
  private final Schema schema;
  private final org.apache.avro.Schema avro;
  private final List<Rule> rules;
  private final Map<FieldPath, SemanticBinding> semantics = new HashMap<>();

  RecordMaker(Schema schema) {
    this.schema = schema;
    this.avro = Schemas.toAvro(schema);
    this.rules = Rule.of(schema);
    for (Rule r : rules) {
      if (r instanceof Rule.Semantic s) {
        semantics.put(s.path(), s.binding());
      }
    }
  }

  List<Rule> rules() {
    return rules;
  }

  /**
   * A subset of the rules that can break together: no rule below (or at) a path whose not-null rule
   * breaks, since a null value hides everything under it.
   */
  Set<Rule> pickBroken(SplittableRandom r, java.util.function.Predicate<Rule> breakable) {
    Set<Rule> broken = new HashSet<>();
    for (Rule rule : rules) {
      if (breakable.test(rule) && r.nextInt(3) == 0) {
        broken.add(rule);
      }
    }
    for (Rule rule : List.copyOf(broken)) {
      if (rule instanceof Rule.NotNull) {
        broken.removeIf(o -> o != rule && o.path().startsWith(rule.path()));
      }
    }
    return broken;
  }

  GenericRecord make(SplittableRandom r, Set<Rule> broken) {
    return record(schema.root(), avro, null, r, broken);
  }

  private boolean below(FieldPath path, Set<Rule> broken) {
    return broken.stream().anyMatch(b -> b.path().startsWith(path));
  }

  private GenericRecord record(
      RecordType type,
      org.apache.avro.Schema avroType,
      FieldPath at,
      SplittableRandom r,
      Set<Rule> broken) {
    GenericData.Record out = new GenericData.Record(avroType);
    for (Field f : type.fields()) {
      FieldPath path =
          at == null ? FieldPath.parse(f.name()) : FieldPath.parse(at + "." + f.name());
      org.apache.avro.Schema fieldAvro = nonNull(avroType.getField(f.name()).schema());
      Object v;
      if (broken.contains(new Rule.NotNull(path))) {
        v = null;
      } else if (f.nullable() && !below(path, broken) && r.nextInt(5) == 0) {
        v = null;
      } else {
        v = value(f.type(), fieldAvro, path, r, broken);
      }
      out.put(f.name(), v);
    }
    return out;
  }

  private Object value(
      DataType type,
      org.apache.avro.Schema avroType,
      FieldPath path,
      SplittableRandom r,
      Set<Rule> broken) {
    SemanticBinding b = semantics.get(path);
    if (b != null) {
      boolean invalid =
          broken.stream().anyMatch(x -> x instanceof Rule.Semantic && x.path().equals(path));
      return invalid
          ? b.type().generateInvalid(r, b.storage()).orElseThrow()
          : b.type().generateValid(r, b.storage());
    }
    if (type instanceof RecordType rt) {
      return record(rt, avroType, path, r, broken);
    }
    if (type instanceof ArrayType a) {
      FieldPath el = FieldPath.parse(path + "[]");
      List<Object> out = new ArrayList<>();
      elements(a.element(), a.containsNull(), nonNull(avroType.getElementType()), el, r, broken)
          .forEach(out::add);
      return out;
    }
    if (type instanceof MapType m) {
      FieldPath vals = FieldPath.parse(path + "{}");
      Map<String, Object> out = new LinkedHashMap<>();
      List<Object> values =
          elements(
              m.value(), m.valueContainsNull(), nonNull(avroType.getValueType()), vals, r, broken);
      for (int i = 0; i < values.size(); i++) {
        out.put("k" + i, values.get(i));
      }
      return out;
    }
    return plain(type, r);
  }

  /** Elements at {@code path}: when a rule at or below it breaks, exactly one element breaks it. */
  private List<Object> elements(
      DataType type,
      boolean containsNull,
      org.apache.avro.Schema avroType,
      FieldPath path,
      SplittableRandom r,
      Set<Rule> broken) {
    Set<Rule> here = new HashSet<>();
    for (Rule b : broken) {
      if (b.path().startsWith(path)) {
        here.add(b);
      }
    }
    int n = here.isEmpty() ? r.nextInt(4) : 1 + r.nextInt(3);
    int chosen = r.nextInt(Math.max(n, 1));
    List<Object> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Set<Rule> mine = i == chosen ? here : Set.of();
      if (mine.contains(new Rule.NotNull(path))) {
        out.add(null);
      } else if (containsNull && mine.isEmpty() && r.nextInt(6) == 0) {
        out.add(null);
      } else {
        out.add(value(type, avroType, path, r, mine));
      }
    }
    return out;
  }

  private static Object plain(DataType type, SplittableRandom r) {
    if (type instanceof DataType.IntType) {
      return r.nextInt(-100, 100);
    } else if (type instanceof DataType.LongType) {
      return r.nextLong(-100_000, 100_000);
    } else if (type instanceof DataType.DoubleType) {
      return r.nextDouble() * 100;
    } else if (type instanceof DataType.BooleanType) {
      return r.nextBoolean();
    } else if (type instanceof DataType.StringType) {
      return "s" + r.nextInt(1000);
    }
    throw new IllegalArgumentException("RecordMaker does not make " + type.describe());
  }

  private static org.apache.avro.Schema nonNull(org.apache.avro.Schema s) {
    if (s.getType() == org.apache.avro.Schema.Type.UNION) {
      for (org.apache.avro.Schema branch : s.getTypes()) {
        if (branch.getType() != org.apache.avro.Schema.Type.NULL) {
          return branch;
        }
      }
    }
    return s;
  }

  // ------------------------------------------------------------------ conversions

  /** The Avro record as a Spark row of {@code struct}. */
  static Row toRow(Object value, StructType struct) {
    GenericRecord g = (GenericRecord) value;
    Object[] values = new Object[struct.fields().length];
    for (int i = 0; i < values.length; i++) {
      StructField f = struct.fields()[i];
      values[i] = sparkValue(g.get(f.name()), f.dataType());
    }
    return RowFactory.create(values);
  }

  private static Object sparkValue(Object v, org.apache.spark.sql.types.DataType type) {
    if (v == null) {
      return null;
    }
    if (type instanceof StructType s) {
      return toRow(v, s);
    }
    if (type instanceof org.apache.spark.sql.types.ArrayType a) {
      List<Object> out = new ArrayList<>();
      for (Object e : (List<?>) v) {
        out.add(sparkValue(e, a.elementType()));
      }
      return out;
    }
    if (type instanceof org.apache.spark.sql.types.MapType m) {
      Map<Object, Object> out = new LinkedHashMap<>();
      ((Map<?, ?>) v).forEach((k, x) -> out.put(k.toString(), sparkValue(x, m.valueType())));
      return out;
    }
    return v instanceof CharSequence ? v.toString() : v;
  }

  /** A struct like {@code struct} whose every field, element and value may be null. */
  static StructType nullable(StructType struct) {
    List<StructField> out = new ArrayList<>();
    for (StructField f : struct.fields()) {
      out.add(new StructField(f.name(), nullable(f.dataType()), true, f.metadata()));
    }
    return new StructType(out.toArray(new StructField[0]));
  }

  private static org.apache.spark.sql.types.DataType nullable(
      org.apache.spark.sql.types.DataType t) {
    if (t instanceof StructType s) {
      return nullable(s);
    }
    if (t instanceof org.apache.spark.sql.types.ArrayType a) {
      return org.apache.spark.sql.types.DataTypes.createArrayType(nullable(a.elementType()), true);
    }
    if (t instanceof org.apache.spark.sql.types.MapType m) {
      return org.apache.spark.sql.types.DataTypes.createMapType(
          m.keyType(), nullable(m.valueType()), true);
    }
    return t;
  }

  /** The Avro record as a Java record of {@code type}, through canonical constructors. */
  static <R> R toJava(Object value, Class<R> type) {
    return type.cast(javaValue(value, type));
  }

  private static Object javaValue(Object v, Type type) {
    if (v == null) {
      return null;
    }
    if (type instanceof ParameterizedType p) {
      Class<?> raw = (Class<?>) p.getRawType();
      if (List.class.isAssignableFrom(raw)) {
        List<Object> out = new ArrayList<>();
        for (Object e : (List<?>) v) {
          out.add(javaValue(e, p.getActualTypeArguments()[0]));
        }
        return out;
      }
      if (Map.class.isAssignableFrom(raw)) {
        Map<String, Object> out = new HashMap<>();
        ((Map<?, ?>) v)
            .forEach((k, x) -> out.put(k.toString(), javaValue(x, p.getActualTypeArguments()[1])));
        return out;
      }
    }
    Class<?> c = (Class<?>) type;
    if (c.isRecord()) {
      RecordComponent[] components = c.getRecordComponents();
      Class<?>[] types = new Class<?>[components.length];
      Object[] args = new Object[components.length];
      for (int i = 0; i < components.length; i++) {
        types[i] = components[i].getType();
        if (Validated.class.isAssignableFrom(c)) {
          args[i] = javaValue(v, components[i].getGenericType());
        } else {
          args[i] =
              javaValue(
                  ((GenericRecord) v).get(components[i].getName()), components[i].getGenericType());
        }
      }
      try {
        Constructor<?> ctor = c.getDeclaredConstructor(types);
        ctor.setAccessible(true);
        return ctor.newInstance(args);
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException("cannot build " + c, e);
      }
    }
    return v instanceof CharSequence ? v.toString() : v;
  }
}
