package dev.wick.core.schema;

import dev.wick.core.WickException;
import dev.wick.core.schema.DataType.ArrayType;
import dev.wick.core.schema.DataType.DecimalType;
import dev.wick.core.schema.DataType.EnumType;
import dev.wick.core.schema.DataType.MapType;
import dev.wick.core.schema.DataType.Precision;
import dev.wick.core.schema.DataType.RecordRef;
import dev.wick.core.schema.DataType.RecordType;
import dev.wick.core.schema.DataType.TimeType;
import dev.wick.core.schema.DataType.TimestampType;
import dev.wick.core.validation.Validated;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedParameterizedType;
import java.lang.reflect.AnnotatedType;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;

/**
 * Java record class to the model. Package-private: use {@link Schemas#fromRecord(Class)}.
 *
 * <p>Primitive components are non-null; a boxed primitive ({@code Integer}), an {@code Optional} or
 * a component annotated with any {@code @Nullable} (JSpecify's, or one of the same simple name) is
 * nullable; every other reference type is non-null. {@code BigDecimal} needs {@link
 * DecimalPrecision}, or is {@code decimal(38, 18)}.
 */
final class RecordConverter {
  private RecordConverter() {}

  static Schema toModel(Class<? extends Record> type) {
    return new Schema(new Walker().record(type, ""));
  }

  /** The Java class the model uses for a value-type component's semantic name. */
  static final String VALUE_TYPE_SEMANTIC = "value_type";

  private static final class Walker {
    private final Set<Class<?>> inProgress = new HashSet<>();

    RecordType record(Class<?> type, String path) {
      if (!type.isRecord()) {
        throw WickException.usage(
            type.getName() + " is not a Java record; Wick derives schemas from record classes.");
      }
      inProgress.add(type);
      try {
        List<Field> fields = new ArrayList<>();
        for (RecordComponent c : type.getRecordComponents()) {
          String fieldPath = path.isEmpty() ? c.getName() : path + "." + c.getName();
          Typed t = typed(c.getAnnotatedType(), c.getAnnotations(), fieldPath);
          Optional<SemanticSpec> semantic = semantic(c.getAnnotations());
          if (semantic.isEmpty()) {
            semantic = t.semantic;
          }
          fields.add(new Field(c.getName(), t.type, t.nullable, "", semantic, Map.of()));
        }
        return new RecordType(type.getSimpleName(), namespace(type), "", fields);
      } finally {
        inProgress.remove(type);
      }
    }

    private record Typed(DataType type, boolean nullable, Optional<SemanticSpec> semantic) {}

    private Typed typed(AnnotatedType annotated, Annotation[] declared, String path) {
      boolean nullable = isNullable(declared) || isNullable(annotated.getAnnotations());
      Type t = annotated.getType();
      if (t instanceof ParameterizedType p && p.getRawType() == Optional.class) {
        AnnotatedType inner =
            ((AnnotatedParameterizedType) annotated).getAnnotatedActualTypeArguments()[0];
        Typed in = typed(inner, new Annotation[0], path);
        return new Typed(in.type, true, in.semantic);
      }
      if (t instanceof ParameterizedType p) {
        Class<?> raw = (Class<?>) p.getRawType();
        AnnotatedType[] args =
            ((AnnotatedParameterizedType) annotated).getAnnotatedActualTypeArguments();
        if (Collection.class.isAssignableFrom(raw)) {
          Typed el = typed(args[0], new Annotation[0], path + "[]");
          return new Typed(new ArrayType(el.type, el.nullable), nullable, Optional.empty());
        }
        if (Map.class.isAssignableFrom(raw)) {
          Typed k = typed(args[0], new Annotation[0], path + "{key}");
          Typed v = typed(args[1], new Annotation[0], path + "{}");
          return new Typed(new MapType(k.type, v.type, v.nullable), nullable, Optional.empty());
        }
      }
      if (!(t instanceof Class<?> c)) {
        throw WickException.usage(
            "Component '"
                + path
                + "' has the type "
                + t.getTypeName()
                + ", which Wick cannot map to a schema type; use a concrete type.");
      }
      if (c.isPrimitive()) {
        return new Typed(primitive(c, path), false, Optional.empty());
      }
      DataType boxed = boxed(c);
      if (boxed != null) {
        return new Typed(boxed, true, Optional.empty());
      }
      if (c == String.class || c == CharSequence.class) {
        return new Typed(DataType.STRING, nullable, Optional.empty());
      }
      if (c == byte[].class || c == ByteBuffer.class) {
        return new Typed(DataType.BYTES, nullable, Optional.empty());
      }
      if (c == BigDecimal.class) {
        DecimalPrecision dp = find(declared, DecimalPrecision.class);
        return new Typed(
            dp == null ? new DecimalType(38, 18) : new DecimalType(dp.precision(), dp.scale()),
            nullable,
            Optional.empty());
      }
      if (c == LocalDate.class || c == java.sql.Date.class) {
        return new Typed(DataType.DATE, nullable, Optional.empty());
      }
      if (c == Instant.class || c == java.sql.Timestamp.class) {
        return new Typed(new TimestampType(Precision.MICROS, true), nullable, Optional.empty());
      }
      if (c == LocalDateTime.class) {
        return new Typed(new TimestampType(Precision.MICROS, false), nullable, Optional.empty());
      }
      if (c == LocalTime.class) {
        return new Typed(new TimeType(Precision.MICROS), nullable, Optional.empty());
      }
      if (c == UUID.class) {
        return new Typed(DataType.UUID, nullable, Optional.empty());
      }
      if (c.isEnum()) {
        List<String> symbols =
            Arrays.stream(c.getEnumConstants()).map(e -> ((Enum<?>) e).name()).toList();
        return new Typed(new EnumType(fullName(c), symbols), nullable, Optional.empty());
      }
      if (c.isArray()) {
        Typed el = typed(annotatedOf(c.getComponentType()), new Annotation[0], path + "[]");
        return new Typed(new ArrayType(el.type, el.nullable), nullable, Optional.empty());
      }
      if (c.isRecord() && Validated.class.isAssignableFrom(c)) {
        RecordComponent[] comps = c.getRecordComponents();
        if (comps.length != 1) {
          throw WickException.usage(
              "Value type "
                  + c.getName()
                  + " of component '"
                  + path
                  + "' implements Validated but has "
                  + comps.length
                  + " components; a value type wraps exactly one.");
        }
        Typed inner = typed(comps[0].getAnnotatedType(), comps[0].getAnnotations(), path);
        return new Typed(
            inner.type,
            nullable,
            Optional.of(SemanticSpec.of(VALUE_TYPE_SEMANTIC, Map.of("class", c.getName()))));
      }
      if (c.isRecord()) {
        if (inProgress.contains(c)) {
          return new Typed(new RecordRef(fullName(c)), true, Optional.empty());
        }
        return new Typed(record(c, path), nullable, Optional.empty());
      }
      throw WickException.usage(
          "Component '"
              + path
              + "' has the type "
              + c.getName()
              + ", which Wick cannot map to a schema type; use a record, a collection, a map or a"
              + " value type.");
    }

    private static AnnotatedType annotatedOf(Class<?> c) {
      return new AnnotatedType() {
        @Override
        public Type getType() {
          return c;
        }

        @Override
        public <T extends Annotation> T getAnnotation(Class<T> annotationClass) {
          return null;
        }

        @Override
        public Annotation[] getAnnotations() {
          return new Annotation[0];
        }

        @Override
        public Annotation[] getDeclaredAnnotations() {
          return new Annotation[0];
        }
      };
    }

    private static DataType primitive(Class<?> c, String path) {
      if (c == boolean.class) {
        return DataType.BOOLEAN;
      } else if (c == int.class || c == short.class || c == byte.class || c == char.class) {
        return DataType.INT;
      } else if (c == long.class) {
        return DataType.LONG;
      } else if (c == float.class) {
        return DataType.FLOAT;
      } else if (c == double.class) {
        return DataType.DOUBLE;
      }
      throw WickException.usage("Component '" + path + "' has the unsupported type " + c + ".");
    }

    private static DataType boxed(Class<?> c) {
      if (c == Boolean.class) {
        return DataType.BOOLEAN;
      } else if (c == Integer.class || c == Short.class || c == Byte.class) {
        return DataType.INT;
      } else if (c == Long.class) {
        return DataType.LONG;
      } else if (c == Float.class) {
        return DataType.FLOAT;
      } else if (c == Double.class) {
        return DataType.DOUBLE;
      }
      return null;
    }
  }

  /**
   * The Avro-style full name of a record or enum class: its canonical name ({@code
   * com.acme.Play.Device} for a nested class), which is unique and a valid Avro name, unlike the
   * binary name {@code com.acme.Play$Device}.
   */
  static String fullName(Class<?> type) {
    String ns = namespace(type);
    return ns.isEmpty() ? type.getSimpleName() : ns + "." + type.getSimpleName();
  }

  /** The package, followed by the enclosing classes of a nested class. */
  private static String namespace(Class<?> type) {
    Class<?> outer = type.getEnclosingClass();
    if (outer != null && type.getCanonicalName() != null) {
      return outer.getCanonicalName();
    }
    return type.getPackageName();
  }

  private static boolean isNullable(Annotation[] annotations) {
    for (Annotation a : annotations) {
      if (a.annotationType().getSimpleName().equals("Nullable")) {
        return true;
      }
    }
    return false;
  }

  private static <A extends Annotation> A find(Annotation[] annotations, Class<A> type) {
    for (Annotation a : annotations) {
      if (type.isInstance(a)) {
        return type.cast(a);
      }
    }
    return null;
  }

  /** The semantic type from {@link Semantic} or an annotation marked {@link SemanticAnnotation}. */
  static Optional<SemanticSpec> semantic(Annotation[] annotations) {
    for (Annotation a : annotations) {
      if (a instanceof Semantic s) {
        return Optional.of(SemanticSpec.parse(s.value()));
      }
      SemanticAnnotation meta = a.annotationType().getAnnotation(SemanticAnnotation.class);
      if (meta != null) {
        Map<String, String> params = new TreeMap<>();
        for (Method m : a.annotationType().getDeclaredMethods()) {
          try {
            Object v = m.invoke(a);
            params.put(
                m.getName(),
                v instanceof Object[] arr
                    ? String.join("|", Arrays.stream(arr).map(String::valueOf).toList())
                    : String.valueOf(v));
          } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read " + m + " of " + a, e);
          }
        }
        return Optional.of(SemanticSpec.of(meta.value(), params));
      }
    }
    return Optional.empty();
  }
}
