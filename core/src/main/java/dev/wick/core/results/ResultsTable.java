package dev.wick.core.results;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.count_if;
import static org.apache.spark.sql.functions.lit;

import dev.wick.core.WickException;
import dev.wick.core.io.Locations;
import java.io.IOException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Where runs append their numbers, one row per metric per run, to be queried and charted over time:
 * a Delta table ({@code delta:PATH}), an Iceberg table ({@code iceberg:CATALOG.DB.TABLE}, or {@code
 * iceberg:PATH} of a table that exists), or any other location, a folder of Parquet files.
 *
 * <pre>{@code
 * ResultsTable.at("delta:/lake/wick_results")
 *     .append(spark, Run.of("check", "/data/plays"), results.metrics());
 * }</pre>
 *
 * <p>Every append lands whole or not at all, and appends running at once all land: a Delta or
 * Iceberg append is one table commit (retried when another run's commit created the table first); a
 * folder's append writes one Parquet file under {@code _wick_staging/}, which readers skip, then
 * renames it into the folder under a name of its own. The columns are {@link #SCHEMA}'s, stable
 * across versions; a table with other columns is refused before anything is written.
 */
public final class ResultsTable {
  /** The columns of every results table, in this order. */
  public static final StructType SCHEMA =
      new StructType(
          new StructField[] {
            field("run_id", DataTypes.StringType, false),
            field("run_time", DataTypes.TimestampType, false),
            field("command", DataTypes.StringType, false),
            field("dataset", DataTypes.StringType, false),
            field("dataset_version", DataTypes.StringType, true),
            field("baseline", DataTypes.StringType, true),
            field("baseline_version", DataTypes.StringType, true),
            field("label", DataTypes.StringType, true),
            field("subject", DataTypes.StringType, false),
            field("metric", DataTypes.StringType, false),
            field("value", DataTypes.DoubleType, true),
            field("bound", DataTypes.StringType, true),
            field("passed", DataTypes.BooleanType, true)
          });

  /** How many times an append is tried when another run's commit got in first. */
  private static final int ATTEMPTS = 5;

  private static final String STAGING = "_wick_staging";

  private enum Kind {
    DELTA,
    ICEBERG,
    FOLDER
  }

  private final String location;
  private final Kind kind;
  private final String target;

  private ResultsTable(String location, Kind kind, String target) {
    this.location = location;
    this.kind = kind;
    this.target = target;
  }

  /** The results table at {@code location}; a usage error when it names nothing. */
  public static ResultsTable at(String location) {
    Objects.requireNonNull(location, "location");
    Kind kind =
        location.startsWith("delta:")
            ? Kind.DELTA
            : location.startsWith("iceberg:") ? Kind.ICEBERG : Kind.FOLDER;
    String target = kind == Kind.FOLDER ? location : location.substring(location.indexOf(':') + 1);
    if (target.isBlank()) {
      throw WickException.usage(
          "The results table '"
              + location
              + "' names no location; give a folder, delta:PATH or iceberg:CATALOG.DB.TABLE.");
    }
    if (target.matches(".*[*?\\[\\]{}].*")) {
      throw WickException.usage(
          "The results table '"
              + location
              + "' holds a glob character (* ? [ ] { }), but names one table; give its folder"
              + " without them.");
    }
    return new ResultsTable(location, kind, target);
  }

  /** The location as given. */
  public String location() {
    return location;
  }

  /**
   * The local folder this table's files live in, when it is one ({@code delta:PATH} or a plain path
   * on the local file system), for callers that keep it apart from their inputs and outputs.
   */
  public Optional<java.nio.file.Path> localFolder() {
    boolean path = kind != Kind.ICEBERG || target.contains("/");
    if (!path || target.contains("://") && !target.startsWith("file:")) {
      return Optional.empty();
    }
    String local = target.startsWith("file:") ? java.net.URI.create(target).getPath() : target;
    return Optional.of(java.nio.file.Path.of(local).toAbsolutePath().normalize());
  }

  /**
   * Refuses a table that exists with other columns than {@link #SCHEMA}'s, or a location that is a
   * file; reads only the table's schema.
   */
  public void check(SparkSession spark) {
    existing(spark).ifPresent(this::requireSchema);
  }

  /**
   * Appends one row per metric of {@code run}, whole or not at all; refuses a table of other
   * columns before writing anything.
   */
  public void append(SparkSession spark, Run run, List<Metric> metrics) {
    Objects.requireNonNull(run, "run");
    if (metrics.isEmpty()) {
      return;
    }
    Dataset<Row> rows = spark.createDataFrame(rows(run, metrics), SCHEMA).coalesce(1);
    check(spark);
    switch (kind) {
      case FOLDER -> appendToFolder(spark, run, rows);
      case DELTA -> committed(() -> rows.write().format("delta").mode("append").save(target));
      case ICEBERG -> committed(() -> appendToIceberg(spark, rows));
    }
  }

  /** Every row of the table; a usage error when it does not exist. */
  public Dataset<Row> read(SparkSession spark) {
    Dataset<Row> rows =
        existing(spark)
            .orElseThrow(
                () ->
                    WickException.usage(
                        "The results table "
                            + location
                            + " does not exist; name one that runs appended to."));
    requireSchema(rows);
    return rows;
  }

  /**
   * Whether {@code location} names a results table rather than another kind of folder: {@code
   * delta:} or {@code iceberg:}, or a folder holding the files a results table's appends write.
   */
  public static boolean holdsResults(String location, Configuration conf) {
    if (location.startsWith("delta:") || location.startsWith("iceberg:")) {
      return true;
    }
    try {
      Path dir = Locations.qualified(location, conf);
      FileSystem fs = Locations.fileSystem(dir, location, conf);
      return fs.isDirectory(dir)
          && Stream.of(fs.listStatus(dir)).anyMatch(f -> runFile(f.getPath().getName()));
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  /**
   * The runs of the table, oldest first: each run's id, time, command, dataset, label, how many
   * metrics it appended and how many of them failed their rule.
   */
  public Dataset<Row> runs(SparkSession spark) {
    return read(spark)
        .groupBy("run_id", "run_time", "command", "dataset", "label")
        .agg(count(lit(1)).as("metrics"), count_if(col("passed").equalTo(false)).as("failed"))
        .orderBy("run_time", "run_id");
  }

  /**
   * The newest run with {@code label} (any label when empty) at or before {@code upTo}, and up to
   * {@code earlier} runs before it of the same command, dataset and label, oldest first; empty when
   * no run matches.
   */
  public List<RunResult> history(
      SparkSession spark, Optional<String> label, Optional<Instant> upTo, int earlier) {
    Dataset<Row> runs = runs(spark);
    if (label.isPresent()) {
      runs = runs.where(col("label").equalTo(label.get()));
    }
    if (upTo.isPresent()) {
      runs = runs.where(col("run_time").leq(lit(Timestamp.from(upTo.get()))));
    }
    List<Row> newest =
        runs.orderBy(col("run_time").desc(), col("run_id").desc()).limit(1).collectAsList();
    if (newest.isEmpty()) {
      return List.of();
    }
    Row last = newest.get(0);
    Dataset<Row> same =
        runs.where(
            col("command")
                .equalTo(last.<String>getAs("command"))
                .and(col("dataset").equalTo(last.<String>getAs("dataset")))
                .and(col("label").eqNullSafe(last.<String>getAs("label")))
                .and(col("run_time").leq(lit(last.<Timestamp>getAs("run_time")))));
    List<Row> chosen =
        same.orderBy(col("run_time").desc(), col("run_id").desc())
            .limit(earlier + 1)
            .collectAsList();
    List<String> ids = chosen.stream().map(r -> r.<String>getAs("run_id")).toList();
    Map<String, List<Row>> byRun = new HashMap<>();
    for (Row r : read(spark).where(col("run_id").isin(ids.toArray())).collectAsList()) {
      byRun.computeIfAbsent(r.<String>getAs("run_id"), k -> new ArrayList<>()).add(r);
    }
    List<RunResult> out = new ArrayList<>();
    for (int i = ids.size() - 1; i >= 0; i--) {
      List<Row> rows = byRun.getOrDefault(ids.get(i), List.of());
      if (!rows.isEmpty()) {
        out.add(runResult(rows));
      }
    }
    return out;
  }

  private static RunResult runResult(List<Row> rows) {
    Row first = rows.get(0);
    Run run =
        new Run(
            first.getAs("run_id"),
            first.<Timestamp>getAs("run_time").toInstant(),
            first.getAs("command"),
            first.getAs("dataset"),
            Optional.ofNullable(first.getAs("dataset_version")),
            Optional.ofNullable(first.getAs("baseline")),
            Optional.ofNullable(first.getAs("baseline_version")),
            Optional.ofNullable(first.getAs("label")));
    List<Metric> metrics = new ArrayList<>();
    for (Row r : rows) {
      Double value = r.getAs("value");
      metrics.add(
          new Metric(
              r.getAs("subject"),
              r.getAs("metric"),
              value == null ? OptionalDouble.empty() : OptionalDouble.of(value),
              Optional.ofNullable(r.getAs("bound")),
              Optional.ofNullable(r.getAs("passed"))));
    }
    return new RunResult(run, metrics);
  }

  /** Whether {@code name} is a file a folder's append wrote. */
  private static boolean runFile(String name) {
    return name.startsWith("run-") && name.endsWith(".parquet");
  }

  private static List<Row> rows(Run run, List<Metric> metrics) {
    List<Row> rows = new ArrayList<>(metrics.size());
    Timestamp time = Timestamp.from(run.time());
    for (Metric m : metrics) {
      rows.add(
          RowFactory.create(
              run.id(),
              time,
              run.command(),
              run.dataset(),
              run.datasetVersion().orElse(null),
              run.baseline().orElse(null),
              run.baselineVersion().orElse(null),
              run.label().orElse(null),
              m.subject(),
              m.metric(),
              m.value().isPresent() ? m.value().getAsDouble() : null,
              m.bound().orElse(null),
              m.passed().orElse(null)));
    }
    return rows;
  }

  /** The table as it is, when it exists. */
  private Optional<Dataset<Row>> existing(SparkSession spark) {
    try {
      switch (kind) {
        case FOLDER -> {
          Configuration conf = spark.sparkContext().hadoopConfiguration();
          Path dir = Locations.qualified(target, conf);
          FileSystem fs = Locations.fileSystem(dir, target, conf);
          if (!fs.exists(dir)) {
            return Optional.empty();
          }
          if (!fs.getFileStatus(dir).isDirectory()) {
            throw WickException.usage(
                "The results table " + location + " is a file; name a folder for the results.");
          }
          for (FileStatus f : fs.listStatus(dir)) {
            String name = f.getPath().getName();
            boolean ours =
                name.endsWith(".parquet") && !f.isDirectory()
                    || name.equals(STAGING)
                    || name.equals("_SUCCESS")
                    || name.startsWith(".") && name.endsWith(".crc");
            if (!ours) {
              throw WickException.usage(
                  "The results table "
                      + location
                      + " is a folder holding "
                      + name
                      + ", which is not a results file; name an empty folder or one that Wick's"
                      + " runs created.");
            }
          }
          boolean rows =
              Stream.of(fs.listStatus(dir))
                  .map(f -> f.getPath().getName())
                  .anyMatch(
                      n -> n.endsWith(".parquet") && !n.startsWith(".") && !n.startsWith("_"));
          return !rows ? Optional.empty() : Optional.of(spark.read().parquet(target));
        }
        case DELTA -> {
          Configuration conf = spark.sparkContext().hadoopConfiguration();
          Path log = Locations.child(Locations.qualified(target, conf), "_delta_log");
          FileSystem fs = Locations.fileSystem(log, target, conf);
          return fs.exists(log)
              ? Optional.of(spark.read().format("delta").load(target))
              : Optional.empty();
        }
        default -> {
          if (target.contains("/")) {
            return Optional.of(spark.read().format("iceberg").load(target));
          }
          return spark.catalog().tableExists(target)
              ? Optional.of(spark.table(target))
              : Optional.empty();
        }
      }
    } catch (IOException e) {
      throw WickException.usage(
          "Could not read the results table " + location + " (" + e.getMessage() + ").", e);
    }
  }

  private void requireSchema(Dataset<Row> table) {
    Map<String, DataType> have = new TreeMap<>();
    for (StructField f : table.schema().fields()) {
      have.put(f.name(), f.dataType());
    }
    Map<String, DataType> want = new TreeMap<>();
    for (StructField f : SCHEMA.fields()) {
      want.put(f.name(), f.dataType());
    }
    boolean same =
        have.keySet().equals(want.keySet())
            && want.entrySet().stream().allMatch(e -> have.get(e.getKey()).sameType(e.getValue()));
    if (!same) {
      throw WickException.usage(
          "The results table "
              + location
              + " has the columns "
              + Arrays.toString(table.schema().fieldNames())
              + ", not Wick's results columns "
              + Arrays.toString(SCHEMA.fieldNames())
              + "; name a new location or one that Wick's runs created.");
    }
  }

  /**
   * Writes the rows as one Parquet file under the folder's {@code _wick_staging/RUN_ID}, then
   * renames it into the folder under a name no other run uses: a reader of the folder sees all of
   * this run's rows or none.
   */
  private void appendToFolder(SparkSession spark, Run run, Dataset<Row> rows) {
    Configuration conf = spark.sparkContext().hadoopConfiguration();
    Path dir = Locations.qualified(target, conf);
    Path staging = Locations.child(Locations.child(dir, STAGING), run.id());
    try {
      FileSystem fs = Locations.fileSystem(dir, target, conf);
      try {
        rows.write().parquet(staging.toString());
        FileStatus[] parts =
            Stream.of(fs.listStatus(staging))
                .filter(f -> f.getPath().getName().startsWith("part-"))
                .toArray(FileStatus[]::new);
        for (int i = 0; i < parts.length; i++) {
          Path into =
              new Path(
                  dir, "run-" + run.time().toEpochMilli() + "-" + run.id() + "-" + i + ".parquet");
          if (!fs.rename(parts[i].getPath(), into)) {
            throw new IOException("could not move " + parts[i].getPath() + " to " + into);
          }
        }
      } finally {
        fs.delete(staging, true);
        try {
          // Left empty by the last run appending (another run's staging keeps it), it goes too.
          fs.delete(staging.getParent(), false);
        } catch (IOException notEmpty) {
          // Another run is staging its rows there.
        }
      }
    } catch (IOException e) {
      throw WickException.usage(
          "Could not append to the results table "
              + location
              + " ("
              + e.getMessage()
              + "); name a folder Wick can write.",
          e);
    }
  }

  private void appendToIceberg(SparkSession spark, Dataset<Row> rows) throws Exception {
    if (target.contains("/")) {
      rows.write().format("iceberg").mode("append").save(target);
    } else if (spark.catalog().tableExists(target)) {
      rows.writeTo(target).append();
    } else {
      rows.writeTo(target).using("iceberg").create();
    }
  }

  /**
   * Runs a table commit, again when another run's commit got in first (the table's creation, a
   * conflicting version), at most {@value #ATTEMPTS} times.
   */
  private void committed(Commit commit) {
    for (int attempt = 1; ; attempt++) {
      try {
        commit.run();
        return;
      } catch (Exception e) {
        if (attempt == ATTEMPTS || !concurrent(e)) {
          throw e instanceof WickException w
              ? w
              : WickException.usage(
                  "Could not append to the results table "
                      + location
                      + " ("
                      + firstLine(e)
                      + "); check that it is a table Wick can write.",
                  e);
        }
        try {
          Thread.sleep(100L * attempt);
        } catch (InterruptedException interrupted) {
          Thread.currentThread().interrupt();
          throw WickException.usage(
              "Interrupted while appending to the results table " + location + ".", e);
        }
      }
    }
  }

  /** A table commit: Spark's writers declare the catalog's checked exceptions. */
  private interface Commit {
    void run() throws Exception;
  }

  /** Whether {@code e} says another writer committed first. */
  private static boolean concurrent(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      String name = t.getClass().getSimpleName();
      if (name.contains("Concurrent")
          || name.contains("AlreadyExists")
          || name.contains("CommitFailed")
          || name.equals("ProtocolChangedException")
          || name.equals("MetadataChangedException")) {
        return true;
      }
    }
    return false;
  }

  private static String firstLine(Throwable e) {
    String m = String.valueOf(e.getMessage());
    int nl = m.indexOf('\n');
    return nl < 0 ? m : m.substring(0, nl);
  }

  private static StructField field(String name, DataType type, boolean nullable) {
    return DataTypes.createStructField(name, type, nullable);
  }
}
