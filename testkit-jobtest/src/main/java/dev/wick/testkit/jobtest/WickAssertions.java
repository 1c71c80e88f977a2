package dev.wick.testkit.jobtest;

import org.apache.spark.sql.Dataset;
import org.assertj.core.api.Assertions;

/**
 * The entry point of Wick's assertions. It extends AssertJ's {@link Assertions}, so one static
 * import gives both:
 *
 * <pre>{@code
 * import static dev.wick.testkit.jobtest.WickAssertions.assertThat;
 *
 * assertThat(counts).containsExactlyInAnyOrder(RowFactory.create("t1", 2L));
 * assertThat(lines).containsExactly("t1\t2");   // a List: AssertJ's assertion
 * }</pre>
 */
public class WickAssertions extends Assertions {
  protected WickAssertions() {}

  /** Assertions on a dataset's rows and schema. */
  public static DatasetAssert assertThat(Dataset<?> actual) {
    return new DatasetAssert(actual);
  }
}
