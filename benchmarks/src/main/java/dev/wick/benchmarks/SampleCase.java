package dev.wick.benchmarks;

import dev.wick.sampler.SampleFiles;
import dev.wick.sampler.SampleSpec;
import dev.wick.sampler.Sampler;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code wick sample --fraction 0.01 --by key} on a Parquet input, against a plain {@code
 * Dataset.sample(0.01)} written the same way and against a bare scan ({@code count}) of the same
 * input. The key sample should cost no more than a hash per record over the plain one.
 */
final class SampleCase implements BenchCase {
  private static final String PLAIN = "Dataset.sample(0.01)";
  private final SampleSpec spec = Sampler.fraction(0.01).by("key").seed(1).build();
  private BenchEnv env;
  private String path;
  private long kept;

  @Override
  public String name() {
    return "sample";
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
    return new Variant(
        "wick sample --fraction 0.01 --by key",
        () ->
            kept =
                SampleFiles.from(env.spark(), path)
                    .to(env.scratch("ours"))
                    .run(spec)
                    .result()
                    .recordsOut());
  }

  @Override
  public List<Variant> baselines() {
    return List.of(
        new Variant(
            PLAIN,
            () ->
                env.spark()
                    .read()
                    .parquet(path)
                    .sample(0.01, 1L)
                    .write()
                    .parquet(env.scratch("plain"))),
        new Variant("count", () -> env.spark().read().parquet(path).count()));
  }

  @Override
  public Optional<Double> maxRatio(String baseline) {
    return baseline.equals(PLAIN) ? Optional.of(1.2) : Optional.empty();
  }

  @Override
  public Map<String, Object> extra(BenchEnv env, double oursSeconds) {
    return Map.of("records_out", kept, "records_per_s", Math.round(env.rows() / oursSeconds));
  }
}
