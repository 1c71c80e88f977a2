package dev.wick.benchmarks;

import dev.wick.core.io.DatasetReader;
import java.util.List;
import java.util.Optional;

/** Reading a Parquet dataset through core IO against {@code spark.read().parquet}. */
final class ReadParquetCase implements BenchCase {
  private BenchEnv env;
  private String path;

  @Override
  public String name() {
    return "read-parquet";
  }

  @Override
  public void setUp(BenchEnv env) {
    this.env = env;
    this.path =
        BenchData.parquet(
            BenchData.wide(env.spark(), env.rows(), 10, 1), env.dataDir().resolve("input"));
  }

  @Override
  public Variant ours() {
    // The noop sink makes Spark read and decode every column of every row, and write nothing.
    return new Variant(
        "DatasetReader.read",
        () ->
            DatasetReader.read(env.spark(), path).write().format("noop").mode("overwrite").save());
  }

  @Override
  public List<Variant> baselines() {
    return List.of(
        new Variant(
            "spark.read.parquet",
            () ->
                env.spark().read().parquet(path).write().format("noop").mode("overwrite").save()));
  }

  @Override
  public Optional<Double> maxRatio(String baseline) {
    return Optional.of(1.1);
  }
}
