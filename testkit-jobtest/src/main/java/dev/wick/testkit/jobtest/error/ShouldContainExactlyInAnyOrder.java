package dev.wick.testkit.jobtest.error;

import dev.wick.core.report.Wording;
import dev.wick.testkit.jobtest.internal.RowDiff;
import dev.wick.testkit.jobtest.internal.RowDiffText;
import java.util.List;
import org.apache.spark.sql.types.StructType;

/** A dataset does not hold exactly the expected rows, in any order. */
public final class ShouldContainExactlyInAnyOrder extends DatasetErrorMessage {
  private final String message;

  private ShouldContainExactlyInAnyOrder(String message) {
    this.message = message;
  }

  /**
   * @param diff how the rows differ
   * @param schema the actual dataset's schema, for column names
   * @param keyColumns the columns that pair changed rows, if the assertion names a key
   */
  public static ShouldContainExactlyInAnyOrder shouldContainExactlyInAnyOrder(
      RowDiff diff, StructType schema, long expected, long actual, List<Integer> keyColumns) {
    return new ShouldContainExactlyInAnyOrder(
        "\nExpecting the dataset to contain exactly, in any order, the "
            + Wording.count(expected, "expected row")
            + ", but it has "
            + Wording.count(actual, "row")
            + ": "
            + RowDiffText.summary(diff)
            + ".\n"
            + RowDiffText.body(diff, schema, keyColumns));
  }

  @Override
  public String message() {
    return message;
  }
}
