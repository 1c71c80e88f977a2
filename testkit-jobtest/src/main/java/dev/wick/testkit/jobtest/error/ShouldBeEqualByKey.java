package dev.wick.testkit.jobtest.error;

import dev.wick.bigdiff.DiffSummary;
import dev.wick.bigdiff.FieldStats;
import dev.wick.bigdiff.GlobalCounts;
import dev.wick.core.report.Wording;
import dev.wick.testkit.jobtest.internal.RowDiffText;
import dev.wick.testkit.jobtest.internal.SchemaDiff;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.spark.sql.Row;

/**
 * A dataset is not equal by key to the expected one, as Wick's keyed diff found: the key counts,
 * the fields that differ with an example each, and the first differing keys.
 */
public final class ShouldBeEqualByKey extends DatasetErrorMessage {
  private final String message;

  private ShouldBeEqualByKey(String message) {
    this.message = message;
  }

  /** The schemas differ, so the rows were not compared. */
  public static ShouldBeEqualByKey shouldHaveSameSchema(
      List<String> key, List<String> differences, SchemaDiff.Options options) {
    return new ShouldBeEqualByKey(
        "\nExpecting the dataset to equal the expected dataset by key "
            + String.join(", ", key)
            + ", but their schemas differ ("
            + options.describe()
            + "):\n"
            + ShouldHaveSchema.list(differences));
  }

  /**
   * The keyed diff found differences.
   *
   * @param summary the diff of the expected dataset (left) against the actual one (right)
   * @param keys the first differing keys, as the diff's {@code keys/} rows: the key columns, then
   *     {@code diff} and {@code fields}
   * @param keyColumns the names of the key columns in {@code keys}
   */
  public static ShouldBeEqualByKey shouldBeEqualByKey(
      DiffSummary summary, List<Row> keys, List<String> keyColumns) {
    GlobalCounts g = summary.global();
    StringBuilder out = new StringBuilder();
    out.append("\nExpecting the dataset to equal the expected dataset by key ")
        .append(String.join(", ", summary.keys()))
        .append(", but ")
        .append(g.notSame())
        .append(" of ")
        .append(g.total())
        .append(" keys differ (")
        .append(Wording.percent(g.diffFraction()))
        .append("): ");
    List<String> parts = new ArrayList<>();
    parts.add(g.different() + " changed");
    parts.add(g.missingRhs() + " missing (expected only)");
    parts.add(g.missingLhs() + " unexpected (actual only)");
    if (g.duplicateKeys() > 0) {
      parts.add(
          g.duplicateKeys()
              + " duplicated (expected "
              + g.duplicateKeysLhs()
              + ", actual "
              + g.duplicateKeysRhs()
              + "; not compared)");
    }
    out.append(String.join(", ", parts)).append(".\n");
    List<FieldStats> fields = summary.differingFields();
    if (!fields.isEmpty()) {
      out.append("fields that differ (").append(fields.size()).append("):\n");
      int n = 0;
      for (FieldStats f : fields) {
        if (n == RowDiffText.MAX_SHOWN) {
          out.append("  ... and ").append(fields.size() - n).append(" more\n");
          break;
        }
        n++;
        out.append("  ").append(f.field()).append(": ").append(Wording.count(f.different(), "key"));
        if (!f.examples().isEmpty()) {
          FieldStats.Example e = f.examples().get(0);
          out.append(", e.g. ")
              .append(e.key())
              .append(": expected ")
              .append(e.left())
              .append(", actual ")
              .append(e.right());
        }
        out.append('\n');
      }
    }
    if (!keys.isEmpty()) {
      out.append("first differing keys:\n");
      int n = 0;
      for (Row r : keys) {
        n++;
        List<String> key = new ArrayList<>();
        for (int i = 0; i < keyColumns.size(); i++) {
          key.add(keyColumns.get(i) + "=" + r.get(i));
        }
        out.append("  ")
            .append(n)
            .append(". ")
            .append(String.join(", ", key))
            .append(": ")
            .append(describe(r.getString(keyColumns.size())));
        List<Row> changes =
            r.isNullAt(keyColumns.size() + 1) ? List.of() : r.getList(keyColumns.size() + 1);
        for (Row c : changes) {
          out.append("\n       ")
              .append(c.getString(0))
              .append(": expected ")
              .append(c.get(1))
              .append(", actual ")
              .append(c.get(2));
        }
        out.append('\n');
      }
      if (g.notSame() - g.duplicateKeys() > keys.size()) {
        out.append("  ... and ")
            .append(g.notSame() - g.duplicateKeys() - keys.size())
            .append(" more\n");
      }
    }
    return new ShouldBeEqualByKey(out.toString());
  }

  private static String describe(String diffType) {
    return switch (diffType) {
      case "DIFFERENT" -> "changed";
      case "MISSING_RHS" -> "missing, expected but not found";
      case "MISSING_LHS" -> "unexpected, found but not expected";
      default -> diffType.toLowerCase(Locale.ROOT);
    };
  }

  @Override
  public String message() {
    return message;
  }
}
