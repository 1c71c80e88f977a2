package dev.wick.core.io.internal;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.apache.spark.TaskContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.Attribute;
import org.apache.spark.sql.catalyst.expressions.Expression;
import org.apache.spark.sql.catalyst.expressions.UnsafeProjection;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
import org.apache.spark.sql.catalyst.optimizer.ReplaceExpressions$;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.Project;
import org.apache.spark.sql.execution.datasources.OutputWriter;
import org.apache.spark.sql.execution.datasources.OutputWriterFactory;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.util.LongAccumulator;
import scala.collection.immutable.Seq;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The writers behind {@code Output.writeSplit}: one Spark write that sends each row to one of two
 * datasets with different columns. The rows' last column is a boolean that chooses: a row where it
 * is true is written to the write's own folder with the other columns, any other row goes through
 * the {@code false} side's projections (evaluated in the writer, for those rows alone) and is
 * written to the subfolder {@value #FALSE_FOLDER}. Each side's files are written by the file
 * format's own writer, prepared with that side's columns and options. Every writer counts its rows
 * and the true values of the {@code false} side's counted columns into accumulators, so that no
 * observed aggregate (evaluated row by row outside Spark's generated code) is needed.
 *
 * <p>The write is not partitioned, so Spark does not sort the rows, and the {@code false} side's
 * expressions (lambdas over arrays, which would take a whole projection out of Spark's generated
 * code) never run for the {@code true} rows. Each task writes its {@code false} file beside its own
 * file, under the folder the committer gave it, so the commit protocol moves both. Task 0, which
 * every write runs, writes one even when none of its rows is false, so that a {@code false} side no
 * row falls in still gets its columns without a job of its own.
 *
 * <p>Spark creates file formats by class name, so a write names one of {@link SplitParquetFormat},
 * {@link SplitOrcFormat} or {@link SplitAvroFormat} and passes the id of a {@link Plan} registered
 * here on the driver as the option {@value #PLAN_OPTION}.
 */
public final class SplitWrite {
  /** The writer option naming the registered plan. */
  public static final String PLAN_OPTION = "wick.split.plan";

  /** The subfolder of the write holding the {@code false} side. */
  public static final String FALSE_FOLDER = "false-side";

  private static final Map<String, Plan> PLANS = new ConcurrentHashMap<>();

  private SplitWrite() {}

  /** One projection of the {@code false} side: expressions over the input attributes. */
  record Level(Seq<Expression> expressions, Seq<Attribute> input) implements Serializable {}

  /**
   * One split write.
   *
   * @param trueOptions the {@code true} side's writer options
   * @param falseOptions the {@code false} side's writer options
   * @param falseLevels the {@code false} side's projections, from the rows to its last columns
   * @param falseSchema the {@code false} side's written columns
   * @param counted how many columns after the written ones are counted
   * @param trueRows counts the rows written to the {@code true} side
   * @param falseRows counts the rows written to the {@code false} side
   * @param counters one counter per counted column: the {@code false} rows where it is true
   */
  public record Plan(
      Map<String, String> trueOptions,
      Map<String, String> falseOptions,
      List<Level> falseLevels,
      StructType falseSchema,
      int counted,
      LongAccumulator trueRows,
      LongAccumulator falseRows,
      List<LongAccumulator> counters)
      implements Serializable {
    /** Copies the options and levels. */
    public Plan {
      trueOptions = Map.copyOf(trueOptions);
      falseOptions = Map.copyOf(falseOptions);
      falseLevels = List.copyOf(falseLevels);
      counters = List.copyOf(counters);
    }
  }

  /**
   * The plan of a split of {@code rows} whose {@code false} side is {@code falseSide}, made from
   * {@code rows} by projections alone ({@code select}s): its last {@code counted} columns are
   * counted, the others written.
   */
  public static Plan plan(
      Dataset<Row> rows,
      Map<String, String> trueOptions,
      Dataset<Row> falseSide,
      Map<String, String> falseOptions,
      int counted) {
    List<Attribute> base = CollectionConverters.asJava(rows.queryExecution().analyzed().output());
    // Runtime-replaceable functions are replaced by Spark's optimizer, which these projections do
    // not go through; the same rule replaces them here.
    LogicalPlan plan = ReplaceExpressions$.MODULE$.apply(falseSide.queryExecution().analyzed());
    List<Level> levels = new ArrayList<>();
    while (!CollectionConverters.asJava(plan.output()).equals(base)) {
      if (!(plan instanceof Project project)) {
        throw new IllegalArgumentException(
            "the false side of a split must be projections of the rows, not " + plan.nodeName());
      }
      @SuppressWarnings("unchecked")
      Seq<Expression> expressions = (Seq<Expression>) (Seq<?>) project.projectList();
      levels.add(0, new Level(expressions, project.child().output()));
      plan = project.child();
    }
    StructType schema = falseSide.schema();
    if (counted < 0
        || counted >= schema.size()
        || java.util.Arrays.stream(schema.fields())
            .skip(schema.size() - (long) counted)
            .anyMatch(
                f -> !f.dataType().equals(org.apache.spark.sql.types.DataTypes.BooleanType))) {
      throw new IllegalArgumentException(
          "a false side of "
              + schema.size()
              + " columns cannot count its last "
              + counted
              + " (counted columns are boolean)");
    }
    var context = rows.sparkSession().sparkContext();
    List<LongAccumulator> counters = new ArrayList<>();
    for (int i = 0; i < counted; i++) {
      counters.add(context.longAccumulator());
    }
    return new Plan(
        trueOptions,
        falseOptions,
        levels,
        prefix(schema, schema.size() - counted),
        counted,
        context.longAccumulator(),
        context.longAccumulator(),
        counters);
  }

  /** Registers {@code plan} for one write and returns the id its option names. */
  public static String register(Plan plan) {
    String id = UUID.randomUUID().toString();
    PLANS.put(id, plan);
    return id;
  }

  /** Forgets a plan once its write has ended. */
  public static void unregister(String id) {
    PLANS.remove(id);
    PROJECTIONS.remove(id);
  }

  /** How many writes' projections a JVM keeps. */
  private static final int POOLED_WRITES = 8;

  /**
   * The {@code false} side's projections of recent writes, per JVM, for the tasks that run one
   * after another in it: generating them takes tens of milliseconds a task, as much as writing a
   * few thousand rows. A writer borrows one set with its first {@code false} row and gives it back
   * when it closes, so each set serves one writer at a time.
   */
  private static final Map<String, Queue<List<UnsafeProjection>>> PROJECTIONS =
      Collections.synchronizedMap(
          new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(
                Map.Entry<String, Queue<List<UnsafeProjection>>> eldest) {
              return size() > POOLED_WRITES;
            }
          });

  private static List<UnsafeProjection> borrow(String id, Plan plan) {
    List<UnsafeProjection> levels =
        PROJECTIONS.computeIfAbsent(id, k -> new ConcurrentLinkedQueue<>()).poll();
    if (levels == null) {
      levels = new ArrayList<>();
      for (Level level : plan.falseLevels()) {
        levels.add(UnsafeProjection.create(level.expressions(), level.input()));
      }
    }
    int partition = TaskContext.getPartitionId();
    for (UnsafeProjection p : levels) {
      p.initialize(partition);
    }
    return levels;
  }

  private static void giveBack(String id, List<UnsafeProjection> levels) {
    PROJECTIONS.computeIfAbsent(id, k -> new ConcurrentLinkedQueue<>()).offer(levels);
  }

  /** A file format's own {@code prepareWrite}. */
  @FunctionalInterface
  interface Prepare {
    OutputWriterFactory apply(
        SparkSession session,
        Job job,
        scala.collection.immutable.Map<String, String> options,
        StructType dataSchema);
  }

  /**
   * Prepares both sides with the format's own {@code prepareWrite} on the driver. A format may keep
   * settings in the job's configuration (Parquet keeps the schema there); the {@code true} side's
   * settings that the {@code false} side's preparation changed are kept apart and put back into a
   * copy of each {@code true} writer's configuration.
   */
  static OutputWriterFactory prepare(
      Prepare own,
      SparkSession session,
      Job job,
      scala.collection.immutable.Map<String, String> options,
      StructType dataSchema) {
    Map<String, String> given = new LinkedHashMap<>(CollectionConverters.asJava(options));
    String id = null;
    for (var e : Map.copyOf(given).entrySet()) {
      if (e.getKey().equalsIgnoreCase(PLAN_OPTION)) {
        id = e.getValue();
        given.remove(e.getKey());
      }
    }
    Plan plan = id == null ? null : PLANS.get(id);
    if (plan == null) {
      throw new IllegalStateException(
          "A split write runs only through Output.writeSplit, which registers its plan.");
    }
    StructType trueSchema = prefix(dataSchema, dataSchema.size() - 1);
    Configuration conf = job.getConfiguration();
    OutputWriterFactory trueSide =
        own.apply(session, job, scalaMap(given, plan.trueOptions()), trueSchema);
    Map<String, String> afterTrue = entries(conf);
    OutputWriterFactory falseSide =
        own.apply(session, job, scalaMap(given, plan.falseOptions()), plan.falseSchema());
    Map<String, String> afterFalse = entries(conf);
    HashMap<String, String> trueSettings = new HashMap<>();
    java.util.Set<String> keys = new java.util.HashSet<>(afterTrue.keySet());
    keys.addAll(afterFalse.keySet());
    for (String key : keys) {
      String t = afterTrue.get(key);
      if (!Objects.equals(t, afterFalse.get(key))) {
        trueSettings.put(key, t);
      }
    }
    return new Factory(id, trueSide, falseSide, trueSchema, trueSettings, plan);
  }

  private static Map<String, String> entries(Configuration conf) {
    Map<String, String> out = new HashMap<>();
    for (Map.Entry<String, String> e : conf) {
      out.put(e.getKey(), e.getValue());
    }
    return out;
  }

  private static scala.collection.immutable.Map<String, String> scalaMap(
      Map<String, String> given, Map<String, String> side) {
    Map<String, String> all = new LinkedHashMap<>(given);
    all.putAll(side);
    return scala.collection.immutable.Map$.MODULE$.from(CollectionConverters.asScala(all));
  }

  private static StructType prefix(StructType schema, int columns) {
    StructField[] fields = new StructField[columns];
    System.arraycopy(schema.fields(), 0, fields, 0, columns);
    return new StructType(fields);
  }

  /** Makes each task's writer, which writes both sides. */
  private static final class Factory extends OutputWriterFactory {
    private final String id;
    private final OutputWriterFactory trueSide;
    private final OutputWriterFactory falseSide;
    private final StructType trueSchema;
    private final HashMap<String, String> trueSettings;
    private final Plan plan;

    Factory(
        String id,
        OutputWriterFactory trueSide,
        OutputWriterFactory falseSide,
        StructType trueSchema,
        HashMap<String, String> trueSettings,
        Plan plan) {
      this.id = id;
      this.trueSide = trueSide;
      this.falseSide = falseSide;
      this.trueSchema = trueSchema;
      this.trueSettings = trueSettings;
      this.plan = plan;
    }

    @Override
    public String getFileExtension(TaskAttemptContext context) {
      return trueSide.getFileExtension(context);
    }

    @Override
    public OutputWriter newInstance(
        String path, StructType dataSchema, TaskAttemptContext context) {
      TaskAttemptContext own = context;
      if (!trueSettings.isEmpty()) {
        Configuration conf = new Configuration(context.getConfiguration());
        trueSettings.forEach(
            (k, v) -> {
              if (v == null) {
                conf.unset(k);
              } else {
                conf.set(k, v);
              }
            });
        own = new TaskAttemptContextImpl(conf, context.getTaskAttemptID());
      }
      OutputWriter trueWriter = trueSide.newInstance(path, trueSchema, own);
      Path file = new Path(path);
      String falsePath =
          new Path(new Path(file.getParent(), FALSE_FOLDER), file.getName()).toString();
      return new SplitWriter(
          id,
          trueWriter,
          trueSchema,
          () -> falseSide.newInstance(falsePath, plan.falseSchema(), context),
          plan);
    }
  }

  /** Creates the {@code false} side's file when its first row comes. */
  @FunctionalInterface
  private interface Opener {
    OutputWriter open();
  }

  /**
   * One task's writer: the {@code true} rows go to the format's writer of the committer's file, the
   * others through the {@code false} projections to a writer of a file of the same name in {@link
   * #FALSE_FOLDER}, opened with the first such row. Rows are handed over as narrower {@code
   * UnsafeRow} views of the same bytes where both widths have the same null bits (Spark's writers
   * receive {@code UnsafeRow}s), and copied by a generated projection otherwise.
   */
  private static final class SplitWriter extends OutputWriter {
    private final String id;
    private final OutputWriter trueWriter;
    private final Opener falseOpener;
    private final Plan plan;
    private final Narrower trueView;
    private OutputWriter falseWriter;
    private List<UnsafeProjection> levels;
    private Narrower falseView;
    private final int flag;
    private final long[] counts;
    private long trueCount;
    private long falseCount;

    SplitWriter(
        String id, OutputWriter trueWriter, StructType trueSchema, Opener falseOpener, Plan plan) {
      this.id = id;
      this.trueWriter = trueWriter;
      this.falseOpener = falseOpener;
      this.plan = plan;
      this.flag = trueSchema.size();
      this.trueView = new Narrower(flag, flag + 1, types(trueSchema));
      this.counts = new long[plan.counted()];
    }

    @Override
    public void write(InternalRow row) {
      if (!row.isNullAt(flag) && row.getBoolean(flag)) {
        trueCount++;
        trueWriter.write(trueView.narrow(row));
        return;
      }
      falseCount++;
      if (falseWriter == null) {
        levels = borrow(id, plan);
        int written = plan.falseSchema().size();
        falseView = new Narrower(written, written + plan.counted(), types(plan.falseSchema()));
        falseWriter = falseOpener.open();
      }
      InternalRow out = row;
      for (UnsafeProjection p : levels) {
        out = p.apply(out);
      }
      int written = plan.falseSchema().size();
      for (int i = 0; i < counts.length; i++) {
        if (!out.isNullAt(written + i) && out.getBoolean(written + i)) {
          counts[i]++;
        }
      }
      falseWriter.write(falseView.narrow(out));
    }

    private static DataType[] types(StructType schema) {
      return java.util.Arrays.stream(schema.fields())
          .map(StructField::dataType)
          .toArray(DataType[]::new);
    }

    @Override
    public void close() {
      if (falseWriter == null && TaskContext.getPartitionId() == 0) {
        // A write always runs a task 0 (Spark gives an input of no partitions one empty task), so
        // the false side's columns get a file even when no row is false, with no job of its own.
        falseWriter = falseOpener.open();
      }
      trueWriter.close();
      if (falseWriter != null) {
        falseWriter.close();
      }
      if (levels != null) {
        giveBack(id, levels);
      }
      plan.trueRows().add(trueCount);
      plan.falseRows().add(falseCount);
      for (int i = 0; i < counts.length; i++) {
        plan.counters().get(i).add(counts[i]);
      }
    }

    @Override
    public String path() {
      return trueWriter.path();
    }
  }

  /** Hands a row's leading columns over as a row of its own. */
  private static final class Narrower {
    private final int written;
    private final int all;
    private final DataType[] writtenTypes;
    private final UnsafeRow view;
    private UnsafeProjection projection;

    Narrower(int written, int all, DataType[] writtenTypes) {
      this.written = written;
      this.all = all;
      this.writtenTypes = writtenTypes;
      this.view = new UnsafeRow(written);
    }

    InternalRow narrow(InternalRow row) {
      if (row instanceof UnsafeRow u
          && UnsafeRow.calculateBitSetWidthInBytes(written)
              == UnsafeRow.calculateBitSetWidthInBytes(all)) {
        view.pointTo(u.getBaseObject(), u.getBaseOffset(), u.getSizeInBytes());
        return view;
      }
      if (projection == null) {
        projection = UnsafeProjection.create(writtenTypes);
      }
      return projection.apply(row);
    }
  }
}
