package dev.wick.benchmarks;

import dev.wick.profiler.Profile;
import dev.wick.profiler.Profiler;
import dev.wick.testkit.generators.BulkGeneration;
import java.util.List;
import java.util.Map;

/**
 * Generation shaped like a profile ({@code wick generate --like}) against plain generation on the
 * same 10-field schema and record count: what drawing every field through its profiled distribution
 * (inverse quantile sketches, weighted top values, fresh text of profiled lengths) costs over the
 * schema's own domains. The profile is made once, from 200,000 generated records. Both write to
 * Spark's {@code noop} sink.
 */
final class GenerateLikeCase implements BenchCase {
  private BenchEnv env;
  private Profile profile;

  @Override
  public String name() {
    return "generate-like";
  }

  @Override
  public long defaultRows() {
    return 2_000_000;
  }

  @Override
  public void setUp(BenchEnv env) {
    this.env = env;
    this.profile =
        Profiler.defaults()
            .profile(
                BulkGeneration.of(GenerateCase.SCHEMA)
                    .seed(2)
                    .edgeCaseProbability(0)
                    .run(env.spark(), 200_000)
                    .rows(),
                "generated plays");
  }

  @Override
  public Variant ours() {
    return new Variant(
        "BulkGeneration.like (wick generate --like)",
        () -> noop(BulkGeneration.of(GenerateCase.SCHEMA).seed(1).like(profile)));
  }

  @Override
  public List<Variant> baselines() {
    return List.of(
        new Variant(
            "BulkGeneration (wick generate)",
            () -> noop(BulkGeneration.of(GenerateCase.SCHEMA).seed(1))));
  }

  private void noop(BulkGeneration generation) {
    generation.run(env.spark(), env.rows()).rows().write().format("noop").mode("overwrite").save();
  }

  @Override
  public Map<String, Object> extra(BenchEnv env, double oursSeconds) {
    return Map.of("wick_like_records_per_s", Math.round(env.rows() / oursSeconds));
  }
}
