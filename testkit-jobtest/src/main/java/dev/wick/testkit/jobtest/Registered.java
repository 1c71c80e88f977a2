package dev.wick.testkit.jobtest;

import dev.wick.core.job.Io;
import java.util.List;
import java.util.function.Consumer;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/** What a {@link JobTest} registers: inputs with their data, outputs with their assertions. */
final class Registered {
  private Registered() {}

  /**
   * An input: the values as given (for writing Avro files in files mode) and as rows, or a dataset.
   */
  record Input(Io<?> io, List<?> values, Elements.Rows rows, Dataset<Row> dataset) {}

  /**
   * An output and the assertion on its elements or on its dataset (one of the two).
   *
   * @param records the Java record type the rows of a Row IO are read as for {@code elements}, or
   *     null to hand over the IO's own elements
   */
  record Output(
      Io<?> io,
      Consumer<List<Object>> elements,
      Consumer<Dataset<Row>> dataset,
      Class<? extends Record> records) {}

  /** What a job wrote to an output: the rows and their schema. */
  record Captured(List<Row> rows, org.apache.spark.sql.types.StructType schema) {}

  /** IO descriptions for messages: {@code text(a), avro(b, Play)}, or {@code none}. */
  static String describe(Iterable<? extends Io<?>> ios) {
    StringBuilder out = new StringBuilder();
    for (Io<?> io : ios) {
      if (out.length() > 0) {
        out.append(", ");
      }
      out.append(io.describe());
    }
    return out.length() == 0 ? "none" : out.toString();
  }
}
