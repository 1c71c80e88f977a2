package dev.wick.core.schema;

import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A data type of the Wick schema model: the one description of a value's shape that every Wick
 * module speaks. Converters map it to and from Avro schemas, Spark {@code StructType}s and Java
 * records.
 *
 * <p>Nullability is not a type: it lives on {@link Field#nullable()}, on {@link
 * ArrayType#containsNull()} and on {@link MapType#valueContainsNull()}. A {@link UnionType} holds
 * the non-null branches of a union that has more than one of them.
 */
public sealed interface DataType {

  /** A short, readable name used in the schema notation and in error messages. */
  String describe();

  /** True for types whose values have a natural order (numbers, strings, dates, ...). */
  default boolean isOrderable() {
    return false;
  }

  /** True for numeric types (integral, floating point and decimal). */
  default boolean isNumeric() {
    return false;
  }

  BooleanType BOOLEAN = new BooleanType();
  IntType INT = new IntType();
  LongType LONG = new LongType();
  FloatType FLOAT = new FloatType();
  DoubleType DOUBLE = new DoubleType();
  StringType STRING = new StringType();
  BytesType BYTES = new BytesType();
  DateType DATE = new DateType();
  UuidType UUID = new UuidType();

  /** {@code boolean}. */
  record BooleanType() implements DataType {
    @Override
    public String describe() {
      return "boolean";
    }
  }

  /** 32-bit signed integer. */
  record IntType() implements DataType {
    @Override
    public String describe() {
      return "int";
    }

    @Override
    public boolean isOrderable() {
      return true;
    }

    @Override
    public boolean isNumeric() {
      return true;
    }
  }

  /** 64-bit signed integer. */
  record LongType() implements DataType {
    @Override
    public String describe() {
      return "long";
    }

    @Override
    public boolean isOrderable() {
      return true;
    }

    @Override
    public boolean isNumeric() {
      return true;
    }
  }

  /** 32-bit IEEE 754 floating point. */
  record FloatType() implements DataType {
    @Override
    public String describe() {
      return "float";
    }

    @Override
    public boolean isOrderable() {
      return true;
    }

    @Override
    public boolean isNumeric() {
      return true;
    }
  }

  /** 64-bit IEEE 754 floating point. */
  record DoubleType() implements DataType {
    @Override
    public String describe() {
      return "double";
    }

    @Override
    public boolean isOrderable() {
      return true;
    }

    @Override
    public boolean isNumeric() {
      return true;
    }
  }

  /** Unicode string. */
  record StringType() implements DataType {
    @Override
    public String describe() {
      return "string";
    }

    @Override
    public boolean isOrderable() {
      return true;
    }
  }

  /** A string holding a UUID (Avro's {@code uuid} logical type). */
  record UuidType() implements DataType {
    @Override
    public String describe() {
      return "uuid";
    }

    @Override
    public boolean isOrderable() {
      return true;
    }
  }

  /** Variable-length bytes. */
  record BytesType() implements DataType {
    @Override
    public String describe() {
      return "bytes";
    }
  }

  /** Fixed-length bytes, named as Avro names them. */
  record FixedType(String name, int size) implements DataType {
    public FixedType {
      Objects.requireNonNull(name, "name");
      if (size < 0) {
        throw new IllegalArgumentException("fixed size must be >= 0, got " + size);
      }
    }

    @Override
    public String describe() {
      return "fixed(" + size + ")";
    }
  }

  /** Exact decimal number with {@code precision} digits, {@code scale} of them after the point. */
  record DecimalType(int precision, int scale) implements DataType {
    public DecimalType {
      if (precision < 1 || scale < 0 || scale > precision) {
        throw new IllegalArgumentException(
            "decimal needs 1 <= precision and 0 <= scale <= precision, got decimal("
                + precision
                + ", "
                + scale
                + ")");
      }
    }

    @Override
    public String describe() {
      return "decimal(" + precision + ", " + scale + ")";
    }

    @Override
    public boolean isOrderable() {
      return true;
    }

    @Override
    public boolean isNumeric() {
      return true;
    }
  }

  /** A calendar date without time zone. */
  record DateType() implements DataType {
    @Override
    public String describe() {
      return "date";
    }

    @Override
    public boolean isOrderable() {
      return true;
    }
  }

  /** Sub-second precision of times and timestamps. */
  enum Precision {
    MILLIS,
    MICROS;

    String suffix() {
      return this == MILLIS ? "millis" : "micros";
    }
  }

  /** A time of day (Avro {@code time-millis} / {@code time-micros}). */
  record TimeType(Precision precision) implements DataType {
    public TimeType {
      Objects.requireNonNull(precision, "precision");
    }

    @Override
    public String describe() {
      return "time-" + precision.suffix();
    }

    @Override
    public boolean isOrderable() {
      return true;
    }
  }

  /**
   * An instant ({@code utcAdjusted}, Avro {@code timestamp-*}, Spark {@code TimestampType}) or a
   * wall-clock date-time with no zone (Avro {@code local-timestamp-*}, Spark {@code
   * TimestampNTZType}).
   */
  record TimestampType(Precision precision, boolean utcAdjusted) implements DataType {
    public TimestampType {
      Objects.requireNonNull(precision, "precision");
    }

    @Override
    public String describe() {
      return (utcAdjusted ? "timestamp-" : "local-timestamp-") + precision.suffix();
    }

    @Override
    public boolean isOrderable() {
      return true;
    }
  }

  /** One of a fixed set of symbols. */
  record EnumType(String name, List<String> symbols) implements DataType {
    public EnumType {
      Objects.requireNonNull(name, "name");
      symbols = List.copyOf(symbols);
      if (symbols.isEmpty()) {
        throw new IllegalArgumentException("enum " + name + " needs at least one symbol");
      }
      Set<String> distinct = Set.copyOf(symbols);
      if (distinct.size() != symbols.size()) {
        throw new IllegalArgumentException("enum " + name + " repeats a symbol: " + symbols);
      }
    }

    @Override
    public String describe() {
      return "enum " + name + "{" + String.join(", ", symbols) + "}";
    }

    @Override
    public boolean isOrderable() {
      return true;
    }
  }

  /** A list of elements of one type. */
  record ArrayType(DataType element, boolean containsNull) implements DataType {
    public ArrayType {
      Objects.requireNonNull(element, "element");
    }

    @Override
    public String describe() {
      return "array<" + element.describe() + (containsNull ? "?" : "") + ">";
    }
  }

  /** A map from keys to values. Avro maps have string keys; Spark maps may have any key type. */
  record MapType(DataType key, DataType value, boolean valueContainsNull) implements DataType {
    public MapType {
      Objects.requireNonNull(key, "key");
      Objects.requireNonNull(value, "value");
    }

    @Override
    public String describe() {
      return "map<"
          + key.describe()
          + ", "
          + value.describe()
          + (valueContainsNull ? "?" : "")
          + ">";
    }
  }

  /** A named record (struct) of fields. */
  record RecordType(String name, String namespace, String doc, List<Field> fields)
      implements DataType {
    public RecordType {
      Objects.requireNonNull(name, "name");
      namespace = namespace == null ? "" : namespace;
      doc = doc == null ? "" : doc;
      fields = List.copyOf(fields);
      Set<String> names = fields.stream().map(Field::name).collect(Collectors.toSet());
      if (names.size() != fields.size()) {
        throw new IllegalArgumentException("record " + name + " repeats a field name");
      }
    }

    /** The namespace-qualified name, as Avro spells it. */
    public String fullName() {
      return namespace.isEmpty() ? name : namespace + "." + name;
    }

    @Override
    public String describe() {
      return "record " + name;
    }
  }

  /**
   * A reference to an enclosing {@link RecordType} by full name: how the model expresses recursive
   * (self-referencing) Avro records. Spark cannot express it; converting one to Spark fails.
   */
  record RecordRef(String fullName) implements DataType {
    public RecordRef {
      Objects.requireNonNull(fullName, "fullName");
    }

    @Override
    public String describe() {
      return "ref " + fullName;
    }
  }

  /** A union of two or more non-null branches (the null branch is the owner's nullability). */
  record UnionType(List<DataType> branches) implements DataType {
    public UnionType {
      branches = List.copyOf(branches);
      if (branches.size() < 2) {
        throw new IllegalArgumentException("a union needs at least two non-null branches");
      }
    }

    @Override
    public String describe() {
      return "union<"
          + branches.stream().map(DataType::describe).collect(Collectors.joining(", "))
          + ">";
    }
  }
}
