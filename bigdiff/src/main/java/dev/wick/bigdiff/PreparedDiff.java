package dev.wick.bigdiff;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.explode;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.struct;

import dev.wick.bigdiff.Alignment.KeyField;
import dev.wick.core.WickException;
import dev.wick.core.gate.Verdict;
import dev.wick.core.io.Format;
import dev.wick.core.io.Output;
import dev.wick.core.report.VerdictFormats;
import dev.wick.core.spark.Columns;
import dev.wick.core.spark.Observations;
import dev.wick.core.spark.SideBySide;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Observation;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * A diff whose keys and schemas have been checked, ready to run. Running it is one pass over the
 * inputs (a second only when some key repeats): both sides shuffled once by key, classified, and
 * the key counts gathered on the way to the output; the field statistics then aggregate the
 * differing rows kept from that pass.
 */
public final class PreparedDiff {
  private static final List<Format> OUTPUT_FORMATS =
      List.of(Format.PARQUET, Format.AVRO, Format.JSON, Format.ORC);

  /**
   * Rows of {@code keys/} per file: the kept partitions are merged down to one file per this many
   * rows (partitions are never split, so a file may hold more).
   */
  private static final long ROWS_PER_FILE = 1_000_000;

  /**
   * Up to this many rows (key, field pairs for the statistics), an aggregation of the kept rows
   * runs as one task, unshuffled.
   */
  private static final long SINGLE_TASK_ROWS = 2_000_000;

  private final Dataset<Row> lhs;
  private final Dataset<Row> rhs;
  private final Alignment alignment;
  private final DiffOptions options;

  /** The {@code keys/} rows of the run under way, for its explanation. */
  private Dataset<Row> kept;

  /** The plan that counts duplicated keys, built when first needed. */
  private DiffPlan counting;

  PreparedDiff(Dataset<Row> lhs, Dataset<Row> rhs, Alignment alignment, DiffOptions options) {
    this.lhs = lhs;
    this.rhs = rhs;
    this.alignment = alignment;
    this.options = options;
  }

  private DiffPlan counting() {
    if (counting == null) {
      counting = DiffPlan.countingDuplicates(lhs, rhs, alignment, options);
    }
    return counting;
  }

  /** The fields compared, on one side only, and ignored. */
  public SchemaDifference schema() {
    return alignment.difference;
  }

  /** The key field paths, in order. */
  public List<String> keyFields() {
    return alignment.keys.stream().map(k -> k.path().toString()).toList();
  }

  /** The names the key fields have as columns of {@link #keys()} ({@code user.id -> user_id}). */
  public List<String> keyColumns() {
    return alignment.keys.stream().map(KeyField::column).toList();
  }

  /**
   * The rows of {@code keys/}, lazily: the key columns, {@code diff} (a {@link DiffType} name) and
   * {@code fields}, a list of {@code (field, left, right, delta, element)} for each differing
   * field. For a diff without key fields, the differing rows' compared fields, {@code diff} and
   * {@code count} (the copies only on that side). Holds the differing keys, or every classified key
   * with {@link BigDiff#includeSame(boolean)}. Duplicated keys are not in it (and are not checked
   * for: use {@link #summarize()} for that).
   */
  public Dataset<Row> keys() {
    if (alignment.keys.isEmpty()) {
      return new KeylessDiff(lhs, rhs, alignment).rows(null);
    }
    // The observation is a barrier: without it Spark would push the filter on the
    // classification below it and compare every field twice.
    DiffPlan plan = counting();
    Dataset<Row> classified = plan.classified().observe("wick_diff_keys", count(lit(1)));
    return plan.keysOutput(plan.detail(DiffPlan.selectKeys(classified, options.includeSame())));
  }

  /** Runs the diff and returns its summary, writing nothing. */
  public DiffSummary summarize() {
    return run(Parts.NONE);
  }

  /**
   * Runs the diff and writes its parts into {@code out} (which the caller commits): {@code keys/},
   * {@code fields/} and, when keys are duplicated, {@code duplicates/} in {@code format}, plus
   * {@code summary.json} and {@code report.html}.
   */
  public DiffSummary writeTo(Output out, Format format) {
    return writeTo(out, format, Optional.empty());
  }

  /**
   * {@link #writeTo(Output, Format)} for a diff judged against {@code thresholds}: the report opens
   * with the verdict, and {@code summary.md} holds it in Markdown (a diff without thresholds is
   * written as not judged).
   */
  public DiffSummary writeTo(Output out, Format format, Optional<DiffThresholds> thresholds) {
    if (!OUTPUT_FORMATS.contains(format)) {
      throw WickException.usage(
          "The diff cannot be written as "
              + format.sparkName()
              + ", which cannot hold its lists of fields; use parquet, avro, json or orc.");
    }
    DiffSummary summary = run(new Parts(out, format));
    if (summary.global().duplicateKeys() > 0) {
      // Only when keys are duplicated: another pass lists them.
      out.writeDataset("duplicates", counting().duplicates(), format);
    }
    out.writeString("summary.json", summary.toJson());
    String lhs = options.labels().lhs();
    String rhs = options.labels().rhs();
    Verdict verdict = summary.verdict(thresholds, lhs, rhs);
    out.writeString("report.html", HtmlReport.render(summary, lhs, rhs, verdict));
    out.writeString("summary.md", VerdictFormats.markdownBeside(verdict, "report.html"));
    return summary;
  }

  /**
   * Where a run writes {@code keys/} and {@code fields/}: the parts of {@code out} in {@code
   * format}, or nowhere ({@link #NONE}).
   */
  private record Parts(Output out, Format format) {
    static final Parts NONE = new Parts(null, null);

    /** Writes a part (with no output, nothing: {@code data} is not even made). */
    void write(String part, Supplier<Dataset<Row>> data) {
      if (out != null) {
        out.writeDataset(part, data.get(), format);
      }
    }

    /** Removes a part written before, when the diff has to run again. */
    void discard(String part) {
      if (out != null) {
        out.delete(part);
      }
    }
  }

  /**
   * Runs the diff: one {@link #pass} over the inputs keeps the {@code keys/} rows, then {@link
   * #finish} writes them and aggregates the field statistics from them, without a second pass over
   * the inputs.
   *
   * <p>Keys are nearly always unique, so the first pass takes them to be and then checks that they
   * were ({@link #uniquePass}); only if some key was duplicated does the pass run again with the
   * plan that counts each key's rows, for the error or, with {@link DuplicateKeys#REPORT}, for the
   * counts without the duplicated keys. A report of duplicates starts with that plan.
   */
  private DiffSummary run(Parts parts) {
    DiffSummary s = unsampled(parts);
    if (options.explain().isPresent() && s.hasDifferences()) {
      s =
          s.withExplanations(
              DiffExplain.explain(
                  lhs, alignment, options.labels(), kept, s, options.explain().get()));
    }
    kept = null;
    return options.selection().sample().isPresent()
        ? s.sampled(
            SampleBounds.of(
                s, options.selection().sample().getAsDouble(), options.selection().seed()))
        : s;
  }

  private DiffSummary unsampled(Parts parts) {
    if (alignment.keys.isEmpty()) {
      return keyless(parts);
    }
    if (options.duplicates() != DuplicateKeys.REPORT) {
      Optional<DiffSummary> unique = uniquePass(parts);
      if (unique.isPresent()) {
        return unique.get();
      }
    }
    Pass pass = pass(counting());
    GlobalCounts counts = pass.counts();
    if (counts.duplicateKeys() > 0 && options.duplicates() == DuplicateKeys.FAIL) {
      throw duplicated(counts, Metrics.duplicateExamples(pass.observed(), alignment));
    }
    return finish(pass, parts, false).orElseThrow();
  }

  /**
   * The diff without key fields: one aggregation over both sides' rows ({@link KeylessDiff}), the
   * differing rows written as {@code keys/}.
   */
  private DiffSummary keyless(Parts parts) {
    KeylessDiff.Result r = new KeylessDiff(lhs, rhs, alignment).run();
    DiffSummary summary =
        new DiffSummary(
            List.of(),
            r.counts(),
            List.of(),
            alignment.difference,
            List.of(),
            r.examples(),
            Optional.empty());
    parts.write("keys", () -> r.rows().coalesce(files(r.counts().differing())));
    parts.write("fields", () -> fieldsDataset(lhs.sparkSession(), summary));
    return summary;
  }

  /**
   * The outcome of one pass: the kept {@code keys/} rows, the key counts, and the observed row they
   * came from (with examples of duplicated keys).
   */
  private record Pass(Dataset<Row> keys, GlobalCounts counts, Row observed) {}

  /**
   * One pass over the inputs: every joined row is counted (one cheap counter, which also keeps
   * Spark from pushing the filter below the comparisons), only the rows that are not SAME go on to
   * the key counts, the field comparisons and the {@code keys/} rows, which the pass keeps (a local
   * checkpoint) and writes nothing. Once it has run, the counts are known, so that duplicates can
   * fail the diff before anything is written, and {@code keys/} can be written in as many files as
   * its size needs. The kept rows are freed as any RDD's are once nothing refers to them (Spark's
   * context cleaner): unpersisting a local checkpoint by hand makes Spark print a warning that its
   * lineage is lost, on every run.
   */
  private Pass pass(DiffPlan plan) {
    boolean includeSame = options.includeSame();
    Observation total = new Observation("wick_diff_total");
    Observation counted = new Observation("wick_diff_counts");
    Dataset<Row> classified = observe(plan.classified(), total, Metrics.total());
    Dataset<Row> notSame =
        observe(DiffPlan.notSame(classified, includeSame), counted, Metrics.global(alignment));
    // A local checkpoint runs the pass and keeps its rows (in memory, spilling to disk). The
    // queries after it plan over a small leaf; over a persisted Dataset each of them would carry
    // the whole pass's plan through analysis and the cache lookup.
    Dataset<Row> keys =
        plan.keysOutput(DiffPlan.selectKeys(plan.detail(notSame), includeSame))
            .localCheckpoint(true);
    Row c = Observations.row(counted);
    return new Pass(keys, Metrics.globalCounts(Observations.row(total), c), c);
  }

  /**
   * The diff by the plan that takes every key to be unique, or empty if one was not. A key on both
   * sides is unique iff each side's rows equal the joined rows that side is in (a key with m rows
   * on the left and n on the right joins into m * n rows), which the pass counts as it goes; a key
   * on one side only is unique iff it occurs once among the missing keys, which {@link #finish}
   * checks on the kept rows.
   */
  private Optional<DiffSummary> uniquePass(Parts parts) {
    Observation lhsRows = new Observation("wick_diff_lhs_rows");
    Observation rhsRows = new Observation("wick_diff_rhs_rows");
    Pass pass = pass(DiffPlan.assumingUniqueKeys(lhs, rhs, alignment, options, lhsRows, rhsRows));
    GlobalCounts c = pass.counts();
    boolean joinedOnce =
        observedRows(lhsRows) == c.total() - c.missingLhs()
            && observedRows(rhsRows) == c.total() - c.missingRhs();
    return joinedOnce ? finish(pass, parts, true) : Optional.empty();
  }

  /**
   * Writes {@code keys/} from a pass's rows, aggregates the field statistics from them and writes
   * {@code fields/}, and with {@code checkMissing} checks that no key repeats among the missing
   * ones (else discards what was written and returns empty). These are Spark jobs over the kept
   * rows, not the inputs, and mostly small: they run side by side, so that one's planning (on the
   * driver) overlaps another's tasks.
   */
  private Optional<DiffSummary> finish(Pass pass, Parts parts, boolean checkMissing) {
    GlobalCounts counts = pass.counts();
    Dataset<Row> keys = pass.keys();
    kept = keys;
    try (SideBySide jobs = SideBySide.start("wick-diff-outputs", 2)) {
      // The statistics take longest (then fields/ is written from them): they start first.
      Future<DiffSummary> summary =
          jobs.submit(
              () -> {
                Map<String, Row> byField = byField(keys, counts);
                DiffSummary s =
                    new DiffSummary(
                        keyFields(),
                        counts,
                        Metrics.fieldStats(byField, alignment, counts),
                        alignment.difference,
                        Metrics.arrayStats(byField, alignment),
                        List.of(),
                        Optional.empty());
                parts.write("fields", () -> fieldsDataset(keys.sparkSession(), s));
                return s;
              });
      Future<Boolean> repeats =
          checkMissing ? jobs.submit(() -> missingKeysRepeat(keys, counts)) : null;
      long rows = options.includeSame() ? counts.classified() : counts.differing();
      parts.write("keys", () -> keys.coalesce(files(rows)));
      if (repeats != null && SideBySide.result(repeats)) {
        SideBySide.result(summary);
        parts.discard("keys");
        parts.discard("fields");
        return Optional.empty();
      }
      return Optional.of(SideBySide.result(summary));
    }
  }

  /** How many files {@code rows} rows of {@code keys/} are written in. */
  private static int files(long rows) {
    return (int)
        Math.min(Integer.MAX_VALUE, Math.max(1, (rows + ROWS_PER_FILE - 1) / ROWS_PER_FILE));
  }

  /**
   * The rows a side was observed to have, or -1 (which no count equals) when Spark optimized the
   * observation away, as it does for a side it knows to be empty: uniqueness is then unproven. The
   * pass has run by now; Spark 4.1 reports an observation it optimized away as an empty row, while
   * 4.0 never completes it, so the wait is bounded.
   */
  private static long observedRows(Observation side) {
    return Observations.row(side, OPTIMIZED_AWAY_WAIT)
        .filter(r -> r.size() > 0)
        .map(r -> r.getLong(0))
        .orElse(-1L);
  }

  /**
   * How long a finished pass's side count may take to arrive before it counts as optimized away.
   */
  private static final java.time.Duration OPTIMIZED_AWAY_WAIT = java.time.Duration.ofSeconds(10);

  /** Whether some key occurs more than once among the kept MISSING_LHS and MISSING_RHS rows. */
  private boolean missingKeysRepeat(Dataset<Row> keys, GlobalCounts counts) {
    if (counts.missingLhs() < 2 && counts.missingRhs() < 2) {
      return false;
    }
    return !forAggregation(keys, counts.missingLhs() + counts.missingRhs())
        .filter(
            Classification.isAny(
                DiffPlan.DIFF.col(), Classification.MISSING_LHS, Classification.MISSING_RHS))
        .groupBy(keyColumnsOf())
        .count()
        .filter(col("count").gt(1))
        .isEmpty();
  }

  /**
   * The kept rows as the source of an aggregation over about {@code rows} of them: merged into one
   * task when there are few (a shuffle would cost more than the work), else as they are.
   */
  private static Dataset<Row> forAggregation(Dataset<Row> kept, long rows) {
    return rows <= SINGLE_TASK_ROWS ? kept.coalesce(1) : kept;
  }

  /** The key columns of {@code keys/} rows. */
  private Column[] keyColumnsOf() {
    return keyColumns().stream().map(Columns::column).toArray(Column[]::new);
  }

  /** The field statistics by field name: one small aggregation of the kept {@code keys/} rows. */
  private Map<String, Row> byField(Dataset<Row> keys, GlobalCounts counts) {
    Map<String, Row> out = new HashMap<>();
    if (counts.different() == 0) {
      return out;
    }
    Column[] metrics = Metrics.fields();
    Dataset<Row> fields =
        forAggregation(keys, counts.different() * alignment.leaves.size())
            .select(
                struct(keyColumnsOf()).as(Metrics.KEY), explode(col("fields")).as(Metrics.FIELD));
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
                + options.labels().lhs()
                + " and "
                + keys(counts.duplicateKeysRhs())
                + " in the "
                + options.labels().rhs()
                + " occur more than once, e.g. "
                + String.join("; ", examples)
                + "; deduplicate the inputs, add key fields, or report duplicates to list them and"
                + " diff the rest.")
        .about("duplicates", "report duplicates");
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
            .add("count", DataTypes.LongType, true);
    for (DeltaStatistic s : DeltaStatistic.values()) {
      schema = schema.add(s.key(), DataTypes.DoubleType, true);
    }
    schema =
        schema
            .add("lowerBounds", DataTypes.LongType, true)
            .add("approximate", DataTypes.createArrayType(DataTypes.StringType, false), true);
    List<Row> rows = new ArrayList<>();
    for (FieldStats f : summary.fields()) {
      List<Object> values = new ArrayList<>(List.of(f.field(), f.different(), f.fraction()));
      if (f.delta().isPresent()) {
        DeltaStats d = f.delta().get();
        values.add(d.type().name());
        values.add(d.count());
        for (DeltaStatistic s : DeltaStatistic.values()) {
          OptionalDouble v = d.get(s);
          values.add(v.isPresent() ? v.getAsDouble() : null);
        }
        values.add(d.lowerBounds());
        values.add(d.approximate().stream().map(DeltaStatistic::key).toList());
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
