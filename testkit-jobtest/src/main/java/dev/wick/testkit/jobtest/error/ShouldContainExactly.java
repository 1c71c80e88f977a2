package dev.wick.testkit.jobtest.error;

import dev.wick.core.report.Wording;
import dev.wick.testkit.jobtest.internal.RowDiff;
import dev.wick.testkit.jobtest.internal.RowDiffText;
import dev.wick.testkit.jobtest.internal.RowText;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructType;

/** A dataset does not hold exactly the expected rows in the expected order. */
public final class ShouldContainExactly extends DatasetErrorMessage {
  private final String message;

  private ShouldContainExactly(String message) {
    this.message = message;
  }

  /** The rows themselves differ (whatever their order). */
  public static ShouldContainExactly shouldContainExactly(
      RowDiff diff, StructType schema, long expected, long actual, List<Integer> keyColumns) {
    return new ShouldContainExactly(
        "\nExpecting the dataset to contain exactly, in this order, the "
            + Wording.count(expected, "expected row")
            + ", but it has "
            + Wording.count(actual, "row")
            + ": "
            + RowDiffText.summary(diff)
            + ".\n"
            + RowDiffText.body(diff, schema, keyColumns));
  }

  /** The dataset holds the expected rows, but in another order. */
  public static ShouldContainExactly shouldContainInOrder(
      int index, Row expected, Row actual, StructType schema, long rows) {
    String indent = " ".repeat("  expected: ".length());
    return new ShouldContainExactly(
        "\nExpecting the dataset to contain exactly, in this order, the "
            + Wording.count(rows, "expected row")
            + "; it has the same rows in another order, the first difference at index "
            + index
            + ":\n  expected: "
            + RowText.row(expected, schema, indent)
            + "\n  actual:   "
            + RowText.row(actual, schema, indent)
            + "\n");
  }

  @Override
  public String message() {
    return message;
  }
}
