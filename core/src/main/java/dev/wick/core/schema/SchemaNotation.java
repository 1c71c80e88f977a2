package dev.wick.core.schema;

import dev.wick.core.schema.DataType.ArrayType;
import dev.wick.core.schema.DataType.MapType;
import dev.wick.core.schema.DataType.RecordType;
import dev.wick.core.schema.DataType.UnionType;

/**
 * Prints a schema in Wick's notation: one field a line, {@code ?} after a nullable type, nested
 * records indented, semantic types and docs after the type.
 *
 * <pre>
 * record TrackPlay {
 *   user_id: string
 *   country: string? @country_code
 *   tags: array&lt;string&gt;
 *   device: record Device {
 *     os: string
 *   }
 * }
 * </pre>
 */
final class SchemaNotation {
  private SchemaNotation() {}

  static String print(Schema schema) {
    StringBuilder out = new StringBuilder();
    printRecord(schema.root(), 0, out);
    return out.append('\n').toString();
  }

  private static void printRecord(RecordType record, int indent, StringBuilder out) {
    out.append("record ").append(record.name()).append(" {\n");
    for (Field f : record.fields()) {
      out.append("  ".repeat(indent + 1)).append(f.name()).append(": ");
      printType(f.type(), indent + 1, out);
      if (f.nullable()) {
        out.append('?');
      }
      f.semantic().ifPresent(s -> out.append(" @").append(s.text()));
      if (!f.doc().isEmpty()) {
        out.append("  // ").append(f.doc().replace('\n', ' '));
      }
      out.append('\n');
    }
    out.append("  ".repeat(indent)).append('}');
  }

  private static void printType(DataType type, int indent, StringBuilder out) {
    if (type instanceof RecordType r) {
      printRecord(r, indent, out);
    } else if (type instanceof ArrayType a) {
      out.append("array<");
      printType(a.element(), indent, out);
      out.append(a.containsNull() ? "?>" : ">");
    } else if (type instanceof MapType m) {
      out.append("map<");
      printType(m.key(), indent, out);
      out.append(", ");
      printType(m.value(), indent, out);
      out.append(m.valueContainsNull() ? "?>" : ">");
    } else if (type instanceof UnionType u) {
      out.append("union<");
      for (int i = 0; i < u.branches().size(); i++) {
        if (i > 0) {
          out.append(", ");
        }
        printType(u.branches().get(i), indent, out);
      }
      out.append('>');
    } else {
      out.append(type.describe());
    }
  }
}
