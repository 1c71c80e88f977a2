package dev.wick.typed;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.functions;

/**
 * Java values as Spark literals, shaped as Wick stores them (enums by name, records as structs).
 */
final class Literals {
  private Literals() {}

  static Column of(Object value) {
    if (value == null) {
      throw new IllegalArgumentException("a literal must not be null");
    }
    if (value instanceof Enum<?> e) {
      return functions.lit(e.name());
    }
    if (value instanceof Record r) {
      List<Column> fields = new ArrayList<>();
      for (RecordComponent c : r.getClass().getRecordComponents()) {
        Object v;
        try {
          c.getAccessor().setAccessible(true);
          v = c.getAccessor().invoke(r);
        } catch (ReflectiveOperationException ex) {
          throw new IllegalStateException("cannot read " + c + " of " + r.getClass(), ex);
        }
        fields.add((v == null ? functions.lit(null) : of(v)).as(c.getName()));
      }
      return functions.struct(fields.toArray(Column[]::new));
    }
    if (value instanceof Collection<?> values) {
      List<Column> elements = new ArrayList<>();
      for (Object v : values) {
        elements.add(v == null ? functions.lit(null) : of(v));
      }
      return functions.array(elements.toArray(Column[]::new));
    }
    if (value instanceof Map<?, ?> entries) {
      List<Column> kv = new ArrayList<>();
      for (Map.Entry<?, ?> e : entries.entrySet()) {
        kv.add(of(e.getKey()));
        kv.add(e.getValue() == null ? functions.lit(null) : of(e.getValue()));
      }
      return functions.map(kv.toArray(Column[]::new));
    }
    return functions.lit(value);
  }
}
