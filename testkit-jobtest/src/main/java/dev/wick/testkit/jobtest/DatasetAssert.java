package dev.wick.testkit.jobtest;

import dev.wick.checks.Checks;
import dev.wick.core.gate.GateResult;
import dev.wick.testkit.jobtest.error.ShouldSatisfyChecks;
import org.apache.spark.sql.Dataset;

/** Assertions on a Spark {@link Dataset}; see {@link AbstractDatasetAssert} for the methods. */
public final class DatasetAssert extends AbstractDatasetAssert<DatasetAssert> {
  DatasetAssert(Dataset<?> actual) {
    super(actual, DatasetAssert.class);
  }

  /**
   * The dataset passes {@code checks}: no check of severity error fails, and it has rows. The
   * failure lists each failed check's sentence; checks of severity warn never fail it.
   */
  public DatasetAssert satisfies(Checks checks) {
    isNotNull();
    GateResult gate = checks.run(actual.toDF()).gate();
    if (!gate.passes()) {
      throwAssertionError(
          ShouldSatisfyChecks.shouldSatisfyChecks(checks.checks().size(), gate.violations()));
    }
    return myself;
  }
}
