package dev.wick.testkit.jobtest.error;

import dev.wick.testkit.jobtest.internal.SchemaDiff;
import java.util.List;
import org.apache.spark.sql.types.StructType;

/** A dataset's schema is not the expected one. */
public final class ShouldHaveSchema extends DatasetErrorMessage {
  private final String message;

  private ShouldHaveSchema(String message) {
    this.message = message;
  }

  /**
   * @param differences one line per difference (from {@link SchemaDiff})
   * @param actual the dataset's schema, printed in full after the differences
   */
  public static ShouldHaveSchema shouldHaveSchema(
      List<String> differences, SchemaDiff.Options options, StructType actual) {
    return new ShouldHaveSchema(
        "\nExpecting the dataset to have the expected schema ("
            + options.describe()
            + "), but it differs in "
            + differences.size()
            + (differences.size() == 1 ? " place" : " places")
            + ":\n"
            + list(differences)
            + "actual schema:\n"
            + actual.treeString().replaceAll("(?m)^", "  ").stripTrailing()
            + "\n");
  }

  static String list(List<String> differences) {
    StringBuilder out = new StringBuilder();
    for (String d : differences) {
      out.append("  - ").append(d).append('\n');
    }
    return out.toString();
  }

  @Override
  public String message() {
    return message;
  }
}
