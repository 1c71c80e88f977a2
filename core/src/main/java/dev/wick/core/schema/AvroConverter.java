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
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.avro.LogicalType;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema.Type;

/** Avro {@code Schema} to and from the model. Package-private: use {@link Schemas}. */
final class AvroConverter {
  /** The Avro field property that attaches a semantic type. */
  static final String SEMANTIC_PROPERTY = "wick.semantic";

  private static final String NAME_RULE =
      "Avro names use letters, digits and '_' and do not start with a digit.";

  private AvroConverter() {}

  // ---------------------------------------------------------------- Avro -> model

  static Schema toModel(org.apache.avro.Schema avro) {
    if (avro.getType() != Type.RECORD) {
      throw WickException.usage(
          "The Avro schema is a "
              + avro.getType().getName()
              + ", but Wick needs a record at the top; wrap the value in a record.");
    }
    return new Schema((RecordType) new ToModel().type(avro, ""));
  }

  private static final class ToModel {
    private final Set<String> inProgress = new HashSet<>();

    DataType type(org.apache.avro.Schema s, String path) {
      LogicalType logical = s.getLogicalType();
      if (logical != null) {
        DataType mapped = logical(s, logical);
        if (mapped != null) {
          return mapped;
        }
      }
      return switch (s.getType()) {
        case BOOLEAN -> DataType.BOOLEAN;
        case INT -> DataType.INT;
        case LONG -> DataType.LONG;
        case FLOAT -> DataType.FLOAT;
        case DOUBLE -> DataType.DOUBLE;
        case STRING -> DataType.STRING;
        case BYTES -> DataType.BYTES;
        case FIXED -> new FixedType(s.getFullName(), s.getFixedSize());
        case ENUM -> new EnumType(s.getFullName(), s.getEnumSymbols());
        case ARRAY -> {
          Nullable el = nullable(s.getElementType(), path + "[]");
          yield new ArrayType(el.type, el.nullable);
        }
        case MAP -> {
          Nullable v = nullable(s.getValueType(), path + "{}");
          yield new MapType(DataType.STRING, v.type, v.nullable);
        }
        case RECORD -> record(s, path);
        case UNION -> {
          Nullable u = nullable(s, path);
          if (u.nullable) {
            throw WickException.usage(
                "Field '"
                    + path
                    + "' is a nullable union nested in a union, which Wick cannot express.");
          }
          yield u.type;
        }
        case NULL ->
            throw WickException.usage(
                "Field '"
                    + path
                    + "' has the Avro type null alone, which holds no data; remove the field or give it a type.");
      };
    }

    private DataType record(org.apache.avro.Schema s, String path) {
      String full = s.getFullName();
      if (inProgress.contains(full)) {
        return new RecordRef(full);
      }
      inProgress.add(full);
      try {
        List<Field> fields = new ArrayList<>();
        for (org.apache.avro.Schema.Field f : s.getFields()) {
          String fieldPath = path.isEmpty() ? f.name() : path + "." + f.name();
          Nullable t = nullable(f.schema(), fieldPath);
          Map<String, String> props = new LinkedHashMap<>();
          Optional<SemanticSpec> semantic = Optional.empty();
          for (Map.Entry<String, Object> p : f.getObjectProps().entrySet()) {
            if (p.getKey().equals(SEMANTIC_PROPERTY)) {
              semantic = Optional.of(SemanticSpec.parse(String.valueOf(p.getValue())));
            } else {
              props.put(p.getKey(), String.valueOf(p.getValue()));
            }
          }
          fields.add(new Field(f.name(), t.type, t.nullable, f.doc(), semantic, props));
        }
        return new RecordType(s.getName(), s.getNamespace(), s.getDoc(), fields);
      } finally {
        inProgress.remove(full);
      }
    }

    private record Nullable(DataType type, boolean nullable) {}

    private Nullable nullable(org.apache.avro.Schema s, String path) {
      if (s.getType() != Type.UNION) {
        return new Nullable(type(s, path), false);
      }
      List<DataType> branches = new ArrayList<>();
      boolean hasNull = false;
      for (org.apache.avro.Schema b : s.getTypes()) {
        if (b.getType() == Type.NULL) {
          hasNull = true;
        } else {
          branches.add(type(b, path));
        }
      }
      if (branches.isEmpty()) {
        throw WickException.usage(
            "Field '" + path + "' is a union of null alone, which holds no data; give it a type.");
      }
      return new Nullable(
          branches.size() == 1 ? branches.get(0) : new UnionType(branches), hasNull);
    }

    private static DataType logical(org.apache.avro.Schema s, LogicalType logical) {
      return switch (logical.getName()) {
        case "decimal" -> {
          LogicalTypes.Decimal d = (LogicalTypes.Decimal) logical;
          yield new DecimalType(d.getPrecision(), d.getScale());
        }
        case "uuid" -> s.getType() == Type.STRING ? DataType.UUID : null;
        case "date" -> DataType.DATE;
        case "time-millis" -> new TimeType(Precision.MILLIS);
        case "time-micros" -> new TimeType(Precision.MICROS);
        case "timestamp-millis" -> new TimestampType(Precision.MILLIS, true);
        case "timestamp-micros" -> new TimestampType(Precision.MICROS, true);
        case "local-timestamp-millis" -> new TimestampType(Precision.MILLIS, false);
        case "local-timestamp-micros" -> new TimestampType(Precision.MICROS, false);
        default -> null; // unknown logical types fall back to their storage type
      };
    }
  }

  // ---------------------------------------------------------------- model -> Avro

  static org.apache.avro.Schema toAvro(Schema schema) {
    return new ToAvro().record(schema.root(), "");
  }

  private static final class ToAvro {
    private final Map<String, org.apache.avro.Schema> named = new HashMap<>();
    // An Avro name defines one type: what each name was first defined as, and where.
    private final Map<String, DataType> definitions = new HashMap<>();
    private final Map<String, String> definedAt = new HashMap<>();

    /**
     * The Avro schema already defined under {@code fullName}, or null; fails when the name was
     * defined as a different type, which Avro cannot express (one name, one type).
     */
    private org.apache.avro.Schema defined(String fullName, DataType type, String path) {
      org.apache.avro.Schema existing = named.get(fullName);
      if (existing != null && !definitions.get(fullName).equals(type)) {
        throw WickException.usage(
            "Field '"
                + path
                + "' needs the Avro name "
                + fullName
                + " for its "
                + type.describe()
                + ", but '"
                + definedAt.get(fullName)
                + "' already uses that name for a different "
                + definitions.get(fullName).describe()
                + "; Avro names one type once, so rename one of them.");
      }
      return existing;
    }

    private void define(
        String fullName, DataType type, org.apache.avro.Schema schema, String path) {
      named.put(fullName, schema);
      definitions.put(fullName, type);
      definedAt.put(fullName, path);
    }

    org.apache.avro.Schema record(RecordType r, String path) {
      String where = path.isEmpty() ? r.name() : path;
      org.apache.avro.Schema existing = defined(r.fullName(), r, where);
      if (existing != null) {
        return existing;
      }
      org.apache.avro.Schema rec;
      try {
        rec =
            org.apache.avro.Schema.createRecord(
                r.name(), r.doc().isEmpty() ? null : r.doc(), emptyToNull(r.namespace()), false);
      } catch (org.apache.avro.SchemaParseException e) {
        throw WickException.usage(
            "Record '"
                + (path.isEmpty() ? r.name() : path)
                + "' cannot be an Avro record: "
                + e.getMessage()
                + "; rename it.");
      }
      define(r.fullName(), r, rec, where);
      List<org.apache.avro.Schema.Field> fields = new ArrayList<>();
      for (Field f : r.fields()) {
        String fieldPath = path.isEmpty() ? f.name() : path + "." + f.name();
        org.apache.avro.Schema t = withNull(type(f.type(), fieldPath), f.nullable());
        org.apache.avro.Schema.Field af;
        try {
          af =
              new org.apache.avro.Schema.Field(
                  f.name(),
                  t,
                  f.doc().isEmpty() ? null : f.doc(),
                  f.nullable() ? org.apache.avro.Schema.Field.NULL_DEFAULT_VALUE : null);
        } catch (org.apache.avro.SchemaParseException e) {
          throw WickException.usage(
              "Field '"
                  + fieldPath
                  + "' cannot be an Avro field: "
                  + e.getMessage()
                  + "; "
                  + NAME_RULE);
        }
        for (Map.Entry<String, String> p : f.properties().entrySet()) {
          try {
            af.addProp(p.getKey(), p.getValue());
          } catch (org.apache.avro.AvroRuntimeException e) {
            throw WickException.usage(
                "Field '"
                    + fieldPath
                    + "' has the property '"
                    + p.getKey()
                    + "', which Avro reserves for itself; rename or drop the property.");
          }
        }
        f.semantic().ifPresent(s -> af.addProp(SEMANTIC_PROPERTY, s.text()));
        fields.add(af);
      }
      rec.setFields(fields);
      return rec;
    }

    private static String emptyToNull(String s) {
      return s == null || s.isEmpty() ? null : s;
    }

    private static org.apache.avro.Schema withNull(org.apache.avro.Schema t, boolean nullable) {
      if (!nullable) {
        return t;
      }
      List<org.apache.avro.Schema> branches = new ArrayList<>();
      branches.add(org.apache.avro.Schema.create(Type.NULL));
      if (t.getType() == Type.UNION) {
        branches.addAll(t.getTypes());
      } else {
        branches.add(t);
      }
      return org.apache.avro.Schema.createUnion(branches);
    }

    org.apache.avro.Schema type(DataType type, String path) {
      if (type instanceof BooleanType) {
        return org.apache.avro.Schema.create(Type.BOOLEAN);
      } else if (type instanceof IntType) {
        return org.apache.avro.Schema.create(Type.INT);
      } else if (type instanceof LongType) {
        return org.apache.avro.Schema.create(Type.LONG);
      } else if (type instanceof FloatType) {
        return org.apache.avro.Schema.create(Type.FLOAT);
      } else if (type instanceof DoubleType) {
        return org.apache.avro.Schema.create(Type.DOUBLE);
      } else if (type instanceof StringType) {
        return org.apache.avro.Schema.create(Type.STRING);
      } else if (type instanceof UuidType) {
        return LogicalTypes.uuid().addToSchema(org.apache.avro.Schema.create(Type.STRING));
      } else if (type instanceof BytesType) {
        return org.apache.avro.Schema.create(Type.BYTES);
      } else if (type instanceof FixedType f) {
        org.apache.avro.Schema existing = defined(f.name(), f, path);
        if (existing != null) {
          return existing;
        }
        org.apache.avro.Schema fixed;
        try {
          fixed = org.apache.avro.Schema.createFixed(f.name(), null, null, f.size());
        } catch (org.apache.avro.SchemaParseException ex) {
          throw WickException.usage(
              "Field '"
                  + path
                  + "' has a fixed type Avro cannot express ("
                  + ex.getMessage()
                  + "); "
                  + NAME_RULE);
        }
        define(f.name(), f, fixed, path);
        return fixed;
      } else if (type instanceof DecimalType d) {
        return LogicalTypes.decimal(d.precision(), d.scale())
            .addToSchema(org.apache.avro.Schema.create(Type.BYTES));
      } else if (type instanceof DateType) {
        return LogicalTypes.date().addToSchema(org.apache.avro.Schema.create(Type.INT));
      } else if (type instanceof TimeType t) {
        return t.precision() == Precision.MILLIS
            ? LogicalTypes.timeMillis().addToSchema(org.apache.avro.Schema.create(Type.INT))
            : LogicalTypes.timeMicros().addToSchema(org.apache.avro.Schema.create(Type.LONG));
      } else if (type instanceof TimestampType t) {
        LogicalType lt =
            t.utcAdjusted()
                ? (t.precision() == Precision.MILLIS
                    ? LogicalTypes.timestampMillis()
                    : LogicalTypes.timestampMicros())
                : (t.precision() == Precision.MILLIS
                    ? LogicalTypes.localTimestampMillis()
                    : LogicalTypes.localTimestampMicros());
        return lt.addToSchema(org.apache.avro.Schema.create(Type.LONG));
      } else if (type instanceof EnumType e) {
        org.apache.avro.Schema existing = defined(e.name(), e, path);
        if (existing != null) {
          return existing;
        }
        org.apache.avro.Schema en;
        try {
          en = org.apache.avro.Schema.createEnum(e.name(), null, null, e.symbols());
        } catch (org.apache.avro.SchemaParseException ex) {
          throw WickException.usage(
              "Field '"
                  + path
                  + "' has an enum Avro cannot express ("
                  + ex.getMessage()
                  + "); "
                  + NAME_RULE);
        }
        define(e.name(), e, en, path);
        return en;
      } else if (type instanceof ArrayType a) {
        return org.apache.avro.Schema.createArray(
            withNull(type(a.element(), path + "[]"), a.containsNull()));
      } else if (type instanceof MapType m) {
        if (!(m.key() instanceof StringType)) {
          throw WickException.usage(
              "Field '"
                  + path
                  + "' is a map with "
                  + m.key().describe()
                  + " keys, but Avro maps have string keys; cast the keys to string first.");
        }
        return org.apache.avro.Schema.createMap(
            withNull(type(m.value(), path + "{}"), m.valueContainsNull()));
      } else if (type instanceof RecordType r) {
        return record(r, path);
      } else if (type instanceof RecordRef ref) {
        org.apache.avro.Schema existing = named.get(ref.fullName());
        if (existing == null) {
          throw WickException.usage(
              "Field '"
                  + path
                  + "' refers to record "
                  + ref.fullName()
                  + ", which does not enclose it; a reference must point at an enclosing record.");
        }
        return existing;
      } else if (type instanceof UnionType u) {
        List<org.apache.avro.Schema> branches = new ArrayList<>();
        for (DataType b : u.branches()) {
          branches.add(type(b, path));
        }
        try {
          return org.apache.avro.Schema.createUnion(branches);
        } catch (org.apache.avro.AvroRuntimeException e) {
          throw WickException.usage(
              "Field '" + path + "' is a union Avro cannot express: " + e.getMessage() + ".");
        }
      }
      throw new IllegalStateException("unhandled data type " + type);
    }
  }
}
