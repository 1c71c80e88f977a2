package dev.wick.testkit.jobtest.error;

import dev.wick.core.report.Wording;
import dev.wick.testkit.jobtest.internal.RowDiffText;
import dev.wick.testkit.jobtest.internal.RowText;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructType;

/** Some rows of a dataset fail a requirement every row should meet. */
public final class ShouldAllSatisfy extends DatasetErrorMessage {
  private final String message;

  private ShouldAllSatisfy(String message) {
    this.message = message;
  }

  /** A row that failed the requirements, its index in the dataset and why it failed. */
  public record Failure(long index, Row row, String reason) {}

  /** Rows failed a Java requirement ({@code allSatisfy(row -> ...)}). */
  public static ShouldAllSatisfy shouldAllSatisfy(
      List<Failure> failures, long failed, long total, StructType schema) {
    StringBuilder out =
        new StringBuilder("\nExpecting every row to satisfy the requirements, but ")
            .append(failed)
            .append(" of ")
            .append(Wording.count(total, "row"))
            .append(failed == 1 ? " does" : " do")
            .append(" not:\n");
    int n = 0;
    for (Failure f : failures) {
      if (n == RowDiffText.MAX_SHOWN) {
        out.append("  ... and ").append(failed - n).append(" more\n");
        break;
      }
      n++;
      String number = "  " + n + ". ";
      String indent = " ".repeat(number.length());
      out.append(number)
          .append("row ")
          .append(f.index())
          .append(' ')
          .append(RowText.row(f.row(), schema, indent))
          .append('\n')
          .append(indent)
          .append(f.reason().strip().replace("\n", "\n" + indent))
          .append('\n');
    }
    return new ShouldAllSatisfy(out.toString());
  }

  /** Rows did not meet a Spark condition ({@code allSatisfy(col("plays").gt(0))}). */
  public static ShouldAllSatisfy shouldAllSatisfy(
      String condition, List<Row> first, long failed, long total, StructType schema) {
    StringBuilder out =
        new StringBuilder("\nExpecting every row to satisfy ")
            .append(condition)
            .append(", but ")
            .append(failed)
            .append(" of ")
            .append(Wording.count(total, "row"))
            .append(failed == 1 ? " does" : " do")
            .append(" not (false or null).\n");
    RowDiffText.rows(
        out, first.size() < failed ? "the first " + first.size() + ":" : "rows:", first, schema);
    return new ShouldAllSatisfy(out.toString());
  }

  @Override
  public String message() {
    return message;
  }
}
