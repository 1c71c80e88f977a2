package dev.wick.core.report;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import scala.jdk.javaapi.CollectionConverters;

/**
 * One value of a Spark row as people read it, the same in the console ({@code wick show}) and in
 * reports: {@code null} for null; numbers in plain notation ({@link Wording#plain}, no thousands
 * separators, since a number may be an id); timestamps to the second, with the fraction only when
 * the value has one; records, arrays and maps as compact JSON-like text ({@code {city: "Lund", zip:
 * 22100}}, {@code ["a", "b"]}, {@code {"k": 1}}); and a reasons column (an array of {@code {field,
 * rule, reason}} records, as {@code wick validate} and {@code wick check} write for invalid rows)
 * as {@code field: reason; field2: reason2}.
 *
 * <p>Text a terminal would act on (line breaks, tabs, escape sequences) is written as an escape
 * ({@code \n}, {@code \t}, {@code \u001b}), so one value stays on one line.
 */
public final class ValueText {
  /** The ellipsis that ends a shortened value. */
  public static final String ELLIPSIS = "…";

  private static final DateTimeFormatter SECONDS =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT);

  private final ZoneId zone;

  private ValueText(ZoneId zone) {
    this.zone = Objects.requireNonNull(zone, "zone");
  }

  /** Values written with timestamps in {@code zone} (a Spark session's time zone). */
  public static ValueText in(ZoneId zone) {
    return new ValueText(zone);
  }

  /**
   * Whether {@code type} is a reasons column's: an array of records with string fields {@code
   * field}, {@code rule} and {@code reason} (nullability aside, and in any order).
   */
  public static boolean isReasons(DataType type) {
    if (!(type instanceof ArrayType a) || !(a.elementType() instanceof StructType s)) {
      return false;
    }
    List<String> names = List.of(s.fieldNames());
    return names.size() == 3
        && names.containsAll(List.of("field", "rule", "reason"))
        && List.of(s.fields()).stream().allMatch(f -> f.dataType() instanceof StringType);
  }

  /**
   * {@code text} cut to at most {@code width} characters (code points), its end replaced by {@link
   * #ELLIPSIS} when cut.
   */
  public static String truncate(String text, int width) {
    if (width < 1) {
      throw new IllegalArgumentException("width " + width + " < 1");
    }
    if (text.codePointCount(0, text.length()) <= width) {
      return text;
    }
    int end = text.offsetByCodePoints(0, width - 1);
    return text.substring(0, end) + ELLIPSIS;
  }

  /**
   * The value {@code value} of Spark type {@code type} as one line of text; a string at the top is
   * written as it is (escapes aside), a string inside a record, array or map in double quotes.
   */
  public String of(Object value, DataType type) {
    if (value == null) {
      return "null";
    }
    if (isReasons(type)) {
      return reasons(value);
    }
    if (value instanceof String s) {
      return escaped(s);
    }
    StringBuilder out = new StringBuilder();
    append(out, value, type);
    return out.toString();
  }

  /**
   * The value as it reads inside a record, array or map: like {@link #of}, but a string in double
   * quotes, so that it cannot be taken for a number or for null.
   */
  public String inside(Object value, DataType type) {
    StringBuilder out = new StringBuilder();
    append(out, value, type);
    return out.toString();
  }

  /**
   * A reasons value ({@link #isReasons}) as {@code field: reason; field2: reason2}; a reason with
   * no field (a check of the whole row) is written alone.
   */
  public String reasons(Object value) {
    if (value == null) {
      return "null";
    }
    List<String> parts = new ArrayList<>();
    for (Object element : elements(value)) {
      if (!(element instanceof Row r)) {
        parts.add("null");
        continue;
      }
      String field = r.getAs("field");
      String reason = r.getAs("reason");
      String rule = r.getAs("rule");
      String why = reason != null ? reason : rule != null ? "fails " + rule : "null";
      parts.add(field == null || field.isEmpty() ? why : field + ": " + why);
    }
    return escaped(String.join("; ", parts));
  }

  private void append(StringBuilder out, Object value, DataType type) {
    if (value == null) {
      out.append("null");
    } else if (value instanceof String s) {
      quoted(out, s);
    } else if (value instanceof Row row) {
      StructType struct = type instanceof StructType s ? s : row.schema();
      out.append('{');
      for (int i = 0; i < row.size(); i++) {
        if (i > 0) {
          out.append(", ");
        }
        StructField f = struct == null ? null : struct.fields()[i];
        out.append(f == null ? "_" + (i + 1) : escaped(f.name())).append(": ");
        append(out, row.get(i), f == null ? null : f.dataType());
      }
      out.append('}');
    } else if (value instanceof byte[] bytes) {
      out.append("0x").append(java.util.HexFormat.of().formatHex(bytes));
    } else if (value instanceof scala.collection.Map<?, ?> || value instanceof Map<?, ?>) {
      DataType keyType = type instanceof MapType m ? m.keyType() : null;
      DataType valueType = type instanceof MapType m ? m.valueType() : null;
      Map<?, ?> map =
          value instanceof Map<?, ?> j
              ? j
              : CollectionConverters.asJava((scala.collection.Map<?, ?>) value);
      out.append('{');
      boolean first = true;
      for (Map.Entry<?, ?> e : map.entrySet()) {
        if (!first) {
          out.append(", ");
        }
        first = false;
        append(out, e.getKey(), keyType);
        out.append(": ");
        append(out, e.getValue(), valueType);
      }
      out.append('}');
    } else if (isSequence(value)) {
      if (isReasons(type)) {
        out.append('"').append(reasons(value).replace("\"", "\\\"")).append('"');
        return;
      }
      DataType elementType = type instanceof ArrayType a ? a.elementType() : null;
      out.append('[');
      boolean first = true;
      for (Object element : elements(value)) {
        if (!first) {
          out.append(", ");
        }
        first = false;
        append(out, element, elementType);
      }
      out.append(']');
    } else {
      out.append(scalar(value, type));
    }
  }

  private static boolean isSequence(Object value) {
    return value instanceof scala.collection.Seq<?>
        || value instanceof List<?>
        || value instanceof Object[];
  }

  private static List<?> elements(Object value) {
    if (value instanceof scala.collection.Seq<?> seq) {
      return CollectionConverters.asJava(seq);
    }
    if (value instanceof List<?> list) {
      return list;
    }
    if (value instanceof Object[] array) {
      return java.util.Arrays.asList(array);
    }
    return List.of(value);
  }

  /** A value that is neither a record, an array nor a map. */
  private String scalar(Object value, DataType type) {
    if (value instanceof Double d) {
      return Wording.plain(d);
    }
    if (value instanceof Float f) {
      // Through its own shortest text, so 0.1f reads 0.1 and not 0.10000000149011612.
      return Float.isFinite(f) ? Wording.plain(Double.parseDouble(Float.toString(f))) : f + "";
    }
    if (value instanceof BigDecimal b) {
      return b.toPlainString();
    }
    if (value instanceof java.sql.Timestamp t) {
      return timestamp(t.toInstant());
    }
    if (value instanceof Instant i) {
      return timestamp(i);
    }
    if (value instanceof LocalDateTime t) {
      return seconds(t);
    }
    if (value instanceof java.sql.Date d) {
      return d.toLocalDate().toString();
    }
    if (value instanceof LocalDate d) {
      return d.toString();
    }
    return escaped(String.valueOf(value));
  }

  private String timestamp(Instant instant) {
    return seconds(LocalDateTime.ofInstant(instant, zone));
  }

  /** To the second, with the fraction (trailing zeros dropped) only when there is one. */
  private static String seconds(LocalDateTime t) {
    String whole = SECONDS.format(t);
    int nanos = t.getNano();
    if (nanos == 0) {
      return whole;
    }
    String fraction = String.format(Locale.ROOT, "%09d", nanos).replaceAll("0+$", "");
    return whole + "." + fraction;
  }

  private static void quoted(StringBuilder out, String s) {
    out.append('"').append(escaped(s).replace("\"", "\\\"")).append('"');
  }

  /** {@code s} with line breaks, tabs and other control characters written as escapes. */
  static String escaped(String s) {
    StringBuilder out = null;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      String replacement =
          switch (c) {
            case '\n' -> "\\n";
            case '\r' -> "\\r";
            case '\t' -> "\\t";
            default ->
                Character.isISOControl(c) || c == '\u2028' || c == '\u2029'
                    ? String.format(Locale.ROOT, "\\u%04x", (int) c)
                    : null;
          };
      if (replacement != null && out == null) {
        out = new StringBuilder(s.length() + 8).append(s, 0, i);
      }
      if (out != null) {
        if (replacement != null) {
          out.append(replacement);
        } else {
          out.append(c);
        }
      }
    }
    return out == null ? s : out.toString();
  }

  /** The number of characters {@code text} takes on one line (code points). */
  public static int width(String text) {
    return text.codePointCount(0, text.length());
  }
}
