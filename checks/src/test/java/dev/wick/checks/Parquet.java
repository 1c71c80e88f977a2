package dev.wick.checks;

import java.nio.file.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/** Test rows as a columnar input, which checks read again cheaply. */
final class Parquet {
  private Parquet() {}

  /** {@code rows} written as Parquet to {@code dir/name} and read back. */
  static Dataset<Row> of(Dataset<Row> rows, Path dir, String name) {
    String path = dir.resolve(name).toString();
    rows.write().parquet(path);
    return rows.sparkSession().read().parquet(path);
  }
}
