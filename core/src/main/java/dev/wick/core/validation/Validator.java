package dev.wick.core.validation;

import dev.wick.core.schema.FieldPath;
import dev.wick.core.schema.JavaValues;
import dev.wick.core.schema.Schema;
import dev.wick.core.schema.Schemas;
import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apache.avro.generic.GenericRecord;
import org.apache.spark.sql.Row;

/**
 * Validates whole records against the rules of their schema: every non-nullable field set, every
 * semantic type satisfied, through nested records, arrays and maps. Derived once per type, from the
 * schema model, the Java counterpart of deriving a validator for a case class from validators of
 * its fields.
 *
 * <pre>{@code
 * record Play(@Base62Id String trackId, @CountryCode String country, @Positive long msPlayed) {}
 *
 * Validator<Play> validator = Validator.of(Play.class);
 * ValidationResult<Play> result = validator.validate(play);
 * result.violations(); // [country [country_code]: 'XX' is not an ISO 3166-1 alpha-2 country code]
 * }</pre>
 *
 * <p>Values may be Java records, Avro {@link GenericRecord}s (and specific records), Spark {@link
 * Row}s with named fields, or {@code Map<String, ?>} trees; arrays may be collections, Java arrays
 * or Scala sequences. A validator is immutable and safe to share between threads.
 *
 * @param <T> the type of the validated values
 */
public final class Validator<T> {
  private static final ClassValue<Validator<?>> BY_RECORD_CLASS =
      new ClassValue<>() {
        @Override
        @SuppressWarnings("unchecked")
        protected Validator<?> computeValue(Class<?> type) {
          return new Validator<>(Schemas.fromRecord((Class<? extends Record>) type));
        }
      };
  private static final ClassValue<Map<String, Method>> ACCESSORS =
      new ClassValue<>() {
        @Override
        protected Map<String, Method> computeValue(Class<?> type) {
          Map<String, Method> out = new HashMap<>();
          for (RecordComponent c : type.getRecordComponents()) {
            Method m = c.getAccessor();
            m.setAccessible(true);
            out.put(c.getName(), m);
          }
          return Map.copyOf(out);
        }
      };

  private final Schema schema;
  private final List<Rule> rules;

  private Validator(Schema schema) {
    this.schema = Objects.requireNonNull(schema, "schema");
    this.rules = Rule.of(schema);
  }

  /**
   * The validator of a Java record class, derived from {@link Schemas#fromRecord(Class)} once and
   * cached; fails with a usage error naming the component on a bad semantic type.
   */
  @SuppressWarnings("unchecked")
  public static <R extends Record> Validator<R> of(Class<R> type) {
    return (Validator<R>) BY_RECORD_CLASS.get(type);
  }

  /**
   * The validator of Avro records of {@code schema} (semantic types from {@code wick.semantic}).
   */
  public static Validator<GenericRecord> forAvro(org.apache.avro.Schema schema) {
    return new Validator<>(Schemas.fromAvro(schema));
  }

  /** A validator for values shaped like {@code schema}: records, Avro records, rows or maps. */
  public static <T> Validator<T> forSchema(Schema schema) {
    return new Validator<>(schema);
  }

  /** The schema the rules come from. */
  public Schema schema() {
    return schema;
  }

  /** The checks this validator runs, as {@code field [rule]}, in schema order. */
  public List<String> describeRules() {
    return rules.stream().map(r -> r.path() + " [" + r.name() + "]").toList();
  }

  /** Whether {@code value} passes every rule. */
  public boolean isValid(T value) {
    return validate(value).isValid();
  }

  /** Validates {@code value} (not null) and reports every failing rule. */
  public ValidationResult<T> validate(T value) {
    Objects.requireNonNull(value, "value");
    List<FailedRule> violations = new ArrayList<>();
    List<String> reasons = new ArrayList<>();
    for (Rule rule : rules) {
      reasons.clear();
      collect(value, rule.path().steps(), 0, rule, reasons);
      if (!reasons.isEmpty()) {
        violations.add(new FailedRule(rule.path().toString(), rule.name(), Rule.combine(reasons)));
      }
    }
    return new ValidationResult<>(value, violations);
  }

  private static void collect(
      Object container, List<FieldPath.Step> steps, int i, Rule rule, List<String> reasons) {
    FieldPath.Step step = steps.get(i);
    Object child = get(container, step.name());
    boolean last = i == steps.size() - 1;
    switch (step.kind()) {
      case FIELD -> {
        if (last) {
          leaf(child, rule, reasons);
        } else if (child != null) {
          collect(child, steps, i + 1, rule, reasons);
        }
      }
      case ARRAY_ELEMENTS, MAP_VALUES -> {
        if (child == null) {
          return;
        }
        for (Object element :
            step.kind() == FieldPath.Step.Kind.ARRAY_ELEMENTS ? elements(child) : values(child)) {
          Object e = unwrap(element);
          if (last) {
            leaf(e, rule, reasons);
          } else if (e != null) {
            collect(e, steps, i + 1, rule, reasons);
          }
        }
      }
    }
  }

  private static void leaf(Object value, Rule rule, List<String> reasons) {
    if (rule instanceof Rule.NotNull) {
      if (value == null) {
        reasons.add(Rule.NULL_REASON);
      }
    } else if (value != null && rule instanceof Rule.Semantic s) {
      SemanticBinding b = s.binding();
      Object javaForm =
          value instanceof Validated ? value : JavaValues.normalize(value, b.storage());
      b.type().check(javaForm).ifPresent(reasons::add);
    }
  }

  private static Object unwrap(Object value) {
    return value instanceof Optional<?> o ? o.orElse(null) : value;
  }

  private static Object get(Object container, String name) {
    Object v;
    if (container instanceof GenericRecord r) {
      v = r.get(name);
    } else if (container instanceof Record) {
      Method accessor = ACCESSORS.get(container.getClass()).get(name);
      if (accessor == null) {
        throw new IllegalArgumentException(
            container.getClass().getName() + " has no component '" + name + "'");
      }
      try {
        v = accessor.invoke(container);
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException("cannot read " + accessor, e);
      }
    } else if (container instanceof Row row) {
      int index = row.fieldIndex(name);
      v = row.isNullAt(index) ? null : row.get(index);
    } else if (container instanceof Map<?, ?> map) {
      v = map.get(name);
    } else {
      throw new IllegalArgumentException(
          "cannot read the field '"
              + name
              + "' of a "
              + container.getClass().getName()
              + "; validate records, Avro records, rows or maps");
    }
    return unwrap(v);
  }

  private static Iterable<?> elements(Object array) {
    if (array instanceof Iterable<?> it) {
      return it;
    }
    if (array instanceof Object[] objects) {
      return Arrays.asList(objects);
    }
    if (array.getClass().isArray()) {
      int n = Array.getLength(array);
      List<Object> out = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        out.add(Array.get(array, i));
      }
      return out;
    }
    if (array instanceof scala.collection.Iterable<?> seq) {
      return scala.jdk.javaapi.CollectionConverters.asJava(seq);
    }
    throw new IllegalArgumentException(
        "cannot read the elements of a " + array.getClass().getName());
  }

  private static Collection<?> values(Object map) {
    if (map instanceof Map<?, ?> m) {
      return m.values();
    }
    if (map instanceof scala.collection.Map<?, ?> m) {
      return scala.jdk.javaapi.CollectionConverters.asJava(m).values();
    }
    throw new IllegalArgumentException("cannot read the values of a " + map.getClass().getName());
  }

  @Override
  public String toString() {
    return "Validator[" + schema.name() + ": " + String.join(", ", describeRules()) + "]";
  }
}
