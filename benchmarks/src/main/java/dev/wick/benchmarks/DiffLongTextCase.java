package dev.wick.benchmarks;

import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.not;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;

import dev.wick.cli.Wick;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * {@code wick diff} of two one-row Parquet inputs whose text column holds {@code --rows} characters
 * (10 MB by default), against reading both and comparing the texts for equality. One variant
 * changes the last character (the common prefix leaves one character to compare exactly), the other
 * every character (the Levenshtein distance past its budget: a lower bound from a band of the
 * dynamic program). Either must take seconds, not the product of the lengths.
 */
final class DiffLongTextCase implements BenchCase {
  static final String EQUALITY = "read both + compare the texts for equality";

  private BenchEnv env;
  private String lhs;
  private String lastChanged;
  private String allChanged;

  @Override
  public String name() {
    return "diff-long-text";
  }

  @Override
  public long defaultRows() {
    return 10_000_000;
  }

  @Override
  public void setUp(BenchEnv env) {
    this.env = env;
    int length = Math.toIntExact(env.rows());
    String text = text(length, 'a');
    lhs = write(text, "lhs");
    lastChanged = write(text.substring(0, length - 1) + "!", "rhs-last");
    allChanged = write(text(length, 'b'), "rhs-all");
  }

  /** {@code length} characters of words, starting at {@code first}. */
  private static String text(int length, char first) {
    StringBuilder out = new StringBuilder(length);
    for (int i = 0; out.length() < length; i++) {
      out.append((char) (first + i % 7)).append(i % 11 == 0 ? ' ' : (char) ('k' + i % 13));
    }
    out.setLength(length);
    return out.toString();
  }

  private String write(String text, String name) {
    StructType schema =
        new StructType().add("id", DataTypes.IntegerType).add("text", DataTypes.StringType);
    Dataset<Row> data =
        env.spark().createDataFrame(List.of(RowFactory.create(1, text)), schema).coalesce(1);
    return BenchData.parquet(data, env.dataDir().resolve(name + "-" + text.length()));
  }

  @Override
  public Variant ours() {
    return oursVariants().get(0);
  }

  @Override
  public List<Variant> oursVariants() {
    return List.of(
        new Variant("wick diff, last character changed", () -> diff(lastChanged, "last")),
        new Variant("wick diff, every character changed", () -> diff(allChanged, "all")));
  }

  private void diff(String rhs, String name) {
    PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
    int code =
        Wick.run(
            new String[] {
              "diff", "--lhs", lhs, "--rhs", rhs, "--key", "id", "--out", env.scratch(name)
            },
            quiet,
            System.err);
    if (code != 0) {
      throw new IllegalStateException("wick diff exited with " + code);
    }
  }

  @Override
  public List<Variant> baselines() {
    return List.of(new Variant(EQUALITY, this::equality));
  }

  private void equality() {
    Dataset<Row> l = env.spark().read().parquet(lhs);
    Dataset<Row> r = env.spark().read().parquet(lastChanged);
    l.join(r, l.col("id").equalTo(r.col("id")), "full_outer")
        .agg(count(lit(1)), sum(when(not(l.col("text").eqNullSafe(r.col("text"))), 1).otherwise(0)))
        .collect();
  }

  @Override
  public Map<String, Object> extra(BenchEnv env, double oursSeconds) {
    return Map.of("characters", env.rows());
  }
}
