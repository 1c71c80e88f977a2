package dev.wick.core.io;

import dev.wick.core.ProcessExit;
import dev.wick.core.WickException;
import java.io.IOException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.UnaryOperator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;

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

  private final FileSystem fs;
  private final Path destination;
  private final String display;
  private final String id;
  private final CommitJournal journal;
  private final StagingFolder parts;
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
    this.journal = new CommitJournal(fs, destination, id);
    this.parts = new StagingFolder(fs, journal.staging(), destination);
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
    OutputGuard.refuseLocation(destination);
    String located = OutputRedirect.apply(spark, destination);
    Configuration conf = spark.sparkContext().hadoopConfiguration();
    Path qualified = Locations.qualified(located, conf);
    String display = Locations.display(qualified);
    OutputGuard.refuseRoot(qualified, display);
    Overlap.check(spark, qualified, inputs);
    FileSystem fs = CommitJournal.fileSystem(qualified, destination, conf);
    try {
      step("create.checked", qualified);
      OutputGuard.makeParent(fs, qualified, display);
      OutputLock lock = OutputLock.acquire(fs, qualified, display);
      step("create.locked", qualified);
      try {
        CommitJournal.recover(fs, qualified);
        step("create.recovered", qualified);
        OutputGuard.refuseExisting(fs, qualified, display, overwrite);
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
    FileSystem fs = CommitJournal.fileSystem(qualified, destination, conf);
    try {
      CommitJournal.recoverUnlessHeld(fs, qualified);
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
    return journal.staging().toString();
  }

  /** The staging location of a part ({@code ""} is the output's root). */
  public String stagingLocation(String relative) {
    return part(relative).toString();
  }

  /** The final location as a path. */
  Path destinationPath() {
    return destination;
  }

  /** The staging path of a part ({@code ""} is the output's root). */
  Path part(String relative) {
    return parts.part(relative);
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
    return OutputSplit.splitFormat(format).isPresent();
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
    return OutputSplit.write(this, rows, format, split);
  }

  /**
   * Deletes the part {@code relative} written earlier, so that it can be written again (a part
   * never written is ignored).
   */
  public void delete(String relative) {
    ensureOpen();
    parts.delete(relative);
  }

  /** Whether the part {@code relative} exists: written, or moved into place. */
  public boolean exists(String relative) {
    ensureOpen();
    return parts.exists(relative);
  }

  /**
   * Moves the part {@code from} (such as one partition folder of a partitioned write) to the part
   * {@code to}, which must not exist yet; returns false, moving nothing, when {@code from} does not
   * exist.
   */
  public boolean move(String from, String to) {
    ensureOpen();
    return parts.move(from, to);
  }

  /** Writes a small text file (a JSON summary, an HTML report) as the part {@code relative}. */
  public void writeString(String relative, String content) {
    ensureOpen();
    parts.writeString(relative, content);
  }

  /**
   * Moves the staged output into place, replacing an old one only when overwriting was asked,
   * through a journal that the next write of the output (or {@link #recover}) finishes when the run
   * is killed on the way ({@link CommitJournal}).
   */
  public synchronized String commit() {
    ensureOpen();
    try {
      step("commit.begin", destination);
      journal.markComplete();
      OutputGuard.refuseAppeared(fs, destination, display, overwrite);
      journal.commit();
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
        // Spark's tasks of a failed write may still be writing into the staging folder.
        tasks.awaitEnded(id);
        journal.abandon();
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
