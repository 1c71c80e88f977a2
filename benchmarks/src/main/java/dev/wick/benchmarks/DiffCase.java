package dev.wick.benchmarks;

import static org.apache.spark.sql.functions.bit_xor;
import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.concat;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.not;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;
import static org.apache.spark.sql.functions.xxhash64;

import dev.wick.cli.Wick;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * {@code wick diff} (classification, field statistics, keys/, fields/, summary.json and
 * report.html) of two ~1M-row Parquet inputs, against (a) the floor of any keyed diff that compares
 * every field: a full outer join on the key carrying every column of both sides (folded into an
 * {@code xxhash64} per side, so that Spark cannot prune columns), and (b) the diff a user would
 * write by hand with DataFrames: the join, a null-safe comparison per column, the differing rows
 * written, and a groupBy for the counts.
 *
 * <p>The candidate differs from the baseline in about 1.6% of the keys: a long column changed for
 * 1%, a string for 0.5%, a double for 0.1%; 0.2% of the keys are deleted and 0.2% added.
 *
 * <p>As {@code diff-explain}, the same diff with {@code --explain} (where the differing keys of
 * each kind and field sit, cut by the baseline's columns) against the same diff without it.
 */
final class DiffCase implements BenchCase {
  static final String FLOOR = "full outer join + xxhash64 of all columns";
  static final String HAND_WRITTEN = "hand-written DataFrame diff";
  private static final int COLUMNS = 10;

  private final boolean explain;
  private BenchEnv env;
  private String lhs;
  private String rhs;

  DiffCase(boolean explain) {
    this.explain = explain;
  }

  @Override
  public List<Long> scaleRows() {
    return explain ? List.of() : SCALE;
  }

  @Override
  public String name() {
    return explain ? "diff-explain" : "diff";
  }

  @Override
  public void setUp(BenchEnv env) {
    this.env = env;
    long rows = env.rows();
    lhs =
        BenchData.parquet(
            BenchData.wide(env.spark(), rows, COLUMNS, 1), env.dataDir().resolve("lhs"));
    Dataset<Row> candidate =
        BenchData.wide(env.spark(), rows + rows / 500, COLUMNS, 1)
            .where(col("key").mod(500).notEqual(7).or(col("key").geq(rows)))
            .withColumn(
                "c1", when(col("key").mod(100).equalTo(3), col("c1").plus(1)).otherwise(col("c1")))
            .withColumn(
                "c3",
                when(col("key").mod(200).equalTo(5), concat(col("c3"), lit("x")))
                    .otherwise(col("c3")))
            .withColumn(
                "c2",
                when(col("key").mod(1000).equalTo(11), col("c2").plus(0.001)).otherwise(col("c2")));
    rhs = BenchData.parquet(candidate, env.dataDir().resolve("rhs"));
  }

  @Override
  public Variant ours() {
    return explain
        ? new Variant("wick diff --explain", () -> diff(true))
        : new Variant("wick diff", () -> diff(false));
  }

  private void diff(boolean explained) {
    PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
    List<String> args =
        new ArrayList<>(
            List.of(
                "diff", "--lhs", lhs, "--rhs", rhs, "--key", "key", "--out", env.scratch("ours")));
    if (explained) {
      args.add("--explain");
    }
    int code = Wick.run(args.toArray(new String[0]), quiet, System.err);
    if (code != 0) {
      throw new IllegalStateException("wick diff exited with " + code);
    }
  }

  @Override
  public List<Variant> baselines() {
    if (explain) {
      return List.of(new Variant("wick diff (no --explain)", () -> diff(false)));
    }
    return List.of(new Variant(FLOOR, this::floor), new Variant(HAND_WRITTEN, this::handWritten));
  }

  private void floor() {
    Dataset<Row> l = env.spark().read().parquet(lhs);
    Dataset<Row> r = env.spark().read().parquet(rhs);
    l.join(r, l.col("key").equalTo(r.col("key")), "full_outer")
        .agg(bit_xor(xxhash64(columns(l))), bit_xor(xxhash64(columns(r))), count(lit(1)))
        .collect();
  }

  private void handWritten() {
    Dataset<Row> l = env.spark().read().parquet(lhs);
    Dataset<Row> r = env.spark().read().parquet(rhs);
    List<Column> cols = new ArrayList<>();
    cols.add(coalesce(l.col("key"), r.col("key")).as("key"));
    Column allEqual = lit(true);
    List<Column> counts = new ArrayList<>();
    for (String c : l.columns()) {
      if (c.equals("key")) {
        continue;
      }
      Column eq = l.col(c).eqNullSafe(r.col(c));
      cols.add(eq.as("eq_" + c));
      cols.add(l.col(c).as("l_" + c));
      cols.add(r.col(c).as("r_" + c));
      allEqual = allEqual.and(eq);
      counts.add(sum(when(not(col("eq_" + c)), 1).otherwise(0)).as("differs_" + c));
    }
    cols.add(
        when(l.col("key").isNull(), lit("MISSING_LHS"))
            .when(r.col("key").isNull(), lit("MISSING_RHS"))
            .when(allEqual, lit("SAME"))
            .otherwise(lit("DIFFERENT"))
            .as("diff"));
    Dataset<Row> joined =
        l.join(r, l.col("key").equalTo(r.col("key")), "full_outer")
            .select(cols.toArray(new Column[0]));
    joined.where(col("diff").notEqual("SAME")).write().parquet(env.scratch("hand"));
    joined.groupBy("diff").agg(count(lit(1)), counts.toArray(new Column[0])).collect();
  }

  private static Column[] columns(Dataset<Row> side) {
    List<Column> out = new ArrayList<>();
    for (String c : side.columns()) {
      out.add(side.col(c));
    }
    return out.toArray(new Column[0]);
  }

  @Override
  public Optional<Double> maxRatio(String baseline) {
    return Optional.of(explain || baseline.equals(FLOOR) ? 1.5 : 1.0);
  }

  @Override
  public Map<String, Object> extra(BenchEnv env, double oursSeconds) {
    return Map.of(
        "rows_per_side", env.rows(), "rows_per_s", Math.round(2 * env.rows() / oursSeconds));
  }
}
