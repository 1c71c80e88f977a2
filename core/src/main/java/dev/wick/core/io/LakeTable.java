package dev.wick.core.io;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;

import dev.wick.core.WickException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.DataFrameReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * A Delta Lake or Apache Iceberg table named by an input location, read through the project's own
 * Spark connector, at its newest version or one it travels back to:
 *
 * <ul>
 *   <li>{@code delta:PATH}, {@code delta:PATH@v12} (a version), {@code
 *       delta:PATH@2026-11-30T00:00:00Z} (the version current at that time);
 *   <li>{@code iceberg:PATH} or {@code iceberg:CATALOG.DB.TABLE}, {@code iceberg:...@123456789} (a
 *       snapshot id), {@code iceberg:...@2026-11-30T00:00:00Z}.
 * </ul>
 *
 * <p>The text after the last {@code @} is a version when it holds no {@code /}; {@code @latest}
 * names the newest version explicitly, so that a table whose path ends in such text can still be
 * read. The connectors are not dependencies of Wick's library: a reader without one on its class
 * path gets a sentence naming the artifact to add.
 */
record LakeTable(Kind kind, String table, Optional<TimeTravel> at) {
  /** The table formats Wick reads through their connectors. */
  enum Kind {
    DELTA("delta:", "delta", "Delta Lake", "io.delta:delta-spark_2.13"),
    ICEBERG("iceberg:", "iceberg", "Iceberg", "org.apache.iceberg:iceberg-spark-runtime-4.1_2.13");

    final String prefix;
    final String sparkFormat;
    final String displayName;
    final String artifact;

    Kind(String prefix, String sparkFormat, String displayName, String artifact) {
      this.prefix = prefix;
      this.sparkFormat = sparkFormat;
      this.displayName = displayName;
      this.artifact = artifact;
    }
  }

  /** A point in a table's history: a Delta version, an Iceberg snapshot, or a time. */
  sealed interface TimeTravel {
    /** A Delta table's version number ({@code @v12}). */
    record Version(long number) implements TimeTravel {}

    /** An Iceberg snapshot id ({@code @8744736658442914487}). */
    record Snapshot(long id) implements TimeTravel {}

    /** The version current at a time ({@code @2026-11-30T00:00:00Z}). */
    record AsOf(Instant time) implements TimeTravel {}
  }

  private static final Pattern VERSION = Pattern.compile("v(\\d{1,18})");
  private static final Pattern SNAPSHOT = Pattern.compile("\\d{1,19}");

  /** True when {@code location} names a Delta or Iceberg table. */
  static boolean names(String location) {
    return kindOf(location).isPresent();
  }

  private static Optional<Kind> kindOf(String location) {
    for (Kind k : Kind.values()) {
      if (location.regionMatches(true, 0, k.prefix, 0, k.prefix.length())) {
        return Optional.of(k);
      }
    }
    return Optional.empty();
  }

  /** The table {@code location} names, if it starts with {@code delta:} or {@code iceberg:}. */
  static Optional<LakeTable> parse(String location) {
    Optional<Kind> kind = kindOf(location);
    if (kind.isEmpty()) {
      return Optional.empty();
    }
    Kind k = kind.get();
    String rest = location.substring(k.prefix.length());
    int at = rest.lastIndexOf('@');
    Optional<TimeTravel> travel = Optional.empty();
    if (at >= 0 && rest.indexOf('/', at) < 0) {
      String version = rest.substring(at + 1);
      rest = rest.substring(0, at);
      if (!version.equalsIgnoreCase("latest")) {
        travel = Optional.of(timeTravel(k, location, version));
      }
    }
    if (rest.isBlank()) {
      throw WickException.usage(
          "The table after '"
              + k.prefix
              + "' is empty; write "
              + k.prefix
              + (k == Kind.DELTA ? "PATH" : "PATH or " + k.prefix + "CATALOG.DB.TABLE")
              + ", optionally followed by @"
              + (k == Kind.DELTA ? "v12" : "SNAPSHOT_ID")
              + " or @2026-11-30T00:00:00Z.");
    }
    return Optional.of(new LakeTable(k, rest, travel));
  }

  private static TimeTravel timeTravel(Kind k, String location, String version) {
    if (k == Kind.DELTA && VERSION.matcher(version).matches()) {
      return new TimeTravel.Version(Long.parseLong(version.substring(1)));
    }
    if (k == Kind.ICEBERG && SNAPSHOT.matcher(version).matches()) {
      try {
        return new TimeTravel.Snapshot(Long.parseLong(version));
      } catch (NumberFormatException e) {
        // too large for a snapshot id: reported below with the accepted forms
      }
    }
    Optional<Instant> time = time(version);
    if (time.isPresent()) {
      return new TimeTravel.AsOf(time.get());
    }
    throw WickException.usage(
        "'@"
            + version
            + "' in "
            + location
            + " is not "
            + (k == Kind.DELTA ? "a version (@v12)" : "a snapshot id (@8744736658442914487)")
            + " or a time (@2026-11-30T00:00:00Z or @2026-11-30); write one of those, or @latest"
            + " for the newest version.");
  }

  private static Optional<Instant> time(String text) {
    try {
      return Optional.of(OffsetDateTime.parse(text).toInstant());
    } catch (DateTimeParseException e) {
      // not a time with an offset; try a date below
    }
    try {
      return Optional.of(LocalDate.parse(text).atStartOfDay(ZoneOffset.UTC).toInstant());
    } catch (DateTimeParseException e) {
      return Optional.empty();
    }
  }

  /** True when the table is named by a path rather than through a catalog. */
  boolean byPath() {
    return kind == Kind.DELTA || table.contains("/") || table.contains("\\");
  }

  /** The table's folder, for the overlap check of outputs; empty for an Iceberg catalog name. */
  Optional<Path> path() {
    return byPath() ? Optional.of(Locations.path(table)) : Optional.empty();
  }

  /** The location as the user wrote it, without the version. */
  String unversioned() {
    return kind.prefix + table;
  }

  /** Reads the table at its version, with {@code options} for the connector. */
  Dataset<Row> read(SparkSession spark, Map<String, String> options) {
    String target =
        byPath()
            ? Locations.forSpark(
                Locations.qualified(table, spark.sparkContext().hadoopConfiguration()))
            : table;
    if (byPath()) {
      requireTable(spark);
    }
    DataFrameReader reader = spark.read().format(kind.sparkFormat).options(options);
    if (at.isPresent()) {
      reader = travel(reader, at.get());
    }
    try {
      return reader.load(target);
    } catch (Exception e) {
      // Spark's and the connectors' exceptions are checked in Scala's eyes only.
      throw explain(e);
    }
  }

  /**
   * The version (Delta, {@code v12}) or snapshot (Iceberg) this location reads: the one it names,
   * else the table's newest, asked of the table's history; empty when that cannot be read.
   */
  Optional<String> version(SparkSession spark) {
    if (at.isPresent() && !(at.get() instanceof TimeTravel.AsOf)) {
      return Optional.of(
          at.get() instanceof TimeTravel.Version v
              ? "v" + v.number()
              : "" + ((TimeTravel.Snapshot) at.get()).id());
    }
    try {
      if (kind == Kind.DELTA) {
        String target =
            Locations.forSpark(
                Locations.qualified(table, spark.sparkContext().hadoopConfiguration()));
        Dataset<Row> history =
            spark.sql("DESCRIBE HISTORY delta.`" + target.replace("`", "``") + "`");
        if (at.isPresent()) {
          history =
              history.where(
                  col("timestamp")
                      .leq(lit(java.sql.Timestamp.from(((TimeTravel.AsOf) at.get()).time()))));
        }
        List<Row> newest = history.orderBy(col("version").desc()).limit(1).collectAsList();
        return newest.isEmpty() ? Optional.empty() : Optional.of("v" + newest.get(0).getLong(0));
      }
      Dataset<Row> snapshots =
          byPath()
              ? spark.read().format("iceberg").load(table + "#snapshots")
              : spark.table(table + ".snapshots");
      if (at.isPresent()) {
        snapshots =
            snapshots.where(
                col("committed_at")
                    .leq(lit(java.sql.Timestamp.from(((TimeTravel.AsOf) at.get()).time()))));
      }
      List<Row> newest =
          snapshots
              .orderBy(col("committed_at").desc())
              .select("snapshot_id")
              .limit(1)
              .collectAsList();
      return newest.isEmpty() ? Optional.empty() : Optional.of("" + newest.get(0).getLong(0));
    } catch (Exception e) {
      // The version is a label on results, not what is read: without it, the run goes on.
      return Optional.empty();
    }
  }

  /**
   * Spark's own time-travel options, which both connectors take (Iceberg's snapshot as version).
   */
  private static DataFrameReader travel(DataFrameReader reader, TimeTravel t) {
    if (t instanceof TimeTravel.Version v) {
      return reader.option("versionAsOf", v.number());
    }
    if (t instanceof TimeTravel.Snapshot s) {
      return reader.option("versionAsOf", s.id());
    }
    return reader.option("timestampAsOf", ((TimeTravel.AsOf) t).time().toString());
  }

  /** Refuses a path that holds no table of this kind before the connector says it less clearly. */
  private void requireTable(SparkSession spark) {
    var conf = spark.sparkContext().hadoopConfiguration();
    Path root = Locations.qualified(table, conf);
    var fs = Locations.fileSystem(root, table, conf);
    String marker = kind == Kind.DELTA ? "_delta_log" : "metadata";
    try {
      if (!fs.exists(root)) {
        throw WickException.usage(
            "Input " + unversioned() + " does not exist; check the table's path.");
      }
      if (!fs.exists(Locations.child(root, marker))) {
        throw WickException.usage(
            "Input "
                + unversioned()
                + " is not "
                + (kind == Kind.DELTA ? "a Delta table" : "an Iceberg table")
                + " (it has no "
                + marker
                + " folder); check the path, or read its files without the '"
                + kind.prefix
                + "' prefix.");
      }
    } catch (java.io.IOException e) {
      throw WickException.usage(
          "Cannot open " + unversioned() + " (" + Locations.message(e) + ").", e);
    }
  }

  private WickException explain(Exception e) {
    String all = messages(e);
    if (all.contains("DATA_SOURCE_NOT_FOUND")
        || all.contains("Failed to find the data source: " + kind.sparkFormat)
        || all.contains("ClassNotFoundException")) {
      return WickException.usage(
          "Reading "
              + unversioned()
              + " needs the "
              + kind.displayName
              + " Spark connector, which is not on the class path; add "
              + kind.artifact
              + " to your build (the wick command ships it).",
          e);
    }
    String reason = firstMessage(e);
    String hint =
        at.isPresent()
            ? "; check that the "
                + (kind == Kind.DELTA ? "version" : "snapshot")
                + " or time exists in the table's history"
            : "; check the table";
    return WickException.usage(
        "Cannot read "
            + unversioned()
            + at.map(t -> " at " + describe(t)).orElse("")
            + " ("
            + reason
            + ")"
            + hint
            + ".",
        e);
  }

  static String describe(TimeTravel t) {
    if (t instanceof TimeTravel.Version v) {
      return "version " + v.number();
    }
    if (t instanceof TimeTravel.Snapshot s) {
      return "snapshot " + s.id();
    }
    return ((TimeTravel.AsOf) t).time().toString();
  }

  private static String messages(Throwable e) {
    StringBuilder out = new StringBuilder();
    for (Throwable t = e; t != null && out.length() < 20_000; t = t.getCause()) {
      out.append(t).append('\n');
    }
    return out.toString();
  }

  private static String firstMessage(Throwable e) {
    String m = ScanErrors.withoutErrorClass(Locations.message(e));
    return m.isEmpty() ? e.getClass().getSimpleName() : m;
  }
}
