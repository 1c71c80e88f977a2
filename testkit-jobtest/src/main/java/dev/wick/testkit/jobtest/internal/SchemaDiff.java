package dev.wick.testkit.jobtest.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * The differences between two Spark schemas, one readable line each, with field paths in Wick's
 * notation ({@code a.b}, {@code a[]}, {@code m{}}). Nullability, column order and metadata can each
 * be left out of the comparison.
 */
public final class SchemaDiff {

  /** What the comparison ignores. */
  public record Options(
      boolean ignoreNullability, boolean ignoreColumnOrder, boolean ignoreMetadata) {
    /** Everything compared. */
    public static final Options STRICT = new Options(false, false, false);

    /** What is compared, for messages: {@code nullability, column order and metadata compared}. */
    public String describe() {
      List<String> compared = new ArrayList<>();
      List<String> ignored = new ArrayList<>();
      (ignoreNullability ? ignored : compared).add("nullability");
      (ignoreColumnOrder ? ignored : compared).add("column order");
      (ignoreMetadata ? ignored : compared).add("metadata");
      if (ignored.isEmpty()) {
        return "nullability, column order and metadata compared";
      } else if (compared.isEmpty()) {
        return "ignoring nullability, column order and metadata";
      }
      return "ignoring " + and(ignored);
    }

    private static String and(List<String> words) {
      return words.size() == 1
          ? words.get(0)
          : String.join(", ", words.subList(0, words.size() - 1))
              + " and "
              + words.get(words.size() - 1);
    }
  }

  private SchemaDiff() {}

  /** Every difference of {@code actual} from {@code expected}; empty when they agree. */
  public static List<String> differences(StructType expected, StructType actual, Options options) {
    List<String> out = new ArrayList<>();
    struct("", expected, actual, options, out);
    return out;
  }

  private static void struct(
      String path, StructType expected, StructType actual, Options o, List<String> out) {
    Map<String, StructField> actualByName =
        java.util.Arrays.stream(actual.fields())
            .collect(
                Collectors.toMap(
                    StructField::name,
                    Function.identity(),
                    (a, b) -> a,
                    java.util.LinkedHashMap::new));
    Map<String, StructField> expectedByName =
        java.util.Arrays.stream(expected.fields())
            .collect(
                Collectors.toMap(
                    StructField::name,
                    Function.identity(),
                    (a, b) -> a,
                    java.util.LinkedHashMap::new));
    if (!o.ignoreColumnOrder()) {
      List<String> expectedOrder =
          expectedByName.keySet().stream().filter(actualByName::containsKey).toList();
      List<String> actualOrder =
          actualByName.keySet().stream().filter(expectedByName::containsKey).toList();
      if (!expectedOrder.equals(actualOrder)) {
        out.add(
            "column order"
                + (path.isEmpty() ? "" : " in " + path)
                + ": expected ("
                + String.join(", ", expectedOrder)
                + "), actual ("
                + String.join(", ", actualOrder)
                + ")");
      }
    }
    for (StructField e : expected.fields()) {
      String p = path.isEmpty() ? e.name() : path + "." + e.name();
      StructField a = actualByName.get(e.name());
      if (a == null) {
        out.add("missing column " + p + ": " + e.dataType().simpleString());
        continue;
      }
      if (!o.ignoreNullability() && e.nullable() != a.nullable()) {
        out.add(
            "column "
                + p
                + ": expected "
                + nullable(e.nullable())
                + ", actual "
                + nullable(a.nullable()));
      }
      if (!o.ignoreMetadata() && !e.metadata().equals(a.metadata())) {
        out.add(
            "column "
                + p
                + ": expected metadata "
                + e.metadata().json()
                + ", actual "
                + a.metadata().json());
      }
      type(p, e.dataType(), a.dataType(), o, out);
    }
    for (StructField a : actual.fields()) {
      if (!expectedByName.containsKey(a.name())) {
        String p = path.isEmpty() ? a.name() : path + "." + a.name();
        out.add("unexpected column " + p + ": " + a.dataType().simpleString());
      }
    }
  }

  private static void type(String path, DataType e, DataType a, Options o, List<String> out) {
    if (e instanceof StructType es && a instanceof StructType as) {
      struct(path, es, as, o, out);
    } else if (e instanceof ArrayType ea && a instanceof ArrayType aa) {
      if (!o.ignoreNullability() && ea.containsNull() != aa.containsNull()) {
        out.add(
            "column "
                + path
                + "[]: expected elements "
                + nullable(ea.containsNull())
                + ", actual "
                + nullable(aa.containsNull()));
      }
      type(path + "[]", ea.elementType(), aa.elementType(), o, out);
    } else if (e instanceof MapType em && a instanceof MapType am) {
      type(path + "{key}", em.keyType(), am.keyType(), o, out);
      if (!o.ignoreNullability() && em.valueContainsNull() != am.valueContainsNull()) {
        out.add(
            "column "
                + path
                + "{}: expected values "
                + nullable(em.valueContainsNull())
                + ", actual "
                + nullable(am.valueContainsNull()));
      }
      type(path + "{}", em.valueType(), am.valueType(), o, out);
    } else if (!e.equals(a)) {
      out.add(
          "column "
              + path
              + ": expected type "
              + e.simpleString()
              + ", actual "
              + a.simpleString());
    }
  }

  private static String nullable(boolean nullable) {
    return nullable ? "nullable" : "not null";
  }
}
