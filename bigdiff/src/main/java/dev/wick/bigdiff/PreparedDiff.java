package dev.wick.bigdiff;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.explode;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.struct;

import dev.wick.bigdiff.Alignment.KeyField;
import dev.wick.core.WickException;
import dev.wick.core.io.Format;
import dev.wick.core.io.Output;
import dev.wick.core.spark.Columns;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.function.Consumer;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Observation;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.storage.StorageLevel;

/**
 * A diff whose keys and schemas have been checked, ready to run. Running it is one pass over the
 * inputs: both sides shuffled once by key, classified, and the key counts gathered on the way to
 * the output; the field statistics then aggregate the differing rows kept from that pass.
 */
public final class PreparedDiff {
  private static final List<Format> OUTPUT_FORMATS =
      List.of(Format.PARQUET, Format.AVRO, Format.JSON, Format.ORC);

  /**
   * Rows of {@code keys/} per file: the cached partitions are merged down to one file per this many
   * rows (partitions are never split, so a file may hold more).
   */
  private static final long ROWS_PER_FILE = 1_000_000;

  /** Up to this many (key, field) pairs, the field statistics run as one task, unshuffled. */
  private static final long SINGLE_TASK_STATISTICS = 2_000_000;

  private final DiffPlan plan;
  private final DiffOptions options;

  PreparedDiff(DiffPlan plan, DiffOptions options) {
    this.plan = plan;
    this.options = options;
  }

  /** The fields compared, on one side only, and ignored. */
  public SchemaDifference schema() {
    return plan.alignment.difference;
  }

  /** The key field paths, in order. */
  public List<String> keyFields() {
    return plan.alignment.keys.stream().map(k -> k.path().toString()).toList();
  }

  /** The names the key fields have as columns of {@link #keys()} ({@code user.id -> user_id}). */
  public List<String> keyColumns() {
    return plan.alignment.keys.stream().map(KeyField::column).toList();
  }

  /**
   * The rows of {@code keys/}, lazily: the key columns, {@code diff} (a {@link DiffType} name) and
   * {@code fields}, a list of {@code (field, left, right, delta)} for each differing field. Holds
   * the differing keys, or every classified key with {@link BigDiff#includeSame(boolean)}.
   * Duplicated keys are not in it (and are not checked for: use {@link #summarize()} for that).
   */
  public Dataset<Row> keys() {
    // The observation is a barrier: without it Spark would push the filter on the
    // classification below it and compare every field twice.
    Dataset<Row> classified = plan.classified().observe("wick_diff_keys", count(lit(1)));
    return plan.keysOutput(plan.detail(DiffPlan.selectKeys(classified, options.includeSame())));
  }

  /** Runs the diff and returns its summary, writing nothing. */
  public DiffSummary summarize() {
    return run(keys -> {});
  }

  /**
   * Runs the diff and writes its parts into {@code out} (which the caller commits): {@code keys/},
   * {@code fields/} and, when keys are duplicated, {@code duplicates/} in {@code format}, plus
   * {@code summary.json} and {@code report.html}.
   */
  public DiffSummary writeTo(Output out, Format format) {
    if (!OUTPUT_FORMATS.contains(format)) {
      throw WickException.usage(
          "The diff cannot be written as "
              + format.sparkName()
              + ", which cannot hold its lists of fields; use parquet, avro, json or orc.");
    }
    DiffSummary summary = run(keys -> out.writeDataset("keys", keys, format));
    SparkSession spark = plan.classified().sparkSession();
    out.writeDataset("fields", fieldsDataset(spark, summary), format);
    if (summary.global().duplicateKeys() > 0) {
      // Only when keys are duplicated: a second pass lists them.
      out.writeDataset("duplicates", plan.duplicates(), format);
    }
    out.writeString("summary.json", summary.toJson());
    out.writeString(
        "report.html", HtmlReport.render(summary, options.lhsLabel(), options.rhsLabel()));
    return summary;
  }

  /**
   * One pass over the inputs: every joined row is counted (one cheap counter, which also keeps
   * Spark from pushing the filter below the comparisons), only the rows that are not SAME go on to
   * the key counts, the field comparisons and the cache of {@code keys/} rows. Once that pass has
   * run, the counts are known: duplicates can fail the diff before anything is written, {@code
   * keys/} is written from the cache in as many files as its size needs, and the field statistics
   * aggregate the cached rows, without a second pass over the inputs.
   */
  private DiffSummary run(Consumer<Dataset<Row>> sink) {
    Alignment alignment = plan.alignment;
    boolean includeSame = options.includeSame();
    Observation total = new Observation("wick_diff_total");
    Observation counted = new Observation("wick_diff_counts");
    Dataset<Row> classified = observe(plan.classified(), total, Metrics.total());
    Dataset<Row> notSame =
        observe(DiffPlan.notSame(classified, includeSame), counted, Metrics.global(alignment));
    Dataset<Row> keys =
        plan.keysOutput(DiffPlan.selectKeys(plan.detail(notSame), includeSame))
            .persist(StorageLevel.MEMORY_AND_DISK());
    try {
      keys.write().format("noop").mode("overwrite").save();
      Row c = counted.getRow();
      GlobalCounts counts = Metrics.globalCounts(total.getRow(), c);
      if (counts.duplicateKeys() > 0 && options.duplicates() == DuplicateKeys.FAIL) {
        throw duplicated(counts, Metrics.duplicateExamples(c, alignment));
      }
      long rows = includeSame ? counts.classified() : counts.notSame();
      sink.accept(keys.coalesce(files(rows)));
      return new DiffSummary(
          keyFields(),
          counts,
          Metrics.fieldStats(byField(keys, counts), alignment, counts),
          alignment.difference);
    } finally {
      keys.unpersist();
    }
  }

  /** How many files {@code rows} rows of {@code keys/} are written in. */
  private static int files(long rows) {
    return (int)
        Math.min(Integer.MAX_VALUE, Math.max(1, (rows + ROWS_PER_FILE - 1) / ROWS_PER_FILE));
  }

  /** The field statistics by field name: one small aggregation of the kept {@code keys/} rows. */
  private Map<String, Row> byField(Dataset<Row> keys, GlobalCounts counts) {
    Map<String, Row> out = new HashMap<>();
    if (counts.different() == 0) {
      return out;
    }
    List<Column> key = new ArrayList<>();
    for (String k : keyColumns()) {
      key.add(Columns.column(k));
    }
    Column[] metrics = Metrics.fields();
    // A few differing fields are aggregated in one task: a shuffle would cost more than the work.
    Dataset<Row> source =
        counts.different() * plan.alignment.leaves.size() <= SINGLE_TASK_STATISTICS
            ? keys.coalesce(1)
            : keys;
    Dataset<Row> fields =
        source.select(
            struct(key.toArray(new Column[0])).as(Metrics.KEY),
            explode(col("fields")).as(Metrics.FIELD));
    for (Row r :
        fields
            .groupBy(col(Metrics.FIELD + ".field").as("field"))
            .agg(metrics[0], Arrays.copyOfRange(metrics, 1, metrics.length))
            .collectAsList()) {
      out.put(r.getString(0), r);
    }
    return out;
  }

  private WickException duplicated(GlobalCounts counts, List<String> examples) {
    return WickException.usage(
        "Key ("
            + String.join(", ", keyFields())
            + ") is not unique: "
            + keys(counts.duplicateKeysLhs())
            + " in the "
            + options.lhsLabel()
            + " and "
            + keys(counts.duplicateKeysRhs())
            + " in the "
            + options.rhsLabel()
            + " occur more than once, e.g. "
            + String.join("; ", examples)
            + "; deduplicate the inputs, add key fields, or pass --duplicates report to list"
            + " them and diff the rest.");
  }

  private static String keys(long n) {
    return n + (n == 1 ? " key" : " keys");
  }

  private static Dataset<Row> observe(Dataset<Row> data, Observation o, Column[] metrics) {
    return data.observe(o, metrics[0], Arrays.copyOfRange(metrics, 1, metrics.length));
  }

  /** The {@code fields/} dataset: one row per compared field with its delta statistics. */
  static Dataset<Row> fieldsDataset(SparkSession spark, DiffSummary summary) {
    StructType schema =
        new StructType()
            .add("field", DataTypes.StringType, false)
            .add("different", DataTypes.LongType, false)
            .add("fraction", DataTypes.DoubleType, false)
            .add("deltaType", DataTypes.StringType, true)
            .add("count", DataTypes.LongType, true)
            .add("min", DataTypes.DoubleType, true)
            .add("max", DataTypes.DoubleType, true)
            .add("mean", DataTypes.DoubleType, true)
            .add("stddev", DataTypes.DoubleType, true)
            .add("variance", DataTypes.DoubleType, true)
            .add("skewness", DataTypes.DoubleType, true)
            .add("kurtosis", DataTypes.DoubleType, true)
            .add("p50", DataTypes.DoubleType, true)
            .add("p90", DataTypes.DoubleType, true)
            .add("p99", DataTypes.DoubleType, true);
    List<Row> rows = new ArrayList<>();
    for (FieldStats f : summary.fields()) {
      List<Object> values = new ArrayList<>(List.of(f.field(), f.different(), f.fraction()));
      if (f.delta().isPresent()) {
        DeltaStats d = f.delta().get();
        values.add(d.type().name());
        values.add(d.count());
        for (OptionalDouble v :
            List.of(
                d.min(),
                d.max(),
                d.mean(),
                d.stddev(),
                d.variance(),
                d.skewness(),
                d.kurtosis(),
                d.p50(),
                d.p90(),
                d.p99())) {
          values.add(v.isPresent() ? v.getAsDouble() : null);
        }
      } else {
        while (values.size() < schema.size()) {
          values.add(null);
        }
      }
      rows.add(RowFactory.create(values.toArray()));
    }
    return spark.createDataFrame(rows, schema).coalesce(1);
  }
}
