package dev.wick.testkit.jobtest.internal;

import dev.wick.core.report.Wording;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructType;

/**
 * The body of a row-difference message: changed rows side by side (only the differing columns,
 * expected next to actual), then missing and unexpected rows, at most {@link #MAX_SHOWN} of each.
 */
public final class RowDiffText {
  /** How many rows of each kind a message shows. */
  public static final int MAX_SHOWN = 10;

  /** How many equal columns identify a changed row that has no key. */
  static final int IDENTIFYING_COLUMNS = 3;

  private RowDiffText() {}

  /** A summary such as {@code 1 changed, 2 missing and 1 unexpected}. */
  public static String summary(RowDiff diff) {
    List<String> parts = new ArrayList<>();
    if (!diff.changed().isEmpty()) {
      parts.add(diff.changed().size() + " changed");
    }
    if (!diff.missing().isEmpty()) {
      parts.add(diff.missing().size() + " missing");
    }
    if (!diff.unexpected().isEmpty()) {
      parts.add(diff.unexpected().size() + " unexpected");
    }
    if (parts.size() == 1) {
      return parts.get(0);
    }
    return String.join(", ", parts.subList(0, parts.size() - 1))
        + " and "
        + parts.get(parts.size() - 1);
  }

  /**
   * What the two sides of a row difference are called.
   *
   * @param expected the heading of the expected side's column in changed rows
   * @param actual the heading of the actual side's column
   * @param missing the heading of the rows only the expected side has
   * @param unexpected the heading of the rows only the actual side has
   */
  public record Labels(String expected, String actual, String missing, String unexpected) {
    /** An assertion's labels: expected and actual, missing and unexpected. */
    public static final Labels ASSERTION =
        new Labels(
            "expected",
            "actual",
            "missing, expected but not found",
            "unexpected, found but not expected");
  }

  /** The sections of changed, missing and unexpected rows, each line ending in a newline. */
  public static String body(RowDiff diff, StructType schema, List<Integer> keyColumns) {
    return body(diff, schema, keyColumns, Labels.ASSERTION);
  }

  /** Like {@link #body(RowDiff, StructType, List)}, with the sides named by {@code labels}. */
  public static String body(
      RowDiff diff, StructType schema, List<Integer> keyColumns, Labels labels) {
    StringBuilder out = new StringBuilder();
    if (!diff.changed().isEmpty()) {
      out.append("changed (").append(diff.changed().size()).append("):\n");
      int n = 0;
      for (RowDiff.Changed c : diff.changed()) {
        if (n == MAX_SHOWN) {
          out.append("  ... and ").append(diff.changed().size() - n).append(" more\n");
          break;
        }
        n++;
        String number = "  " + n + ". ";
        out.append(number).append(identify(c, schema, keyColumns)).append('\n');
        List<List<String>> lines = new ArrayList<>();
        for (int col : c.differing()) {
          lines.add(
              List.of(
                  RowText.columnName(schema, col),
                  col < c.expected().length() ? RowText.value(c.expected().get(col)) : "(none)",
                  col < c.actual().length() ? RowText.value(c.actual().get(col)) : "(none)"));
        }
        out.append(
                RowText.table(
                    " ".repeat(number.length() + 2),
                    List.of("column", labels.expected(), labels.actual()),
                    lines))
            .append('\n');
      }
    }
    if (!diff.missing().isEmpty()) {
      rows(out, labels.missing() + " (" + diff.missing().size() + "):", diff.missing(), schema);
    }
    if (!diff.unexpected().isEmpty()) {
      rows(
          out,
          labels.unexpected() + " (" + diff.unexpected().size() + "):",
          diff.unexpected(),
          schema);
    }
    return out.toString();
  }

  /**
   * Numbered rows under a heading line, each row on one line or, when wide, one column per line; at
   * most {@link #MAX_SHOWN}.
   */
  public static void rows(StringBuilder out, String heading, List<Row> rows, StructType schema) {
    out.append(heading).append('\n');
    int n = 0;
    for (Row r : rows) {
      if (n == MAX_SHOWN) {
        out.append("  ... and ").append(rows.size() - n).append(" more\n");
        break;
      }
      n++;
      String number = "  " + n + ". ";
      out.append(number).append(RowText.row(r, schema, " ".repeat(number.length()))).append('\n');
    }
  }

  private static String identify(RowDiff.Changed c, StructType schema, List<Integer> keyColumns) {
    int columns = Math.max(c.expected().length(), c.actual().length());
    String differs =
        "differs in " + c.differing().size() + " of " + Wording.count(columns, "column") + ":";
    if (!keyColumns.isEmpty()) {
      List<String> key = new ArrayList<>();
      for (int k : keyColumns) {
        key.add(RowText.columnName(schema, k) + "=" + RowText.value(c.actual().get(k)));
      }
      return "key " + String.join(", ", key) + "; " + differs;
    }
    List<String> same = new ArrayList<>();
    int equal = 0;
    for (int i = 0; i < columns; i++) {
      if (!c.differing().contains(i)) {
        equal++;
        if (same.size() < IDENTIFYING_COLUMNS) {
          same.add(RowText.columnName(schema, i) + "=" + RowText.value(c.actual().get(i)));
        }
      }
    }
    String more = equal > same.size() ? " and " + (equal - same.size()) + " more equal" : "";
    return "same " + String.join(", ", same) + more + "; " + differs;
  }
}
