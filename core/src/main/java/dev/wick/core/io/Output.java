package dev.wick.core.io;

import dev.wick.core.ProcessExit;
import dev.wick.core.WickException;
import dev.wick.core.io.internal.SplitAvroFormat;
import dev.wick.core.io.internal.SplitOrcFormat;
import dev.wick.core.io.internal.SplitParquetFormat;
import dev.wick.core.io.internal.SplitWrite;
import dev.wick.core.spark.Columns;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.UnaryOperator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.util.LongAccumulator;

/**
 * An output location written safely: the one way Wick writes anything.
 *
 * <ul>
 *   <li>an existing output is refused unless {@code overwrite} is set, and even then only a dataset
 *       folder (one holding {@link #SUCCESS}) is replaced;
 *   <li>an output equal to, inside, or containing an input is always refused, whatever spelling
 *       either uses (see {@link Locations} for how text becomes a path);
 *   <li>one run at a time writes an output: a lock file {@code .wick-lock-NAME} beside it is
 *       created atomically, and a second run is refused while the first one lives;
 *   <li>everything is written to a hidden temporary sibling ({@code .wick-staging-NAME-UUID}) and
 *       moved into place by {@link #commit()}, so a failed or killed run leaves the old output or
 *       the new one, never a half-written one or a mix; the next write of the output finishes or
 *       removes what a killed run left, and leftovers of other outputs a day old;
 *   <li>the committed output holds a {@code _SUCCESS} marker;
 *   <li>while a sandbox redirect is installed on the session ({@link OutputRedirect}), the output
 *       goes where it says.
 * </ul>
 *
 * <p>Parts may be written from several threads at once (a diff writes {@code keys/} and {@code
 * fields/} side by side); {@link #commit()} and {@link #close()} come after all of them.
 *
 * <pre>{@code
 * try (Output out = Output.create(spark, "reports/diff", overwrite, List.of(lhs, rhs))) {
 *   out.writeDataset("keys", keys, Format.PARQUET);
 *   out.writeString("summary.json", json);
 *   out.commit();
 * } // closed without commit: the staging folder is deleted
 * }</pre>
 */
public final class Output implements AutoCloseable {
  /**
   * The marker of a dataset folder: what Hadoop committers, Spark and Wick write into a completed
   * output. Only a folder holding it is ever replaced.
   */
  public static final String SUCCESS = "_SUCCESS";

  /**
   * The name of the setting that lets an output replace an existing one, as the refusal names it
   * ({@link WickException#settings()}).
   */
  public static final String OVERWRITE = "overwrite";

  /**
   * The words of the sentence that refuses an existing output that stand for {@link #OVERWRITE};
   * each front end (the CLI, the job runtime) prints its own flag instead.
   */
  public static final String ALLOW_OVERWRITE = "allow overwriting";

  static final String STAGING = ".wick-staging-";
  static final String TRASH = ".wick-trash-";
  static final String JOURNAL = ".wick-commit-";

  /** A random run id's length: a UUID. */
  private static final int ID_LENGTH = 36;

  private final FileSystem fs;
  private final Path destination;
  private final String display;
  private final String id;
  private final Path staging;
  private final boolean overwrite;
  private final OutputLock lock;
  private final OutputTasks tasks;
  private boolean committed;
  private boolean closed;

  private Output(
      SparkSession spark,
      FileSystem fs,
      Path destination,
      String display,
      String id,
      boolean overwrite,
      OutputLock lock) {
    this.fs = fs;
    this.destination = destination;
    this.display = display;
    this.id = id;
    this.staging = sibling(destination, STAGING, id);
    this.overwrite = overwrite;
    this.lock = lock;
    this.tasks = OutputTasks.of(spark.sparkContext());
    tasks.open(id);
  }

  /**
   * Checks the safety rules for {@code destination} against {@code inputs} (every location the run
   * reads: data, schema files, profiles), takes the output's lock, finishes or undoes what a killed
   * run left there, and opens the output; its parts go to a staging folder beside it.
   */
  public static Output create(
      SparkSession spark, String destination, boolean overwrite, Collection<String> inputs) {
    if (destination == null || destination.isBlank()) {
      throw WickException.usage("The output location is empty; give the path of a folder.");
    }
    if (DatasetReader.isTable(destination)) {
      throw WickException.usage(
          "Output "
              + destination
              + " is a table, but Wick writes its outputs as a folder of files; give a folder"
              + " path.");
    }
    String located = OutputRedirect.apply(spark, destination);
    Configuration conf = spark.sparkContext().hadoopConfiguration();
    Path qualified = Locations.qualified(located, conf);
    String display = Locations.display(qualified);
    if (qualified.getParent() == null) {
      throw WickException.usage(
          "Output " + display + " is the root of its file system; give a folder below it.");
    }
    Overlap.check(spark, qualified, inputs);
    FileSystem fs = raw(Locations.fileSystem(qualified, destination, conf));
    try {
      step("create.checked", qualified);
      makeParent(fs, qualified, display);
      OutputLock lock = OutputLock.acquire(fs, qualified, display);
      step("create.locked", qualified);
      try {
        recover(fs, qualified);
        step("create.recovered", qualified);
        refuseExisting(fs, qualified, display, overwrite);
        Output output =
            new Output(
                spark, fs, qualified, display, UUID.randomUUID().toString(), overwrite, lock);
        // A process ended by a signal abandons the output as close() does.
        ProcessExit.opened(output, output::close);
        step("create.opened", qualified);
        return output;
      } catch (RuntimeException | IOException | Error e) {
        lock.release();
        throw e;
      }
    } catch (IOException e) {
      throw WickException.usage(
          "Cannot prepare output " + display + " (" + Locations.message(e) + ").", e);
    }
  }

  /**
   * Finishes or undoes a commit that a killed run left at {@code destination} and removes what it
   * staged; {@link #create} does the same before every write. Does nothing while a live run holds
   * the output.
   */
  public static void recover(SparkSession spark, String destination) {
    Configuration conf = spark.sparkContext().hadoopConfiguration();
    Path qualified = Locations.qualified(destination, conf);
    FileSystem fs = raw(Locations.fileSystem(qualified, destination, conf));
    try {
      if (qualified.getParent() == null || !fs.exists(qualified.getParent())) {
        return;
      }
      OutputLock lock;
      try {
        lock = OutputLock.acquire(fs, qualified, Locations.display(qualified));
      } catch (WickException busy) {
        return;
      }
      try {
        recover(fs, qualified);
      } finally {
        lock.release();
      }
    } catch (IOException e) {
      throw WickException.usage(
          "Cannot recover output " + destination + " (" + Locations.message(e) + ").", e);
    }
  }

  /** Fails when {@code output} equals, lies inside, or contains one of {@code inputs}. */
  public static void checkNotOverlapping(
      SparkSession spark, String output, Collection<String> inputs) {
    Overlap.check(
        spark, Locations.qualified(output, spark.sparkContext().hadoopConfiguration()), inputs);
  }

  private static void refuseExisting(FileSystem fs, Path dest, String display, boolean overwrite)
      throws IOException {
    if (!fs.exists(dest)) {
      return;
    }
    if (!overwrite) {
      throw existing(display, " already exists");
    }
    refuseNonDataset(fs, dest, display, "");
  }

  /** The refusal of an output that exists, which overwriting would replace. */
  private static WickException existing(String display, String how) {
    return WickException.usage(
            "Output "
                + display
                + how
                + "; "
                + ALLOW_OVERWRITE
                + " to replace it, or choose another path.")
        .about(OVERWRITE, ALLOW_OVERWRITE);
  }

  /**
   * The local file system without its checksum files: Wick's own files (locks, journals, markers)
   * need none, and Hadoop cannot name the checksum file of a name with a colon.
   */
  private static FileSystem raw(FileSystem fs) {
    return fs instanceof LocalFileSystem local ? local.getRaw() : fs;
  }

  /** Refuses to replace anything but a dataset folder: a folder holding {@link #SUCCESS}. */
  private static void refuseNonDataset(FileSystem fs, Path dest, String display, String when)
      throws IOException {
    FileStatus status = fs.getFileStatus(dest);
    if (!status.isDirectory()) {
      throw WickException.usage(
          "Output "
              + display
              + when
              + " is a file, not a dataset folder; Wick replaces only folders that Wick or Spark"
              + " wrote, so delete it yourself or choose another path.");
    }
    if (!fs.exists(Locations.child(dest, SUCCESS))) {
      List<String> names = new ArrayList<>();
      for (FileStatus child : fs.listStatus(dest)) {
        if (!child.getPath().getName().endsWith(".crc")) {
          names.add(child.getPath().getName());
        }
      }
      Collections.sort(names);
      String held =
          names.isEmpty()
              ? "it is empty"
              : "it holds "
                  + String.join(", ", names.subList(0, Math.min(3, names.size())))
                  + (names.size() > 3 ? " and " + (names.size() - 3) + " more" : "");
      throw WickException.usage(
          "Output "
              + display
              + when
              + " is not a dataset folder ("
              + held
              + ", and no "
              + SUCCESS
              + " marker); Wick replaces only folders that Wick or Spark wrote, so delete it"
              + " yourself or choose another path.");
    }
  }

  /** Creates the output's parent folder, refusing when a file stands in the way. */
  private static void makeParent(FileSystem fs, Path dest, String display) throws IOException {
    Path parent = dest.getParent();
    for (Path p = parent; p != null; p = p.getParent()) {
      FileStatus s;
      try {
        s = fs.getFileStatus(p);
      } catch (java.io.FileNotFoundException e) {
        continue;
      }
      if (!s.isDirectory()) {
        throw WickException.usage(
            "Output "
                + display
                + " cannot be created: "
                + Locations.display(p)
                + " is a file, not a folder.");
      }
      break;
    }
    IOException failure = null;
    try {
      if (fs.mkdirs(parent) && fs.getFileStatus(parent).isDirectory()) {
        return;
      }
    } catch (IOException e) {
      failure = e;
    }
    throw WickException.usage(
        "Output "
            + display
            + " cannot be created: its folder "
            + Locations.display(parent)
            + " cannot be made"
            + (failure == null ? "" : " (" + Locations.message(failure) + ")")
            + "; check the path and its permissions.",
        failure);
  }

  /** {@code PREFIX + NAME + "-" + id} beside {@code destination}. */
  private static Path sibling(Path destination, String prefix, String id) {
    return Locations.child(destination.getParent(), prefix + destination.getName() + "-" + id);
  }

  /** The run id of a sibling named {@code PREFIX + NAME + "-" + id}, if the name is one. */
  private static Optional<String> idOf(String sibling, String prefix, String name) {
    String head = prefix + name + "-";
    if (sibling.startsWith(head) && sibling.length() == head.length() + ID_LENGTH) {
      String id = sibling.substring(head.length());
      try {
        return Optional.of(UUID.fromString(id).toString()).filter(id::equals);
      } catch (IllegalArgumentException e) {
        return Optional.empty();
      }
    }
    return Optional.empty();
  }

  /**
   * With the output's lock held: finishes every commit a killed run journaled (its staged output is
   * complete), deletes what killed runs staged or set aside for this output, and deletes other
   * outputs' leftovers in the same folder once they are a day old and no run holds their lock.
   */
  private static void recover(FileSystem fs, Path dest) throws IOException {
    Path parent = dest.getParent();
    String name = dest.getName();
    FileStatus[] siblings = fs.listStatus(parent);
    for (FileStatus s : siblings) {
      Optional<String> journaled = idOf(s.getPath().getName(), JOURNAL, name);
      if (journaled.isPresent()) {
        step("recover.begin", dest);
        finish(fs, dest, journaled.get(), true);
      }
    }
    for (FileStatus s : siblings) {
      String n = s.getPath().getName();
      if (idOf(n, STAGING, name).isPresent() || idOf(n, TRASH, name).isPresent()) {
        fs.delete(s.getPath(), true);
      }
    }
    Instant cutoff = Instant.now().minus(OutputLock.STALE_AFTER);
    for (FileStatus s : siblings) {
      String n = s.getPath().getName();
      Optional<String> other = leftoverOf(n);
      if (other.isEmpty()
          || other.get().equals(name)
          || Instant.ofEpochMilli(s.getModificationTime()).isAfter(cutoff)) {
        continue;
      }
      Path otherDest = Locations.child(parent, other.get());
      if (OutputLock.clearIfStale(fs, otherDest)) {
        if (n.startsWith(JOURNAL)) {
          finish(fs, otherDest, n.substring(n.length() - ID_LENGTH), true);
        } else if (fs.exists(s.getPath())) {
          fs.delete(s.getPath(), true);
        }
      }
    }
  }

  /** The output name of a staging, trash or journal entry {@code PREFIX + NAME + "-" + id}. */
  private static Optional<String> leftoverOf(String entry) {
    for (String prefix : List.of(STAGING, TRASH, JOURNAL)) {
      if (entry.startsWith(prefix) && entry.length() > prefix.length() + ID_LENGTH + 1) {
        String name = entry.substring(prefix.length(), entry.length() - ID_LENGTH - 1);
        if (idOf(entry, prefix, name).isPresent()) {
          return Optional.of(name);
        }
      }
    }
    return Optional.empty();
  }

  /**
   * The commit from its journal on: the complete staged output of run {@code id} replaces the old
   * one. Every step can be repeated after a crash, so a killed commit is finished by running this
   * again; the journal goes last.
   */
  private static void finish(FileSystem fs, Path dest, String id, boolean recovering)
      throws IOException {
    Path staging = sibling(dest, STAGING, id);
    Path trash = sibling(dest, TRASH, id);
    Path journal = sibling(dest, JOURNAL, id);
    String phase = recovering ? "recover." : "commit.";
    if (fs.exists(staging)) {
      if (fs.exists(dest)) {
        rename(fs, dest, trash);
        step(phase + "old-aside", dest);
      }
      rename(fs, staging, dest);
      step(phase + "new-in-place", dest);
    }
    if (fs.exists(trash)) {
      fs.delete(trash, true);
      step(phase + "old-deleted", dest);
    }
    fs.delete(journal, false);
    step(phase + "journal-deleted", dest);
  }

  /**
   * Renames {@code from} to {@code to}, which must not exist: a rename onto an existing folder
   * would move {@code from} inside it.
   */
  private static void rename(FileSystem fs, Path from, Path to) throws IOException {
    if (fs.exists(to)) {
      throw new IOException("cannot move " + from + " to " + to + ": something is there");
    }
    if (!fs.rename(from, to)) {
      throw new IOException("cannot move " + from + " to " + to);
    }
    Path nested = Locations.child(to, from.getName());
    if (fs.exists(nested) && !fs.exists(from)) {
      // Something appeared at the target meanwhile and the rename moved into it: undo.
      fs.rename(nested, from);
      throw new IOException("cannot move " + from + " to " + to + ": something appeared there");
    }
  }

  /**
   * A point of the write that a test can stop at: while the system property {@code
   * wick.output.pause} is set, a write whose destination's name is {@code at-STEP} (such as {@code
   * at-commit.old-aside}) prints {@code paused at STEP} and waits at that step; clearing the
   * property lets it go on, and a crash test kills the process instead.
   */
  static void step(String name, Path destination) {
    if (System.getProperty("wick.output.pause") == null
        || !destination.getName().equals("at-" + name)) {
      return;
    }
    System.out.println("paused at " + name);
    System.out.flush();
    while (System.getProperty("wick.output.pause") != null) {
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  /** The final location, fully qualified. */
  public String destination() {
    return destination.toString();
  }

  /** The staging location the parts are written to before {@link #commit()}. */
  public String stagingLocation() {
    return staging.toString();
  }

  /** The staging location of a part ({@code ""} is the output's root). */
  public String stagingLocation(String relative) {
    return part(relative).toString();
  }

  private Path part(String relative) {
    if (relative.isEmpty()) {
      return staging;
    }
    Path p = staging;
    for (String name : relative.split("/")) {
      if (!name.isEmpty()) {
        p = Locations.child(p, name);
      }
    }
    return p;
  }

  /**
   * Runs {@code write}, Spark jobs that write parts straight into {@link #stagingLocation()}, with
   * its jobs counted as this output's: when the output fails, it deletes its staging folder only
   * once their last task has ended.
   */
  public void writeWith(Runnable write) {
    ensureOpen();
    tasks.write(id, write);
  }

  /**
   * Writes a dataset as the part {@code relative} ({@code ""}: the whole output) in {@code format}.
   */
  public void writeDataset(String relative, Dataset<?> data, Format format) {
    writeDataset(relative, data, format, Map.of());
  }

  /**
   * Writes a dataset as the part {@code relative} in {@code format} with writer options, such as
   * {@code avroSchema} to keep an Avro input's exact schema.
   */
  public void writeDataset(
      String relative, Dataset<?> data, Format format, Map<String, String> options) {
    writeDataset(relative, data, format, options, List.of());
  }

  /**
   * Writes a dataset as the part {@code relative} in {@code format} with writer options, in one
   * folder per value of the {@code partitionBy} columns ({@code relative/column=value}), which
   * {@link #move} can then put in place of their own.
   */
  public void writeDataset(
      String relative,
      Dataset<?> data,
      Format format,
      Map<String, String> options,
      List<String> partitionBy) {
    ensureOpen();
    String where = Locations.forSpark(part(relative));
    step("write.dataset-started", destination);
    var unpartitioned = data.write().mode(SaveMode.ErrorIfExists).options(options);
    var writer =
        partitionBy.isEmpty()
            ? unpartitioned
            : unpartitioned.partitionBy(partitionBy.toArray(new String[0]));
    tasks.write(
        id,
        () -> {
          switch (format) {
            case CSV -> writer.option("header", "true").csv(where);
            case TEXT -> writer.text(where);
            default -> writer.format(format.sparkName()).save(where);
          }
        });
    step("write.dataset-written", destination);
  }

  /**
   * How {@link #writeSplit} divides rows into two parts. The rows' last column is a boolean: the
   * rows where it is true go to {@code truePart} with the other columns; the rows where it is false
   * or null go through {@code falseRows} to {@code falsePart}.
   *
   * @param truePart the part of the rows whose last column is true
   * @param trueOptions writer options of {@code truePart}
   * @param falsePart the part of the other rows
   * @param falseOptions writer options of {@code falsePart}
   * @param falseRows the {@code false} rows as written, from the rows by {@code select}s alone
   *     (evaluated for the {@code false} rows only): its last {@code counted} columns are boolean
   *     and counted, the others written
   * @param counted how many of the last columns of {@code falseRows} are counted, not written
   */
  public record Split(
      String truePart,
      Map<String, String> trueOptions,
      String falsePart,
      Map<String, String> falseOptions,
      UnaryOperator<Dataset<Row>> falseRows,
      int counted) {
    /** Copies the options. */
    public Split {
      trueOptions = Map.copyOf(trueOptions);
      falseOptions = Map.copyOf(falseOptions);
    }
  }

  /**
   * What {@link #writeSplit} wrote and counted.
   *
   * @param trueRows the rows of the {@code true} part
   * @param falseRows the rows of the {@code false} part
   * @param counted for each counted column, in order, the {@code false} rows where it is true
   */
  public record SplitCounts(long trueRows, long falseRows, List<Long> counted) {
    /** Copies the counts. */
    public SplitCounts {
      counted = List.copyOf(counted);
    }
  }

  /** Whether {@link #writeSplit} can write {@code format}: Parquet, ORC and Avro. */
  public static boolean canSplit(Format format) {
    return splitFormat(format).isPresent();
  }

  private static Optional<String> splitFormat(Format format) {
    return Optional.ofNullable(
            switch (format) {
              case PARQUET -> SplitParquetFormat.class;
              case ORC -> SplitOrcFormat.class;
              case AVRO -> SplitAvroFormat.class;
              default -> null;
            })
        .map(Class::getName);
  }

  /**
   * Writes {@code rows} as two parts in one pass, as {@code split} says, and counts each part's
   * rows and the counted columns' true values. The rows are neither sorted nor shuffled; each part
   * is written by the format's own writer with its own columns and options, so it reads back as if
   * written alone, and a part no row falls in is written empty, with its columns. Only the formats
   * {@link #canSplit} names can be split.
   */
  public SplitCounts writeSplit(Dataset<Row> rows, Format format, Split split) {
    ensureOpen();
    String formatClass =
        splitFormat(format)
            .orElseThrow(
                () -> new IllegalArgumentException(format.sparkName() + " cannot be split"));
    var fields = rows.schema().fields();
    if (fields.length < 2
        || !fields[fields.length - 1]
            .dataType()
            .equals(org.apache.spark.sql.types.DataTypes.BooleanType)) {
      throw new IllegalArgumentException(
          "a split's rows end with the boolean column that chooses each row's part");
    }
    Dataset<Row> falseRows = split.falseRows().apply(rows);
    SplitWrite.Plan plan =
        SplitWrite.plan(
            rows, split.trueOptions(), falseRows, split.falseOptions(), split.counted());
    String id = SplitWrite.register(plan);
    String both = "_wick_split-" + id;
    step("write.dataset-started", destination);
    try {
      tasks.write(
          this.id,
          () ->
              rows.write()
                  .mode(SaveMode.ErrorIfExists)
                  .option(SplitWrite.PLAN_OPTION, id)
                  .format(formatClass)
                  .save(Locations.forSpark(part(both))));
    } finally {
      SplitWrite.unregister(id);
    }
    step("write.dataset-written", destination);
    String falseFolder = both + "/" + SplitWrite.FALSE_FOLDER;
    if (move(falseFolder, split.falsePart())) {
      writeString(split.falsePart() + "/" + SUCCESS, "");
    } else {
      // Task 0 writes the false side's file even with no false row; a format that still left no
      // file gets the part written empty here, with its columns.
      Dataset<Row> empty = falseRows.limit(0);
      writeDataset(
          split.falsePart(),
          empty.select(
              java.util.Arrays.stream(empty.columns())
                  .limit(empty.columns().length - (long) split.counted())
                  .map(Columns::column)
                  .toArray(Column[]::new)),
          format,
          split.falseOptions());
    }
    // Every task, and at least one, wrote a true file, empty or not: the rest is the true part.
    if (!exists(both + "/" + SUCCESS)) {
      writeString(both + "/" + SUCCESS, "");
    }
    move(both, split.truePart());
    return new SplitCounts(
        plan.trueRows().value(),
        plan.falseRows().value(),
        plan.counters().stream().map(LongAccumulator::value).toList());
  }

  /**
   * Deletes the part {@code relative} written earlier, so that it can be written again (a part
   * never written is ignored).
   */
  public void delete(String relative) {
    ensureOpen();
    if (relative.isEmpty()) {
      throw new IllegalArgumentException("the output's root is not a part");
    }
    Path part = part(relative);
    try {
      fs.delete(part, true);
      step("write.part-deleted", destination);
    } catch (IOException e) {
      throw WickException.internal("Cannot delete " + part + ".", e);
    }
  }

  /** Whether the part {@code relative} exists: written, or moved into place. */
  public boolean exists(String relative) {
    ensureOpen();
    Path part = part(relative);
    try {
      return fs.exists(part);
    } catch (IOException e) {
      throw WickException.internal(
          "Cannot look for " + part + " (" + Locations.message(e) + ").", e);
    }
  }

  /**
   * Moves the part {@code from} (such as one partition folder of a partitioned write) to the part
   * {@code to}, which must not exist yet; returns false, moving nothing, when {@code from} does not
   * exist.
   */
  public boolean move(String from, String to) {
    ensureOpen();
    Path source = part(from);
    Path target = part(to);
    try {
      if (!fs.exists(source)) {
        return false;
      }
      if (fs.exists(target) || !fs.rename(source, target)) {
        throw new IOException("rename refused");
      }
    } catch (IOException e) {
      throw WickException.internal(
          "Cannot move " + source + " to " + target + " (" + Locations.message(e) + ").", e);
    }
    return true;
  }

  /** Writes a small text file (a JSON summary, an HTML report) as the part {@code relative}. */
  public void writeString(String relative, String content) {
    ensureOpen();
    try (OutputStream out = fs.create(part(relative), false)) {
      out.write(content.getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw WickException.internal("Cannot write " + relative + " to " + staging + ".", e);
    }
    step("write.string-written", destination);
  }

  /**
   * Moves the staged output into place, replacing an old one only when overwriting was asked.
   *
   * <p>The staged output gets its {@link #SUCCESS} marker, then a journal file {@code
   * .wick-commit-NAME-ID} says that it is complete; the old output is moved aside to {@code
   * .wick-trash-NAME-ID}, the new one into place, the old one deleted, and the journal last. A run
   * killed anywhere in between leaves the journal, and the next write of the output (or {@link
   * #recover}) finishes the same steps; a run killed before the journal leaves the old output as it
   * was.
   */
  public synchronized String commit() {
    ensureOpen();
    try {
      step("commit.begin", destination);
      if (!fs.exists(staging)) {
        fs.mkdirs(staging);
      }
      Path marker = Locations.child(staging, SUCCESS);
      if (!fs.exists(marker)) {
        fs.create(marker, false).close();
      }
      step("commit.marker", destination);
      if (fs.exists(destination)) {
        if (!overwrite) {
          throw existing(display, " appeared while Wick was writing it");
        }
        refuseNonDataset(fs, destination, display, " appeared while Wick was writing it and");
      }
      fs.create(sibling(destination, JOURNAL, id), false).close();
      step("commit.journal", destination);
      finish(fs, destination, id, false);
      committed = true;
      tasks.close(id);
      lock.release();
      ProcessExit.closed(this, display);
      step("commit.unlocked", destination);
      return destination.toString();
    } catch (IOException e) {
      throw WickException.internal(
          "Cannot commit output " + display + " (" + Locations.message(e) + ").", e);
    }
  }

  private void ensureOpen() {
    if (closed || committed) {
      throw new IllegalStateException(
          "output " + destination + " is already " + (committed ? "committed" : "closed"));
    }
  }

  /** How long a failed output waits for Spark's tasks to end before deleting its staging folder. */
  private static final long TASKS_WAIT_MILLIS = 10_000;

  /**
   * Waits, up to {@link #TASKS_WAIT_MILLIS}, until every Spark task of this output's writes has
   * ended. When a write fails, Spark fails its job as soon as one task fails and kills the others,
   * which may still be writing (closing a file, creating the next one) after the job has ended;
   * deleting the staging folder under them would leave a task to write into, or recreate, what was
   * deleted. {@link OutputTasks} says when they have ended.
   */
  private void awaitTasks() {
    try {
      tasks.await(id, System.nanoTime() + TASKS_WAIT_MILLIS * 1_000_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException e) {
      // A stopped session runs no task: the staging folder can go.
    }
  }

  /** Deletes the staging folder and releases the output unless the output was committed. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (!committed) {
      try {
        step("close.begin", destination);
        awaitTasks();
        Path journal = sibling(destination, JOURNAL, id);
        if (fs.exists(journal)) {
          finish(fs, destination, id, true); // a commit that failed after its journal: finish it
        } else {
          fs.delete(staging, true);
        }
        step("close.staging-deleted", destination);
      } catch (IOException | RuntimeException e) {
        // best effort: the next write of this output removes what is left
      } finally {
        tasks.close(id);
        lock.release();
        ProcessExit.closed(this, null);
      }
    }
  }
}
