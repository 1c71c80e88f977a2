package dev.wick.cli;

import dev.wick.core.report.ValueText;
import java.io.PrintWriter;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.NumericType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Rows as a text table for {@code wick show}: a header, a rule of dashes, one line per row, columns
 * two spaces apart. Numbers are aligned right, everything else left. A cell holds at most {@value
 * #WIDTH} characters, longer values end in an ellipsis; a reasons column, the point of showing
 * invalid rows, holds up to {@value #REASONS_WIDTH}.
 */
final class ShowTable {
  /** The widest a column gets. */
  static final int WIDTH = 40;

  /** The widest a reasons column gets. */
  static final int REASONS_WIDTH = 200;

  private ShowTable() {}

  /** Prints {@code rows} of {@code schema} under {@code headers}, timestamps in {@code zone}. */
  static void print(
      PrintWriter out, List<String> headers, StructType schema, List<Row> rows, ZoneId zone) {
    ValueText text = ValueText.in(zone);
    StructField[] fields = schema.fields();
    int n = fields.length;
    int[] widths = new int[n];
    boolean[] right = new boolean[n];
    List<String[]> cells = new ArrayList<>();
    String[] head = new String[n];
    for (int i = 0; i < n; i++) {
      int max = ValueText.isReasons(fields[i].dataType()) ? REASONS_WIDTH : WIDTH;
      head[i] = ValueText.truncate(text.of(headers.get(i), null), max);
      widths[i] = ValueText.width(head[i]);
      right[i] = fields[i].dataType() instanceof NumericType;
    }
    for (Row row : rows) {
      String[] line = new String[n];
      for (int i = 0; i < n; i++) {
        int max = ValueText.isReasons(fields[i].dataType()) ? REASONS_WIDTH : WIDTH;
        line[i] = ValueText.truncate(text.of(row.get(i), fields[i].dataType()), max);
        widths[i] = Math.max(widths[i], ValueText.width(line[i]));
      }
      cells.add(line);
    }
    out.println(line(head, widths, new boolean[n]));
    String[] rule = new String[n];
    for (int i = 0; i < n; i++) {
      rule[i] = "-".repeat(widths[i]);
    }
    out.println(line(rule, widths, new boolean[n]));
    for (String[] line : cells) {
      out.println(line(line, widths, right));
    }
  }

  private static String line(String[] cells, int[] widths, boolean[] right) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < cells.length; i++) {
      if (i > 0) {
        b.append("  ");
      }
      String pad = " ".repeat(widths[i] - ValueText.width(cells[i]));
      b.append(right[i] ? pad + cells[i] : cells[i] + pad);
    }
    return b.toString().stripTrailing();
  }
}
