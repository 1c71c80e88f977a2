package dev.wick.testkit.jobtest;

import dev.wick.core.job.Io;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Serves inputs as in-memory DataFrames and collects each output when the job writes it (so that
 * the job's plan runs, and its counters count, at the point a real write would run it).
 */
final class MemoryJobContext extends TestJobContext {

  MemoryJobContext(
      SparkSession spark,
      Map<Io<?>, Registered.Input> inputs,
      Map<Io<?>, Registered.Output> outputs) {
    super(spark, inputs, outputs);
  }

  @Override
  Dataset<Row> serve(Registered.Input input) {
    return frame(spark, input);
  }

  /** A registered input as an in-memory DataFrame. */
  static Dataset<Row> frame(SparkSession spark, Registered.Input input) {
    if (input.dataset() != null) {
      return input.dataset();
    }
    return spark.createDataFrame(input.rows().rows(), input.rows().schema());
  }

  @Override
  Registered.Captured capture(Io<?> io, Dataset<?> data) {
    Dataset<Row> rows = data.toDF();
    return new Registered.Captured(rows.collectAsList(), rows.schema());
  }
}
