package dev.wick.testkit.jobtest.internal;

import java.nio.ByteBuffer;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructType;
import scala.jdk.javaapi.CollectionConverters;

/**
 * How assertion messages print values and rows: strings quoted with their tabs and newlines
 * escaped, timestamps as ISO instants, bytes in hex, nested rows as {@code {a=1, b=2}}. A row that
 * fits on one line is printed on one line; a wider one (a 20-column row) is printed one column per
 * line, so that a message stays readable.
 */
public final class RowText {
  /** Rows longer than this are printed one column per line. */
  static final int ONE_LINE_WIDTH = 100;

  private RowText() {}

  /** A value as the messages show it. */
  public static String value(Object v) {
    if (v == null) {
      return "null";
    } else if (v instanceof CharSequence s) {
      return quote(s.toString());
    } else if (v instanceof Character c) {
      return "'" + escape(String.valueOf(c)) + "'";
    } else if (v instanceof Timestamp t) {
      return t.toInstant().toString();
    } else if (v instanceof byte[] b) {
      return hex(b);
    } else if (v instanceof ByteBuffer bb) {
      ByteBuffer dup = bb.duplicate();
      byte[] b = new byte[dup.remaining()];
      dup.get(b);
      return hex(b);
    } else if (v instanceof Row r) {
      return nested(r);
    } else if (v instanceof scala.collection.Map<?, ?> m) {
      return map(CollectionConverters.asJava(m));
    } else if (v instanceof Map<?, ?> m) {
      return map(m);
    } else if (v instanceof scala.collection.Iterable<?> s) {
      return list(CollectionConverters.asJava(s));
    } else if (v instanceof Collection<?> c) {
      return list(c);
    }
    return String.valueOf(v);
  }

  /** A row with its column names on one line: {@code {track_id="t1", plays=2}}. */
  public static String oneLine(Row row, StructType schema) {
    StringBuilder out = new StringBuilder("{");
    for (int i = 0; i < row.length(); i++) {
      if (i > 0) {
        out.append(", ");
      }
      out.append(columnName(schema, i)).append('=').append(value(row.get(i)));
    }
    return out.append('}').toString();
  }

  /**
   * A row for a message, starting at the current line position and indenting continuation lines by
   * {@code indent}: one line when short, else one {@code name=value} per line.
   */
  public static String row(Row row, StructType schema, String indent) {
    String line = oneLine(row, schema);
    if (line.length() <= ONE_LINE_WIDTH) {
      return line;
    }
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < row.length(); i++) {
      parts.add(columnName(schema, i) + "=" + value(row.get(i)));
    }
    return "{" + String.join(",\n" + indent + " ", parts) + "}";
  }

  /** The name of column {@code i}, or {@code _i} when the schema has none. */
  public static String columnName(StructType schema, int i) {
    return schema != null && i < schema.fields().length ? schema.fields()[i].name() : "_" + i;
  }

  /**
   * A table with a header and left-aligned columns, each line starting with {@code indent}: {@code
   * column | expected | actual}.
   */
  public static String table(String indent, List<String> header, List<List<String>> rows) {
    int[] widths = new int[header.size()];
    for (int c = 0; c < header.size(); c++) {
      widths[c] = header.get(c).length();
      for (List<String> r : rows) {
        widths[c] = Math.max(widths[c], r.get(c).length());
      }
    }
    StringBuilder out = new StringBuilder();
    appendLine(out, indent, header, widths);
    for (List<String> r : rows) {
      out.append('\n');
      appendLine(out, indent, r, widths);
    }
    return out.toString();
  }

  private static void appendLine(
      StringBuilder out, String indent, List<String> cells, int[] widths) {
    StringBuilder line = new StringBuilder(indent);
    for (int c = 0; c < cells.size(); c++) {
      if (c > 0) {
        line.append(" | ");
      }
      line.append(cells.get(c));
      if (c < cells.size() - 1) {
        line.append(" ".repeat(widths[c] - cells.get(c).length()));
      }
    }
    out.append(line.toString().stripTrailing());
  }

  private static String nested(Row r) {
    StructType schema = r.schema();
    StringBuilder out = new StringBuilder("{");
    for (int i = 0; i < r.length(); i++) {
      if (i > 0) {
        out.append(", ");
      }
      if (schema != null) {
        out.append(columnName(schema, i)).append('=');
      }
      out.append(value(r.get(i)));
    }
    return out.append('}').toString();
  }

  private static String list(Iterable<?> c) {
    List<String> parts = new ArrayList<>();
    for (Object o : c) {
      parts.add(value(o));
    }
    return "[" + String.join(", ", parts) + "]";
  }

  private static String map(Map<?, ?> m) {
    List<String> parts = new ArrayList<>();
    for (Map.Entry<?, ?> e : m.entrySet()) {
      parts.add(value(e.getKey()) + " -> " + value(e.getValue()));
    }
    return "{" + String.join(", ", parts) + "}";
  }

  private static String quote(String s) {
    return "\"" + escape(s) + "\"";
  }

  private static String escape(String s) {
    StringBuilder out = new StringBuilder(s.length() + 2);
    for (char c : s.toCharArray()) {
      switch (c) {
        case '\t' -> out.append("\\t");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        default -> {
          if (c < 0x20) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.toString();
  }

  private static String hex(byte[] b) {
    StringBuilder out = new StringBuilder("0x");
    for (byte x : b) {
      out.append(Character.forDigit((x >> 4) & 0xf, 16)).append(Character.forDigit(x & 0xf, 16));
    }
    return out.toString();
  }
}
