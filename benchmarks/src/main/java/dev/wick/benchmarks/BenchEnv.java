package dev.wick.benchmarks;

import java.nio.file.Path;
import org.apache.spark.sql.SparkSession;

/**
 * What a case gets: the shared session, the row count, a data folder for inputs (kept between
 * runs), a scratch folder for outputs (emptied per run), and whether this is a {@code --scale} run.
 */
public record BenchEnv(
    SparkSession spark, long rows, Path dataDir, Path scratchDir, boolean scale) {

  /** A fresh output location under the scratch folder. */
  public String scratch(String name) {
    return scratchDir.resolve(name + "-" + System.nanoTime()).toString();
  }
}
