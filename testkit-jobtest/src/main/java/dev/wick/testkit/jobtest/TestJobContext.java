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

  /** Everything the job wrote, registered or not, in order: what "the job wrote" lists. */
  private final Set<Io<?>> attempted = new LinkedHashSet<>();

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

  /**
   * Captures a registered output. A write the test did not register, or a second write, is recorded
   * as a violation and skipped (not thrown), so that the job runs on and the run reports every rule
   * it broke at once.
   */
  @Override
  public final synchronized void write(Io<?> io, Dataset<?> data) {
    Objects.requireNonNull(io, "io");
    Objects.requireNonNull(data, "data");
    attempted.add(io);
    if (!outputs.containsKey(io)) {
      violation(
          "The job wrote "
              + io.describe()
              + ", but the test registered no output for it"
              + sameLocation(io, outputs.keySet())
              + "; registered outputs: "
              + Registered.describe(outputs.keySet())
              + ". Assert on it with .output(...).");
      return;
    }
    if (written.containsKey(io)) {
      violation(
          "The job wrote "
              + io.describe()
              + " twice; a job writes each output once (registered outputs: "
              + Registered.describe(outputs.keySet())
              + ").");
      return;
    }
    written.put(io, capture(io, data));
  }

  @Override
  public final synchronized LongAccumulator counter(String name) {
    Objects.requireNonNull(name, "name");
    return counters.computeIfAbsent(name, this::newCounter);
  }

  /**
   * After the job returned: every rule it broke, in one failure. The rules broken while it ran come
   * first (even those it caught), then inputs never read, outputs never written, counters the test
   * asserts but the job never created, counters the job created but a strict test did not expect,
   * and arguments the job never read. One broken rule fails with its own message; several with a
   * numbered list of them.
   *
   * @param expectedCounters with strict counters, the counters the test expects; else null
   */
  final synchronized void verify(
      Args args, Set<String> assertedCounters, Set<String> expectedCounters) {
    List<String> broken = new ArrayList<>();
    violations.forEach(v -> broken.add(v.getMessage()));
    Set<Io<?>> unread = new LinkedHashSet<>(inputs.keySet());
    unread.removeAll(read);
    if (!unread.isEmpty()) {
      broken.add(
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
    // An output the job wrote at its location as another kind or type has its one account in the
    // write's own rule, which names it.
    unwritten.removeIf(
        o -> attempted.stream().anyMatch(w -> !w.equals(o) && w.location().equals(o.location())));
    if (!unwritten.isEmpty()) {
      broken.add(
          "The job never wrote the output"
              + (unwritten.size() == 1 ? " " : "s ")
              + Registered.describe(unwritten)
              + "; remove "
              + (unwritten.size() == 1 ? "it" : "them")
              + " from the test or fix the location the job writes (the job wrote: "
              + Registered.describe(attempted)
              + ").");
    }
    Set<String> unknown = new LinkedHashSet<>(assertedCounters);
    unknown.removeAll(counters.keySet());
    if (!unknown.isEmpty()) {
      broken.add(
          "The test asserts the counter"
              + (unknown.size() == 1 ? " '" : "s '")
              + String.join("', '", unknown)
              + "', but the job never created "
              + (unknown.size() == 1 ? "it" : "them")
              + " (the job's counters: "
              + (counters.isEmpty() ? "none" : String.join(", ", counters.keySet()))
              + "); check the name.");
    }
    if (expectedCounters != null) {
      Set<String> unexpected = new LinkedHashSet<>(counters.keySet());
      unexpected.removeAll(expectedCounters);
      if (!unexpected.isEmpty()) {
        broken.add(
            "The job created the counter"
                + (unexpected.size() == 1 ? " '" : "s '")
                + String.join("', '", unexpected)
                + "', which the test does not expect (expected counters: "
                + (expectedCounters.isEmpty() ? "none" : String.join(", ", expectedCounters))
                + "); assert "
                + (unexpected.size() == 1 ? "it" : "them")
                + " with .counter(name, ...) or name "
                + (unexpected.size() == 1 ? "it" : "them")
                + " in .strictCounters(...).");
      }
    }
    if (!args.unread().isEmpty()) {
      broken.add(
          "The job never read the argument"
              + (args.unread().size() == 1 ? " --" : "s --")
              + String.join(", --", args.unread())
              + "; remove "
              + (args.unread().size() == 1 ? "it" : "them")
              + " from .args(...) or check the spelling.");
    }
    if (broken.size() == 1) {
      throw violations.isEmpty() ? WickException.usage(broken.get(0)) : violations.get(0);
    }
    if (!broken.isEmpty()) {
      StringBuilder message =
          new StringBuilder("The job broke " + broken.size() + " rules of the test:");
      for (int i = 0; i < broken.size(); i++) {
        message.append("\n  ").append(i + 1).append(". ").append(broken.get(i));
      }
      throw WickException.usage(message.toString());
    }
  }

  /** Every counter the job created, with its final value, in the order the job created them. */
  final synchronized Map<String, Long> counterValues() {
    Map<String, Long> out = new LinkedHashMap<>();
    counters.forEach((name, acc) -> out.put(name, acc.value()));
    return java.util.Collections.unmodifiableMap(out);
  }

  /**
   * The rules broken while the job ran, for a job that failed: one as it is, several as a numbered
   * list; null when it broke none.
   */
  final synchronized WickException runViolations() {
    if (violations.size() <= 1) {
      return violations.isEmpty() ? null : violations.get(0);
    }
    StringBuilder message =
        new StringBuilder("The job broke " + violations.size() + " rules of the test:");
    for (int i = 0; i < violations.size(); i++) {
      message.append("\n  ").append(i + 1).append(". ").append(violations.get(i).getMessage());
    }
    return WickException.usage(message.toString());
  }

  /** Whether {@code e} is the error of a rule the job broke (so that it is not reported twice). */
  final synchronized boolean isViolation(Throwable e) {
    return violations.contains(e);
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
