package dev.wick.testkit.jobtest;

import dev.wick.core.WickException;
import dev.wick.core.job.Args;
import dev.wick.core.job.Io;
import dev.wick.core.job.JobContext;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.util.LongAccumulator;

/**
 * The {@link JobContext} a job gets under {@link JobTest}: it serves registered inputs by IO
 * equality, captures outputs, keeps the counters, and enforces the harness's rules. Subclasses say
 * where the data lives (in memory, or in real files).
 */
abstract class TestJobContext implements JobContext, AutoCloseable {
  protected final SparkSession spark;
  private final Map<Io<?>, Registered.Input> inputs;
  private final Map<Io<?>, Registered.Output> outputs;
  private final Set<Io<?>> read = new LinkedHashSet<>();
  private final Map<Io<?>, Dataset<Row>> served = new HashMap<>();
  private final Map<Io<?>, Registered.Captured> written = new LinkedHashMap<>();
  private final Map<String, LongAccumulator> counters = new LinkedHashMap<>();
  private final List<WickException> violations = new ArrayList<>();

  TestJobContext(
      SparkSession spark,
      Map<Io<?>, Registered.Input> inputs,
      Map<Io<?>, Registered.Output> outputs) {
    this.spark = spark;
    this.inputs = inputs;
    this.outputs = outputs;
  }

  /** The data of a registered input, as the job sees it. */
  abstract Dataset<Row> serve(Registered.Input input);

  /** Writes (or holds) what the job wrote to a registered output and collects it. */
  abstract Registered.Captured capture(Io<?> io, Dataset<?> data);

  /** A new counter; subclasses may create it through a production context. */
  LongAccumulator newCounter(String name) {
    return spark.sparkContext().longAccumulator(name);
  }

  @Override
  public SparkSession spark() {
    return spark;
  }

  @Override
  public final synchronized Dataset<Row> read(Io<?> io) {
    Objects.requireNonNull(io, "io");
    Registered.Input input = inputs.get(io);
    if (input == null) {
      throw violation(
          "The job read "
              + io.describe()
              + ", but the test registered no input for it"
              + sameLocation(io, inputs.keySet())
              + "; registered inputs: "
              + Registered.describe(inputs.keySet())
              + ". Register it with .input(...) or fix the location the job reads.");
    }
    read.add(io);
    return served.computeIfAbsent(io, k -> serve(input));
  }

  @Override
  public final synchronized void write(Io<?> io, Dataset<?> data) {
    Objects.requireNonNull(io, "io");
    Objects.requireNonNull(data, "data");
    if (!outputs.containsKey(io)) {
      throw violation(
          "The job wrote "
              + io.describe()
              + ", but the test registered no output for it"
              + sameLocation(io, outputs.keySet())
              + "; registered outputs: "
              + Registered.describe(outputs.keySet())
              + ". Assert on it with .output(...).");
    }
    if (written.containsKey(io)) {
      throw violation(
          "The job wrote "
              + io.describe()
              + " twice; a job writes each output once (registered outputs: "
              + Registered.describe(outputs.keySet())
              + ").");
    }
    written.put(io, capture(io, data));
  }

  @Override
  public final synchronized LongAccumulator counter(String name) {
    Objects.requireNonNull(name, "name");
    return counters.computeIfAbsent(name, this::newCounter);
  }

  /**
   * After the job returned: the first rule it broke (even if it caught the error), else an input
   * never read, an output never written, a counter the test asserts but the job never created, or
   * an argument the job never read.
   */
  final synchronized void verify(Args args, Set<String> assertedCounters) {
    if (!violations.isEmpty()) {
      throw violations.get(0);
    }
    Set<Io<?>> unread = new LinkedHashSet<>(inputs.keySet());
    unread.removeAll(read);
    if (!unread.isEmpty()) {
      throw WickException.usage(
          "The job never read the input"
              + (unread.size() == 1 ? " " : "s ")
              + Registered.describe(unread)
              + "; remove "
              + (unread.size() == 1 ? "it" : "them")
              + " from the test or fix the location the job reads (the job read: "
              + Registered.describe(read)
              + ").");
    }
    Set<Io<?>> unwritten = new LinkedHashSet<>(outputs.keySet());
    unwritten.removeAll(written.keySet());
    if (!unwritten.isEmpty()) {
      throw WickException.usage(
          "The job never wrote the output"
              + (unwritten.size() == 1 ? " " : "s ")
              + Registered.describe(unwritten)
              + "; remove "
              + (unwritten.size() == 1 ? "it" : "them")
              + " from the test or fix the location the job writes (the job wrote: "
              + Registered.describe(written.keySet())
              + ").");
    }
    Set<String> unknown = new LinkedHashSet<>(assertedCounters);
    unknown.removeAll(counters.keySet());
    if (!unknown.isEmpty()) {
      throw WickException.usage(
          "The test asserts the counter"
              + (unknown.size() == 1 ? " '" : "s '")
              + String.join("', '", unknown)
              + "', but the job never created "
              + (unknown.size() == 1 ? "it" : "them")
              + " (the job's counters: "
              + (counters.isEmpty() ? "none" : String.join(", ", counters.keySet()))
              + "); check the name.");
    }
    if (!args.unread().isEmpty()) {
      throw WickException.usage(
          "The job never read the argument"
              + (args.unread().size() == 1 ? " --" : "s --")
              + String.join(", --", args.unread())
              + "; remove "
              + (args.unread().size() == 1 ? "it" : "them")
              + " from .args(...) or check the spelling.");
    }
  }

  /** The first rule the job broke, if any. */
  final synchronized WickException firstViolation() {
    return violations.isEmpty() ? null : violations.get(0);
  }

  final synchronized Registered.Captured output(Io<?> io) {
    return written.get(io);
  }

  final synchronized long counterValue(String name) {
    return counters.get(name).value();
  }

  @Override
  public void close() {}

  private WickException violation(String message) {
    WickException e = WickException.usage(message);
    violations.add(e);
    return e;
  }

  private static String sameLocation(Io<?> io, Set<Io<?>> registered) {
    List<String> near = new ArrayList<>();
    for (Io<?> r : registered) {
      if (r.location().equals(io.location())) {
        near.add(r.describe());
      }
    }
    return near.isEmpty()
        ? ""
        : " (" + String.join(", ", near) + " has the same location but another kind or type)";
  }
}
