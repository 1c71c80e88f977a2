package dev.wick.testkit.jobtest;

import dev.wick.core.job.Io;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Serves inputs as in-memory DataFrames and collects each output when the job writes it (so that
 * the job's plan runs, and its counters count, at the point a real write would run it). For the
 * second run of a determinism check it serves the inputs laid out otherwise: the registered values
 * in reverse order over another number of partitions, a registered dataset repartitioned.
 */
final class MemoryJobContext extends TestJobContext {
  /** The inputs' partitions in a varied run; 0 to serve them as registered. */
  private final int inputPartitions;

  MemoryJobContext(
      SparkSession spark,
      Map<Io<?>, Registered.Input> inputs,
      Map<Io<?>, Registered.Output> outputs) {
    this(spark, inputs, outputs, 0);
  }

  MemoryJobContext(
      SparkSession spark,
      Map<Io<?>, Registered.Input> inputs,
      Map<Io<?>, Registered.Output> outputs,
      int inputPartitions) {
    super(spark, inputs, outputs);
    this.inputPartitions = inputPartitions;
  }

  @Override
  Dataset<Row> serve(Registered.Input input) {
    if (inputPartitions == 0) {
      return frame(spark, input);
    }
    if (input.dataset() != null) {
      return input.dataset().repartition(inputPartitions);
    }
    List<Row> reversed = new ArrayList<>(input.rows().rows());
    Collections.reverse(reversed);
    return spark.createDataFrame(
        JavaSparkContext.fromSparkContext(spark.sparkContext())
            .parallelize(reversed, inputPartitions),
        input.rows().schema());
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
