package dev.wick.core.schema;

import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.avro.generic.GenericFixed;
import org.apache.spark.sql.Row;
import scala.jdk.javaapi.CollectionConverters;

/**
 * What the conversions of {@link RowCodec} share: looking a Row's field up by name (and the end of
 * the message when it has none), and reading binary values, collections and maps in their Java,
 * Scala and Avro forms.
 */
final class RowValues {
  private RowValues() {}

  /** The end of a "has no column" message: the row's columns, or why it has none to name. */
  static String columnsOf(Row row, String what) {
    if (row.schema() == null) {
      return "the row carries no schema, so its "
          + what
          + " cannot be found by name; build it with a schema (RowCodec.toRow, or a row of a"
          + " DataFrame).";
    }
    return "its " + what + " are " + List.of(row.schema().fieldNames()) + ".";
  }

  /** The index of the field {@code name} in a row that carries its schema; -1 otherwise. */
  static int indexOf(Row row, String name) {
    if (row.schema() == null) {
      return -1;
    }
    String[] names = row.schema().fieldNames();
    for (int i = 0; i < names.length; i++) {
      if (names[i].equals(name)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * The bytes of a binary value in any of the forms Wick meets: {@code byte[]}, an Avro {@code
   * ByteBuffer} (read without moving its position) or an Avro fixed; null for anything else.
   */
  static byte[] bytesOf(Object v) {
    if (v instanceof byte[] b) {
      return b;
    } else if (v instanceof ByteBuffer bb) {
      ByteBuffer dup = bb.duplicate();
      byte[] out = new byte[dup.remaining()];
      dup.get(out);
      return out;
    } else if (v instanceof GenericFixed f) {
      return f.bytes();
    }
    return null;
  }

  /** {@link #bytesOf}, failing as a cast does for a value that is not binary. */
  static byte[] bytes(Object v) {
    byte[] b = bytesOf(v);
    if (b == null) {
      throw new ClassCastException(v.getClass().getName() + " is not a binary value");
    }
    return b;
  }

  /** The elements of a Java collection, a Scala iterable or an array. */
  static Iterable<?> iterate(Object v) {
    if (v instanceof Collection<?> c) {
      return c;
    } else if (v instanceof scala.collection.Iterable<?> s) {
      return CollectionConverters.asJava(s);
    } else if (v.getClass().isArray()) {
      List<Object> out = new ArrayList<>();
      for (int i = 0; i < Array.getLength(v); i++) {
        out.add(Array.get(v, i));
      }
      return out;
    }
    throw new ClassCastException(v.getClass().getName());
  }

  /** A Java or Scala map as a Java map. */
  static Map<?, ?> asJavaMap(Object v) {
    if (v instanceof Map<?, ?> m) {
      return m;
    } else if (v instanceof scala.collection.Map<?, ?> m) {
      return CollectionConverters.asJava(m);
    }
    throw new ClassCastException(v.getClass().getName());
  }
}
