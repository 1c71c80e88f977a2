package dev.wick.benchmarks;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.concat;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.pmod;
import static org.apache.spark.sql.functions.xxhash64;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.UUID;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/** Deterministic benchmark inputs built from {@code spark.range} and hashes (fixed seeds). */
public final class BenchData {
  private BenchData() {}

  /**
   * A table of {@code rows} rows: a unique {@code key}, then {@code columns - 1} columns cycling
   * through long, double, string (low cardinality) and string (high cardinality) values.
   */
  public static Dataset<Row> wide(SparkSession spark, long rows, int columns, long seed) {
    Dataset<Row> df = spark.range(rows).withColumnRenamed("id", "key");
    for (int i = 1; i < columns; i++) {
      Column h = xxhash64(col("key"), lit(seed * 1000 + i));
      Column c =
          switch (i % 4) {
            case 1 -> pmod(h, lit(1_000_000L));
            case 2 -> pmod(h, lit(1_000_000L)).cast("double").divide(lit(1000.0));
            case 3 -> concat(lit("cat_"), pmod(h, lit(50L)).cast("string"));
            default -> concat(lit("v"), h.cast("string"));
          };
      df = df.withColumn("c" + i, c);
    }
    return df;
  }

  /**
   * Writes {@code data} as Parquet at {@code dir} unless it is already there; returns the path. The
   * data is written beside {@code dir} and moved into place once whole, so a run killed half-way,
   * or another run making the same input at the same time, never leaves a half-written input there.
   */
  public static String parquet(Dataset<Row> data, Path dir) {
    if (!Files.exists(dir.resolve("_SUCCESS"))) {
      Path beside = dir.resolveSibling(dir.getFileName() + ".writing-" + UUID.randomUUID());
      data.write().parquet(beside.toString());
      try {
        if (Files.exists(dir.resolve("_SUCCESS"))) {
          Bench.deleteRecursively(beside); // another run made it first
        } else {
          Bench.deleteRecursively(dir); // what a killed run left
          Files.move(beside, dir, StandardCopyOption.ATOMIC_MOVE);
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return dir.toString();
  }
}
