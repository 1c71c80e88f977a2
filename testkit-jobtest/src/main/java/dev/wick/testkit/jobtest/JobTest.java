package dev.wick.testkit.jobtest;

import dev.wick.core.WickException;
import dev.wick.core.job.Args;
import dev.wick.core.job.Io;
import dev.wick.core.job.WickJob;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Runs a {@link WickJob} in a test: its inputs come from memory, its outputs are captured and
 * handed to assertions, and its counters can be checked.
 *
 * <pre>{@code
 * JobTest.of(TrackPlayCountJob.class)
 *     .args("--plays=plays.avro", "--out=counts")
 *     .input(Io.avro("plays.avro", TrackPlay.class), plays)
 *     .output(Io.text("counts"), lines -> assertThat(lines).containsExactlyInAnyOrder("t1\t2"))
 *     .counter("invalid_plays", n -> assertThat(n).isZero())
 *     .run();
 * }</pre>
 *
 * <p>Inputs and outputs are matched to the job's reads and writes by {@link Io} equality. The
 * harness is strict, and each rule fails with a message listing what is registered: a read of an
 * unregistered input, an input registered twice, an input the job never read, an output the job
 * never wrote or wrote twice, an output the job wrote with no assertion registered, an output
 * registered twice, a counter asserted but never created, an argument the job never read, and
 * (under {@link SparkTest}) a JobTest built but never run.
 *
 * <p>{@link #run()} keeps the data in memory; {@link #runWithFiles()} runs the same test through
 * real files in a temporary folder with core's production context, which catches serialization
 * problems in-memory data hides. The job runs in the session given by {@link #session}, else the
 * active one ({@link SparkTest} makes each test's session active), else Wick's shared local one.
 */
public final class JobTest {
  private final String jobName;
  private final Supplier<WickJob> jobs;
  private String[] args = new String[0];
  private SparkSession session;
  private final Map<Io<?>, Registered.Input> inputs = new LinkedHashMap<>();
  private final Map<Io<?>, Registered.Output> outputs = new LinkedHashMap<>();
  private final Map<String, Consumer<? super Long>> counters = new LinkedHashMap<>();

  private JobTest(String jobName, Supplier<WickJob> jobs) {
    this.jobName = jobName;
    this.jobs = jobs;
    JobTestTracker.built(this);
  }

  /** A test of a job class with a no-argument constructor; each run gets a new instance. */
  public static JobTest of(Class<? extends WickJob> jobClass) {
    Objects.requireNonNull(jobClass, "jobClass");
    Constructor<? extends WickJob> ctor;
    try {
      ctor = jobClass.getDeclaredConstructor();
    } catch (NoSuchMethodException e) {
      throw WickException.usage(
          jobClass.getSimpleName()
              + " has no no-argument constructor; add one, or pass an instance: JobTest.of(new "
              + jobClass.getSimpleName()
              + "(...)).");
    }
    if (Modifier.isAbstract(jobClass.getModifiers())) {
      throw WickException.usage(
          jobClass.getSimpleName() + " is abstract; pass a concrete job class or an instance.");
    }
    ctor.setAccessible(true);
    return new JobTest(jobClass.getSimpleName(), () -> instantiate(ctor));
  }

  /** A test of a job instance or lambda. */
  public static JobTest of(WickJob job) {
    Objects.requireNonNull(job, "job");
    Class<?> type = job.getClass();
    String name =
        type.isSynthetic() || type.isAnonymousClass() || type.getSimpleName().contains("$$Lambda")
            ? "a job lambda"
            : type.getSimpleName();
    return new JobTest(name, () -> job);
  }

  /** The job's arguments, {@code --name=value} each; checked at once. */
  public JobTest args(String... args) {
    Objects.requireNonNull(args, "args");
    Args.parse(args);
    this.args = args.clone();
    return this;
  }

  /** The Spark session the job runs in (default: the active session, else Wick's local one). */
  public JobTest session(SparkSession spark) {
    this.session = Objects.requireNonNull(spark, "spark");
    return this;
  }

  /**
   * Registers an input's data: SpecificRecords or GenericRecords for an Avro IO, Java records for a
   * typed Parquet or table IO, Rows with a schema for a Row IO, strings for a text IO. The values
   * are checked against the IO's schema at once.
   */
  public <T> JobTest input(Io<T> io, List<? extends T> values) {
    Objects.requireNonNull(io, "io");
    Objects.requireNonNull(values, "values");
    requireNewInput(io);
    List<?> copy = Collections.unmodifiableList(new java.util.ArrayList<>(values));
    inputs.put(io, new Registered.Input(io, copy, Elements.toRows(io, copy), null));
    return this;
  }

  /** Registers an input's data as a dataset with the columns the job expects. */
  public JobTest input(Io<?> io, Dataset<Row> data) {
    Objects.requireNonNull(io, "io");
    Objects.requireNonNull(data, "data");
    requireNewInput(io);
    inputs.put(io, new Registered.Input(io, null, null, data));
    return this;
  }

  /**
   * Registers an output and the assertion on what the job wrote to it, as a list of the IO's
   * elements: SpecificRecords, GenericRecords, Java records, Rows, or text lines.
   */
  @SuppressWarnings("unchecked")
  public <T> JobTest output(Io<T> io, Consumer<? super List<T>> assertion) {
    Objects.requireNonNull(io, "io");
    Objects.requireNonNull(assertion, "assertion");
    requireNewOutput(io);
    Consumer<List<Object>> elements = list -> assertion.accept((List<T>) (List<?>) list);
    outputs.put(io, new Registered.Output(io, elements, null));
    return this;
  }

  /**
   * Registers an output and an assertion on it as a dataset, for {@link WickAssertions}: {@code ds
   * -> assertThat(ds).hasSchema(...)}.
   */
  public JobTest outputDataset(Io<?> io, Consumer<? super Dataset<Row>> assertion) {
    Objects.requireNonNull(io, "io");
    Objects.requireNonNull(assertion, "assertion");
    requireNewOutput(io);
    outputs.put(io, new Registered.Output(io, null, assertion::accept));
    return this;
  }

  /** Asserts on the final value of a counter the job creates with {@code ctx.counter(name)}. */
  public JobTest counter(String name, Consumer<? super Long> assertion) {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(assertion, "assertion");
    if (counters.containsKey(name)) {
      throw WickException.usage(
          "Counter '"
              + name
              + "' is asserted twice; put both checks in one .counter(...) (asserted counters: "
              + String.join(", ", counters.keySet())
              + ").");
    }
    counters.put(name, assertion);
    return this;
  }

  /** Runs the job with in-memory data, checks the rules, then runs the assertions. */
  public void run() {
    execute(false);
  }

  /**
   * Runs the job through real files: inputs are written to a temporary folder (Avro with the IO's
   * schema, other formats through core's writers, tables into the catalog), the job runs with
   * core's production context reading and writing there, and outputs are read back from their files
   * for the assertions. The folder is deleted afterwards.
   */
  public void runWithFiles() {
    execute(true);
  }

  private void execute(boolean files) {
    JobTestTracker.ran(this);
    SparkSession spark = session != null ? session : SparkSessions.current();
    Args parsed = Args.parse(args);
    WickJob job = jobs.get();
    try (TestJobContext ctx =
        files
            ? FilesJobContext.open(spark, inputs, outputs)
            : new MemoryJobContext(spark, inputs, outputs)) {
      runJob(job, ctx, parsed);
      ctx.verify(parsed, counters.keySet());
      for (Registered.Output out : outputs.values()) {
        Registered.Captured captured = ctx.output(out.io());
        if (out.elements() != null) {
          out.elements().accept(Elements.fromRows(out.io(), captured.rows(), captured.schema()));
        } else {
          out.dataset().accept(spark.createDataFrame(captured.rows(), captured.schema()));
        }
      }
      counters.forEach((name, assertion) -> assertion.accept(ctx.counterValue(name)));
    }
  }

  private void runJob(WickJob job, TestJobContext ctx, Args parsed) {
    try {
      job.run(ctx, parsed);
    } catch (Exception | Error e) {
      WickException violation = ctx.firstViolation();
      if (violation != null && violation != e) {
        // The job caught the harness's error and failed otherwise: the rule it broke comes first.
        violation.addSuppressed(e);
        throw violation;
      }
      if (e instanceof RuntimeException r) {
        throw r;
      } else if (e instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException(jobName + " failed: " + e, e);
    }
  }

  private void requireNewInput(Io<?> io) {
    if (inputs.containsKey(io)) {
      throw WickException.usage(
          "Input "
              + io.describe()
              + " is registered twice; register each input once (registered inputs: "
              + Registered.describe(inputs.keySet())
              + ").");
    }
  }

  private void requireNewOutput(Io<?> io) {
    if (outputs.containsKey(io)) {
      throw WickException.usage(
          "Output "
              + io.describe()
              + " is registered twice; put all its checks in one .output(...) (registered"
              + " outputs: "
              + Registered.describe(outputs.keySet())
              + ").");
    }
  }

  private static WickJob instantiate(Constructor<? extends WickJob> ctor) {
    try {
      return ctor.newInstance();
    } catch (InvocationTargetException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException r) {
        throw r;
      }
      throw new IllegalStateException(
          "Cannot create " + ctor.getDeclaringClass().getSimpleName() + ": " + cause, cause);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(
          "Cannot create " + ctor.getDeclaringClass().getSimpleName() + ": " + e, e);
    }
  }

  /** For messages: the job and its arguments. */
  String describe() {
    return jobName + (args.length == 0 ? "" : " " + String.join(" ", Arrays.asList(args)));
  }

  @Override
  public String toString() {
    return "JobTest of " + describe();
  }
}
