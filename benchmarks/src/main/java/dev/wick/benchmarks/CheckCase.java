package dev.wick.benchmarks;

import static org.apache.spark.sql.functions.approx_count_distinct;
import static org.apache.spark.sql.functions.avg;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.count_if;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.max;
import static org.apache.spark.sql.functions.min;
import static org.apache.spark.sql.functions.not;
import static org.apache.spark.sql.functions.percentile_approx;

import dev.wick.cli.Wick;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * {@code wick check} with 20 checks (a row-count bound, uniqueness of the key, completeness of six
 * columns, allowed values of two, ranges of three, means of two, an approximate median, two
 * approximate distinct counts, two regular expressions) on 1M rows x 20 columns of Parquet, against
 * a bare scan of every column and against the same checks written by hand as one DataFrame
 * aggregation plus the key's grouping (Deequ does not run on Spark 4.1 here).
 *
 * <p>As {@code check-split}, the same checks with {@code --split} (every row written to {@code
 * valid/} or {@code invalid/} with its reasons) against copying the input (read and write Parquet,
 * the IO a split cannot avoid) and against the same {@code wick check} without it.
 *
 * <p>As {@code check-results}, the same {@code wick check} appending its 41 metrics to a results
 * table (a Parquet folder, then a Delta table, both kept between repetitions) against the check
 * without one: the append's cost on top of the command.
 *
 * <p>As {@code check-explain}, the same checks but two that fail (a range that a tenth of the rows
 * break, allowed values that a tenth break) with {@code --explain} (where each failed check's rows
 * sit), against the same {@code wick check} without it.
 */
final class CheckCase implements BenchCase {
  private static final List<String> CATEGORIES =
      IntStream.range(0, 50).mapToObj(i -> "cat_" + i).toList();

  /** What is measured: the checks alone, with their rows split, or with failures explained. */
  enum Mode {
    CHECK("check"),
    SPLIT("check-split"),
    EXPLAIN("check-explain"),
    RESULTS("check-results");

    final String name;

    Mode(String name) {
      this.name = name;
    }
  }

  private final Mode mode;
  private final boolean split;
  private BenchEnv env;
  private String input;
  private String checks;

  CheckCase(Mode mode) {
    this.mode = mode;
    this.split = mode == Mode.SPLIT;
  }

  @Override
  public List<Long> scaleRows() {
    return mode == Mode.CHECK || mode == Mode.SPLIT ? SCALE : List.of();
  }

  @Override
  public String name() {
    return mode.name;
  }

  @Override
  public String dataName() {
    return "check";
  }

  @Override
  public void setUp(BenchEnv env) throws Exception {
    this.env = env;
    input =
        BenchData.parquet(
            BenchData.wide(env.spark(), env.rows(), 20, 21), env.dataDir().resolve("input"));
    long n = env.rows();
    String values = String.join(", ", CATEGORIES);
    String file =
        """
        checks:
          - {check: rowCount, min: %d, max: %d}
          - {check: unique, fields: [key]}
          - {check: completeness, field: c1, min: 1.0}
          - {check: completeness, field: c2, min: 1.0}
          - {check: completeness, field: c3, min: 1.0}
          - {check: completeness, field: c4, min: 1.0}
          - {check: completeness, field: c5, min: 1.0}
          - {check: completeness, field: c6, min: 1.0}
          - {check: allowedValues, field: c3, values: [%s]}
          - {check: allowedValues, field: c7, values: [%s]}
          - {check: range, field: c1, min: 0, max: 999999}
          - {check: range, field: c5, min: 0, max: 999999}
          - {check: range, field: c9, min: 0, max: 999999}
          - {check: mean, field: c1, min: 490000, max: 510000}
          - {check: mean, field: c2, min: 490, max: 510}
          - {check: quantile, field: c1, q: 0.5, min: 450000, max: 550000}
          - {check: distinct, field: c3, min: 45, max: 55}
          - {check: distinct, field: c11, min: 45, max: 55}
          - {check: regex, field: c4, pattern: 'v-?[0-9]+'}
          - {check: regex, field: c3, pattern: 'cat_[0-9]+'}
        """
            .formatted(n, n, values, values);
    if (mode == Mode.EXPLAIN) {
      String fewer = String.join(", ", CATEGORIES.subList(0, 45));
      file =
          file.replace(
                  "{check: range, field: c1, min: 0, max: 999999}",
                  "{check: range, field: c1, min: 0, max: 899999}")
              .replace(
                  "{check: allowedValues, field: c7, values: [" + values + "]}",
                  "{check: allowedValues, field: c7, values: [" + fewer + "]}");
    }
    Path path = env.dataDir().resolve("checks-" + mode.name + ".yaml");
    Files.writeString(path, file);
    checks = path.toString();
  }

  @Override
  public Variant ours() {
    return switch (mode) {
      case SPLIT -> new Variant("wick check --split (20 checks)", () -> check("--split"));
      case EXPLAIN ->
          new Variant("wick check --explain (20 checks, 2 failing)", () -> check("--explain"));
      case CHECK, RESULTS -> new Variant("wick check (20 checks)", () -> check());
    };
  }

  @Override
  public List<Variant> oursVariants() {
    if (mode != Mode.RESULTS) {
      return List.of(ours());
    }
    // The tables live beside the data, so each repetition appends to a table that exists.
    String folder = env.dataDir().resolve("results-folder").toString();
    String delta = "delta:" + env.dataDir().resolve("results-delta");
    return List.of(
        new Variant(
            "wick check --results-table FOLDER (20 checks)",
            () -> check("--results-table", folder)),
        new Variant(
            "wick check --results-table delta:PATH (20 checks)",
            () -> check("--results-table", delta)));
  }

  private void check(String... flags) {
    PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
    List<String> args =
        new ArrayList<>(
            List.of("check", "--in", input, "--checks", checks, "--out", env.scratch("check")));
    for (String flag : flags) {
      if (flag != null) {
        args.add(flag);
      }
    }
    int code = Wick.run(args.toArray(new String[0]), quiet, System.err);
    if (code != (mode == Mode.EXPLAIN ? 1 : 0)) {
      throw new IllegalStateException("wick check exited " + code);
    }
  }

  @Override
  public List<Variant> baselines() {
    if (mode == Mode.RESULTS) {
      return List.of(new Variant("wick check (20 checks, no results table)", () -> check()));
    }
    if (mode == Mode.EXPLAIN) {
      return List.of(new Variant("wick check (20 checks, 2 failing, no --explain)", () -> check()));
    }
    if (split) {
      return List.of(
          new Variant(
              "copy (read parquet, write parquet)",
              () -> env.spark().read().parquet(input).write().parquet(env.scratch("copy"))),
          new Variant("wick check (20 checks, no split)", () -> check()));
    }
    return List.of(
        new Variant(
            "bare scan (read parquet, noop sink)",
            () ->
                env.spark().read().parquet(input).write().format("noop").mode("overwrite").save()),
        new Variant("hand-written DataFrame aggregation of the same checks", this::handWritten));
  }

  /** The same 20 checks as one {@code agg} and one grouping of the key, results collected. */
  private void handWritten() {
    Dataset<Row> in = env.spark().read().parquet(input);
    Column[] allowed = CATEGORIES.stream().map(c -> lit(c)).toArray(Column[]::new);
    List<Column> aggs =
        List.of(
            count(lit(1)),
            count(col("c1")),
            count(col("c2")),
            count(col("c3")),
            count(col("c4")),
            count(col("c5")),
            count(col("c6")),
            count_if(not(col("c3").isin((Object[]) allowed))),
            count_if(not(col("c7").isin((Object[]) allowed))),
            min(col("c1")),
            max(col("c1")),
            min(col("c5")),
            max(col("c5")),
            min(col("c9")),
            max(col("c9")),
            avg(col("c1")),
            avg(col("c2")),
            percentile_approx(col("c1").cast("double"), lit(0.5), lit(10_000)),
            approx_count_distinct(col("c3"), 0.01),
            approx_count_distinct(col("c11"), 0.01),
            count_if(not(col("c4").rlike("\\A(?:v-?[0-9]+)\\z"))),
            count_if(not(col("c3").rlike("\\A(?:cat_[0-9]+)\\z"))));
    Row r = in.agg(aggs.get(0), aggs.subList(1, aggs.size()).toArray(new Column[0])).first();
    long duplicated = in.groupBy(col("key")).count().where(col("count").gt(1)).count();
    if (r.getLong(0) != env.rows() || duplicated != 0) {
      throw new IllegalStateException("hand-written checks failed");
    }
  }

  @Override
  public Optional<Double> maxRatio(String baseline) {
    return baseline.startsWith("bare scan") || baseline.startsWith("copy") || mode == Mode.EXPLAIN
        ? Optional.of(1.5)
        : Optional.empty();
  }
}
