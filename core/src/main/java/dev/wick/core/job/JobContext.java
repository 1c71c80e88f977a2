package dev.wick.core.job;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.util.LongAccumulator;

/**
 * What a {@link WickJob} reads from and writes to. In production ({@link Jobs}) it reads and writes
 * real data with Wick's safe writers; in a test, {@code JobTest} serves registered in-memory inputs
 * and captures outputs.
 */
public interface JobContext {

  /** The Spark session the job runs in. */
  SparkSession spark();

  /**
   * Reads an input as rows. Text inputs have one string column {@code value}; Avro inputs have the
   * record's fields as columns.
   */
  Dataset<Row> read(Io<?> io);

  /**
   * Writes an output. Text outputs take a dataset with one string column (or a {@code
   * Dataset<String>}); every other kind takes rows whose columns match the IO's type.
   */
  void write(Io<?> io, Dataset<?> data);

  /**
   * A named counter (a Spark accumulator), created on first use; its total is reported at the end.
   */
  LongAccumulator counter(String name);
}
