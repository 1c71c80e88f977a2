package dev.wick.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wick.cli.Wick;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code wick diff --sample 0.01} of the {@code diff} case's data (the sampler's key hash picks 1%
 * of the keys on both sides), next to the full {@code wick diff} of the same data: what a gate on
 * every commit costs against a gate on everything, and how wide the 95% interval of the share of
 * keys not SAME is on that sample.
 */
final class DiffSampleCase implements BenchCase {
  static final String FULL = "wick diff (all keys)";

  private final DiffCase data = new DiffCase(false);
  private BenchEnv env;
  private String lhs;
  private String rhs;
  private String lastSampled;

  @Override
  public List<Long> scaleRows() {
    return SCALE;
  }

  @Override
  public String name() {
    return "diff-sample";
  }

  @Override
  public String dataName() {
    return "diff";
  }

  @Override
  public void setUp(BenchEnv env) {
    this.env = env;
    data.setUp(env);
    lhs = env.dataDir().resolve("lhs").toString();
    rhs = env.dataDir().resolve("rhs").toString();
  }

  private void diff(String out, String... more) {
    PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
    String[] base = {"diff", "--lhs", lhs, "--rhs", rhs, "--key", "key", "--out", out};
    String[] args = new String[base.length + more.length];
    System.arraycopy(base, 0, args, 0, base.length);
    System.arraycopy(more, 0, args, base.length, more.length);
    int code = Wick.run(args, quiet, System.err);
    if (code != 0) {
      throw new IllegalStateException("wick diff exited with " + code);
    }
  }

  @Override
  public Variant ours() {
    return new Variant(
        "wick diff --sample 0.01",
        () -> {
          lastSampled = env.scratch("sampled");
          diff(lastSampled, "--sample", "0.01");
        });
  }

  @Override
  public List<Variant> baselines() {
    return List.of(new Variant(FULL, () -> diff(env.scratch("full"))));
  }

  @Override
  public Map<String, Object> extra(BenchEnv env, double oursSeconds) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("rows_per_side", env.rows());
    if (lastSampled != null) {
      try {
        JsonNode s = new ObjectMapper().readTree(Path.of(lastSampled, "summary.json").toFile());
        JsonNode notSame = s.get("sample").get("categories").get(0);
        out.put("sampled_keys", s.get("sample").get("keys").asLong());
        out.put("not_same_estimate", notSame.get("estimate").asDouble());
        out.put("interval_low", notSame.get("low").asDouble());
        out.put("interval_high", notSame.get("high").asDouble());
        out.put("interval_width", notSame.get("high").asDouble() - notSame.get("low").asDouble());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return out;
  }
}
