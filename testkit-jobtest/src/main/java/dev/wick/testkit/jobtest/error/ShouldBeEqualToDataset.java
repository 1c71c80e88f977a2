package dev.wick.testkit.jobtest.error;

import dev.wick.core.report.Wording;
import dev.wick.testkit.jobtest.internal.RowDiff;
import dev.wick.testkit.jobtest.internal.RowDiffText;
import dev.wick.testkit.jobtest.internal.SchemaDiff;
import java.util.List;
import org.apache.spark.sql.types.StructType;

/** A dataset is not equal to another: different schemas, or different rows. */
public final class ShouldBeEqualToDataset extends DatasetErrorMessage {
  private final String message;

  private ShouldBeEqualToDataset(String message) {
    this.message = message;
  }

  /** The schemas differ, so the rows were not compared. */
  public static ShouldBeEqualToDataset shouldHaveSameSchema(
      List<String> differences, SchemaDiff.Options options) {
    return new ShouldBeEqualToDataset(
        "\nExpecting the dataset to equal the other dataset, but their schemas differ ("
            + options.describe()
            + "):\n"
            + ShouldHaveSchema.list(differences));
  }

  /** The schemas agree but the rows differ. */
  public static ShouldBeEqualToDataset shouldHaveSameRows(
      RowDiff diff, StructType schema, long expected, long actual, List<Integer> keyColumns) {
    return new ShouldBeEqualToDataset(
        "\nExpecting the dataset ("
            + Wording.count(actual, "row")
            + ") to equal the other dataset ("
            + Wording.count(expected, "row")
            + ") in any order, but they differ: "
            + RowDiffText.summary(diff)
            + ".\n"
            + RowDiffText.body(diff, schema, keyColumns));
  }

  @Override
  public String message() {
    return message;
  }
}
