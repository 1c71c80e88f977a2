package dev.wick.sampler;

import static org.apache.spark.sql.functions.col;

import dev.wick.core.spark.WickSpark;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.StructType;

/** The shared test session and small helpers for building and reading test datasets. */
final class TestData {
  private TestData() {}

  static SparkSession spark() {
    return WickSpark.local(2);
  }

  /** A dataset from rows and a DDL schema such as {@code "id BIGINT, country STRING"}. */
  static Dataset<Row> rows(String ddl, List<Row> rows) {
    return spark().createDataFrame(rows, StructType.fromDDL(ddl));
  }

  /** The values of a long column, sorted. */
  static List<Long> ids(Dataset<Row> data, String column) {
    return data.select(col(column)).orderBy(col(column)).collectAsList().stream()
        .map(r -> r.getLong(0))
        .toList();
  }
}
