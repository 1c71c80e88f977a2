package dev.wick.benchmarks;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;

import dev.wick.core.io.DatasetReader;
import dev.wick.profiler.Profiler;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * {@code wick profile}'s one pass (every column: counts, moments, HLL, KLL, frequent items) on a
 * 20-column Parquet input against a bare scan that reads every column once (one {@code agg} of
 * counts).
 *
 * <p>As {@code profile-wide}, the same on 43 columns, the shape whylogs published (34M rows x 43
 * columns), which {@code --scale} runs at 1M, 10M and 34M rows.
 */
final class ProfileCase implements BenchCase {
  private final String name;
  private final int columns;
  private final List<Long> scaleRows;
  private BenchEnv env;
  private String path;

  /** {@code profile}: 20 columns. */
  ProfileCase() {
    this("profile", 20, List.of());
  }

  /**
   * A profile of {@code columns} columns named {@code name}, run by {@code --scale} at {@code
   * scaleRows}.
   */
  ProfileCase(String name, int columns, List<Long> scaleRows) {
    this.name = name;
    this.columns = columns;
    this.scaleRows = scaleRows;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public List<Long> scaleRows() {
    return scaleRows;
  }

  @Override
  public void setUp(BenchEnv env) {
    this.env = env;
    this.path =
        BenchData.parquet(
            BenchData.wide(env.spark(), env.rows(), columns, 6), env.dataDir().resolve("input"));
  }

  @Override
  public Variant ours() {
    return new Variant(
        "Profiler.profile",
        () -> Profiler.defaults().profile(DatasetReader.read(env.spark(), path), path));
  }

  @Override
  public List<Variant> baselines() {
    return List.of(
        new Variant(
            "scan: agg(count(every column))",
            () -> {
              Dataset<Row> in = env.spark().read().parquet(path);
              Column[] counts =
                  Arrays.stream(in.columns()).map(c -> count(col(c))).toArray(Column[]::new);
              in.agg(counts[0], Arrays.copyOfRange(counts, 1, counts.length)).collect();
            }));
  }

  @Override
  public Optional<Double> maxRatio(String baseline) {
    return Optional.of(3.0);
  }
}
