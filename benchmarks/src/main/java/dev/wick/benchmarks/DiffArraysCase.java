package dev.wick.benchmarks;

import static org.apache.spark.sql.functions.bit_xor;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.expr;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.xxhash64;

import dev.wick.cli.Wick;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * {@code wick diff --unordered plays:track_id} of two inputs whose rows hold an array of 10 records
 * each, next to the floor of any diff of that data: a full outer join on the key carrying every
 * column of both sides (folded into an {@code xxhash64} per side, so that Spark prunes nothing).
 *
 * <p>The candidate lists every row's plays in reverse order (so a positional comparison would find
 * every row different); 1% of the rows have one play's {@code ms_played} changed, 0.2% lose their
 * last play and 0.1% gain one.
 */
final class DiffArraysCase implements BenchCase {
  static final String FLOOR = "full outer join + xxhash64 of all columns";

  private BenchEnv env;
  private String lhs;
  private String rhs;

  @Override
  public String name() {
    return "diff-arrays";
  }

  private static final String PLAYS =
      "transform(sequence(0, 9), i -> named_struct('track_id', concat('t', CAST(pmod(xxhash64(key,"
          + " i), 100000) AS STRING), '_', CAST(i AS STRING)), 'ms_played', pmod(xxhash64(key, i,"
          + " 1), 300000), 'skipped', pmod(xxhash64(key, i, 2), 7) = 0))";

  @Override
  public void setUp(BenchEnv env) {
    this.env = env;
    long rows = env.rows();
    Dataset<Row> base =
        env.spark().range(rows).withColumnRenamed("id", "key").withColumn("plays", expr(PLAYS));
    lhs = BenchData.parquet(base, env.dataDir().resolve("lhs"));
    Dataset<Row> candidate =
        base.withColumn(
            "plays",
            expr(
                "CASE WHEN key % 100 = 3 THEN reverse(transform(plays, (p, i) -> IF(i = 4,"
                    + " named_struct('track_id', p.track_id, 'ms_played', p.ms_played + 1000,"
                    + " 'skipped', p.skipped), p)))"
                    + " WHEN key % 500 = 7 THEN reverse(slice(plays, 1, 9))"
                    + " WHEN key % 1000 = 11 THEN reverse(concat(plays, array(named_struct("
                    + "'track_id', 'extra', 'ms_played', 1L, 'skipped', false))))"
                    + " ELSE reverse(plays) END"));
    rhs = BenchData.parquet(candidate, env.dataDir().resolve("rhs"));
  }

  @Override
  public Variant ours() {
    return new Variant(
        "wick diff --unordered plays:track_id",
        () -> {
          PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
          int code =
              Wick.run(
                  new String[] {
                    "diff",
                    "--lhs",
                    lhs,
                    "--rhs",
                    rhs,
                    "--key",
                    "key",
                    "--unordered",
                    "plays:track_id",
                    "--out",
                    env.scratch("ours")
                  },
                  quiet,
                  System.err);
          if (code != 0) {
            throw new IllegalStateException("wick diff exited with " + code);
          }
        });
  }

  @Override
  public List<Variant> baselines() {
    return List.of(new Variant(FLOOR, this::floor));
  }

  private void floor() {
    Dataset<Row> l = env.spark().read().parquet(lhs);
    Dataset<Row> r = env.spark().read().parquet(rhs);
    l.join(r, l.col("key").equalTo(r.col("key")), "full_outer")
        .agg(
            bit_xor(xxhash64(l.col("key"), l.col("plays"))),
            bit_xor(xxhash64(r.col("key"), r.col("plays"))),
            count(lit(1)))
        .collect();
  }

  @Override
  public Optional<Double> maxRatio(String baseline) {
    return Optional.empty();
  }

  @Override
  public Map<String, Object> extra(BenchEnv env, double oursSeconds) {
    return Map.of(
        "rows_per_side",
        env.rows(),
        "elements_per_row",
        10,
        "rows_per_s",
        Math.round(2 * env.rows() / oursSeconds));
  }
}
