package dev.wick.benchmarks;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.concat;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.repeat;
import static org.apache.spark.sql.functions.when;

import dev.wick.cli.Wick;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * {@code wick check} with a {@code regex} check whose pattern, {@code (.*a){12}}, makes a
 * backtracking engine try every way of cutting a value into twelve pieces: on a value of 5,000
 * characters without twelve a's, Java's engine ({@code rlike}) runs for hours. Each value holds a
 * letter beyond ASCII, so no ASCII-only shortcut applies; one value in ten matches. Against a bare
 * scan of the same Parquet.
 */
final class RegexCase implements BenchCase {
  private BenchEnv env;
  private String input;
  private String checks;

  @Override
  public String name() {
    return "regex-backtracking";
  }

  @Override
  public long defaultRows() {
    return 20_000;
  }

  @Override
  public void setUp(BenchEnv env) throws Exception {
    this.env = env;
    input =
        BenchData.parquet(
            env.spark()
                .range(env.rows())
                .select(
                    when(
                            col("id").mod(10).equalTo(0),
                            concat(lit("é"), repeat(lit("b"), 4976), repeat(lit("ba"), 12)))
                        .otherwise(concat(lit("é"), repeat(lit("b"), 4999)))
                        .as("v")),
            env.dataDir().resolve("input"));
    Path path = env.dataDir().resolve("checks.yaml");
    Files.writeString(
        path, "checks:\n  - {check: regex, field: v, pattern: '(.*a){12}', minFraction: 0.1}\n");
    checks = path.toString();
  }

  @Override
  public Variant ours() {
    return new Variant(
        "wick check (regex (.*a){12} on 5,000-character values beyond ASCII)",
        () -> {
          PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
          int code =
              Wick.run(
                  new String[] {
                    "check", "--in", input, "--checks", checks, "--out", env.scratch("regex")
                  },
                  quiet,
                  System.err);
          if (code != 0) {
            throw new IllegalStateException("wick check exited " + code);
          }
        });
  }

  @Override
  public List<Variant> baselines() {
    return List.of(
        new Variant(
            "bare scan (read parquet, noop sink)",
            () ->
                env.spark().read().parquet(input).write().format("noop").mode("overwrite").save()));
  }

  @Override
  public Optional<Double> maxRatio(String baseline) {
    return Optional.empty();
  }
}
