package dev.wick.testkit.jobtest.error;

import dev.wick.core.report.Wording;
import dev.wick.testkit.jobtest.internal.RowDiffText;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructType;

/** A dataset that should be empty has rows. */
public final class ShouldBeEmpty extends DatasetErrorMessage {
  private final String message;

  private ShouldBeEmpty(String message) {
    this.message = message;
  }

  /**
   * @param count how many rows the dataset has
   * @param first some of them, to show
   */
  public static ShouldBeEmpty shouldBeEmpty(long count, List<Row> first, StructType schema) {
    StringBuilder out =
        new StringBuilder("\nExpecting the dataset to be empty, but it has ")
            .append(Wording.count(count, "row"))
            .append(".\n");
    RowDiffText.rows(
        out, first.size() < count ? "the first " + first.size() + ":" : "rows:", first, schema);
    return new ShouldBeEmpty(out.toString());
  }

  @Override
  public String message() {
    return message;
  }
}
