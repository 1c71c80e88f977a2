package dev.wick.core.schema;

import dev.wick.core.WickException;
import dev.wick.core.validation.Validated;
import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.ByteBuffer;
import java.sql.Date;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.apache.spark.sql.Row;

/**
 * Java records from Spark {@code Row}s, component by component by name: the direction of {@link
 * RowCodec#toRecord}. Spark's external types become the components' Java types, nested rows nested
 * records, and single-value {@code Validated} records are built around their value.
 */
final class RowToRecord {
  private RowToRecord() {}

  /** A Java record of {@code type} from a Row whose fields match its components by name. */
  static <R extends Record> R toRecord(Row row, Class<R> type) {
    return type.cast(rowToRecord(row, type, ""));
  }

  private static Object rowToRecord(Row row, Class<?> type, String path) {
    RecordComponent[] comps = type.getRecordComponents();
    Object[] args = new Object[comps.length];
    Class<?>[] types = new Class<?>[comps.length];
    for (int i = 0; i < comps.length; i++) {
      RecordComponent c = comps[i];
      String fieldPath = path.isEmpty() ? c.getName() : path + "." + c.getName();
      int idx = RowValues.indexOf(row, c.getName());
      if (idx < 0) {
        throw WickException.usage(
            "Row has no column '"
                + fieldPath
                + "' for "
                + type.getSimpleName()
                + "; "
                + RowValues.columnsOf(row, "columns"));
      }
      args[i] = toJava(row.get(idx), c.getGenericType(), fieldPath);
      types[i] = c.getType();
      if (args[i] == null && c.getType().isPrimitive()) {
        throw WickException.usage(
            "Column '"
                + fieldPath
                + "' is null, but "
                + type.getSimpleName()
                + "."
                + c.getName()
                + " is a primitive "
                + c.getType()
                + "; make the component a boxed or @Nullable type.");
      }
    }
    try {
      Constructor<?> ctor = type.getDeclaredConstructor(types);
      ctor.setAccessible(true);
      return ctor.newInstance(args);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot construct " + type.getName(), e);
    }
  }

  private static Object toJava(Object v, Type target, String path) {
    if (target instanceof ParameterizedType p && p.getRawType() == Optional.class) {
      return Optional.ofNullable(toJava(v, p.getActualTypeArguments()[0], path));
    }
    if (v == null) {
      return null;
    }
    Class<?> raw =
        target instanceof ParameterizedType p ? (Class<?>) p.getRawType() : (Class<?>) target;
    if (raw.isRecord() && Validated.class.isAssignableFrom(raw) && !(v instanceof Row)) {
      RecordComponent inner = raw.getRecordComponents()[0];
      Object innerValue = toJava(v, inner.getGenericType(), path);
      try {
        Constructor<?> ctor = raw.getDeclaredConstructor(inner.getType());
        ctor.setAccessible(true);
        return ctor.newInstance(innerValue);
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException("cannot construct " + raw.getName(), e);
      }
    }
    if (raw.isRecord()) {
      return rowToRecord((Row) v, raw, path);
    }
    if (Collection.class.isAssignableFrom(raw)) {
      Type el = ((ParameterizedType) target).getActualTypeArguments()[0];
      List<Object> out = new ArrayList<>();
      for (Object e : RowValues.iterate(v)) {
        out.add(toJava(e, el, path + "[]"));
      }
      return java.util.Set.class.isAssignableFrom(raw) ? new java.util.LinkedHashSet<>(out) : out;
    }
    if (Map.class.isAssignableFrom(raw)) {
      Type[] kv = ((ParameterizedType) target).getActualTypeArguments();
      Map<Object, Object> out = new LinkedHashMap<>();
      for (Map.Entry<?, ?> e : RowValues.asJavaMap(v).entrySet()) {
        out.put(
            toJava(e.getKey(), kv[0], path + "{key}"), toJava(e.getValue(), kv[1], path + "{}"));
      }
      return out;
    }
    if (raw.isArray() && raw != byte[].class) {
      List<Object> items = new ArrayList<>();
      for (Object e : RowValues.iterate(v)) {
        items.add(toJava(e, raw.getComponentType(), path + "[]"));
      }
      Object arr = Array.newInstance(raw.getComponentType(), items.size());
      for (int i = 0; i < items.size(); i++) {
        Array.set(arr, i, items.get(i));
      }
      return arr;
    }
    if (raw == LocalDate.class) {
      return v instanceof Date d ? d.toLocalDate() : (LocalDate) v;
    }
    if (raw == Instant.class) {
      return v instanceof Timestamp t ? t.toInstant() : (Instant) v;
    }
    if (raw == LocalDateTime.class) {
      return v instanceof Timestamp t ? t.toLocalDateTime() : (LocalDateTime) v;
    }
    if (raw == LocalTime.class) {
      long n = ((Number) v).longValue();
      return v instanceof Integer
          ? LocalTime.ofNanoOfDay(n * 1_000_000)
          : LocalTime.ofNanoOfDay(n * 1_000);
    }
    if (raw == UUID.class) {
      return UUID.fromString(v.toString());
    }
    if (raw.isEnum()) {
      for (Object constant : raw.getEnumConstants()) {
        if (((Enum<?>) constant).name().equals(v.toString())) {
          return constant;
        }
      }
      throw WickException.usage(
          "Column '"
              + path
              + "' holds '"
              + v
              + "', which is not a constant of "
              + raw.getSimpleName()
              + ".");
    }
    if (raw == ByteBuffer.class) {
      return ByteBuffer.wrap((byte[]) v);
    }
    if (raw == int.class || raw == Integer.class) {
      return ((Number) v).intValue();
    } else if (raw == long.class || raw == Long.class) {
      return ((Number) v).longValue();
    } else if (raw == short.class || raw == Short.class) {
      return ((Number) v).shortValue();
    } else if (raw == byte.class || raw == Byte.class) {
      return ((Number) v).byteValue();
    } else if (raw == float.class || raw == Float.class) {
      return ((Number) v).floatValue();
    } else if (raw == double.class || raw == Double.class) {
      return ((Number) v).doubleValue();
    } else if (raw == boolean.class || raw == Boolean.class) {
      return (Boolean) v;
    } else if (raw == char.class || raw == Character.class) {
      return (char) ((Number) v).intValue();
    } else if (raw == String.class || raw == CharSequence.class) {
      return v.toString();
    } else if (raw == boolean.class) {
      // Class.cast cannot unbox: boolean.class.cast(Boolean.TRUE) throws.
      return (Boolean) v;
    }
    return raw.cast(v);
  }
}
