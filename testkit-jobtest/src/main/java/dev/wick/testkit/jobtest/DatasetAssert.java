package dev.wick.testkit.jobtest;

import org.apache.spark.sql.Dataset;

/** Assertions on a Spark {@link Dataset}; see {@link AbstractDatasetAssert} for the methods. */
public final class DatasetAssert extends AbstractDatasetAssert<DatasetAssert> {
  DatasetAssert(Dataset<?> actual) {
    super(actual, DatasetAssert.class);
  }
}
