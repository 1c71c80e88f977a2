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
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
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
 * (under {@link SparkTest}) a JobTest built but never run. With {@link #strictCounters(String...)}
 * a counter the test does not expect fails too. A run reports every rule it broke at once.
 *
 * <p>{@link #runTwice()} checks that the job is deterministic: it runs it a second time with other
 * Spark settings and input partitioning and fails when the outputs differ, naming the rows.
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
  private Consumer<? super Map<String, Long>> allCounters;
  private Set<String> expectedCounters;

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

  /**
   * The Spark session the job runs in (default: the thread's active session, which {@link
   * SparkTest} sets to the test's own, else {@link #testSession()}).
   */
  public JobTest session(SparkSession spark) {
    this.session = Objects.requireNonNull(spark, "spark");
    return this;
  }

  /**
   * The session a JobTest runs in when none is given and the thread has no active session, for
   * tests outside {@link SparkTest} that build inputs or compare with Spark directly: a session of
   * Wick's shared local one ({@code local[2]}), kept for the JVM, with the settings {@link
   * SparkTest} gives each test's session too. They suit a test's small data, where a query's time
   * is Spark's fixed cost per stage and task: two shuffle partitions, two partitions per in-memory
   * input, artifacts shared with the other test sessions.
   */
  public static SparkSession testSession() {
    return SparkSessions.standalone();
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
    outputs.put(io, new Registered.Output(io, elements, null, null));
    return this;
  }

  /**
   * Registers an output the job writes as rows (a {@code TypedDataset}'s {@code toDF()}, say) and
   * the assertion on it as Java records of {@code type}, matched by column name through core's
   * schema model: {@code .output(Io.parquet("spend"), AdSpend.class, spend ->
   * assertThat(spend).containsExactly(new AdSpend("Acme", 3.5)))}. The columns written must be
   * exactly the record's components.
   */
  @SuppressWarnings("unchecked")
  public <R extends Record> JobTest output(
      Io<Row> io, Class<R> type, Consumer<? super List<R>> assertion) {
    Objects.requireNonNull(io, "io");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(assertion, "assertion");
    if (!type.isRecord()) {
      throw WickException.usage(
          type.getName() + " is not a Java record; give the record the output's rows stand for.");
    }
    requireNewOutput(io);
    Consumer<List<Object>> elements = list -> assertion.accept((List<R>) (List<?>) list);
    outputs.put(io, new Registered.Output(io, elements, null, type));
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
    outputs.put(io, new Registered.Output(io, null, assertion::accept, null));
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

  /**
   * Asserts on every counter the job created: a map from name to final value, in the order the job
   * created them ({@code map -> assertThat(map).containsExactly(entry("invalid_plays", 1L))}).
   */
  public JobTest counters(Consumer<? super Map<String, Long>> assertion) {
    Objects.requireNonNull(assertion, "assertion");
    if (allCounters != null) {
      throw WickException.usage(
          "The counters are asserted twice with .counters(...); put both checks in one.");
    }
    allCounters = assertion;
    return this;
  }

  /**
   * Fails the run when the job creates a counter the test does not expect: one asserted with {@link
   * #counter(String, Consumer)}, or named here (for counters the test lets be, such as those {@link
   * #counters(Consumer)} checks as a whole).
   */
  public JobTest strictCounters(String... alsoExpected) {
    Objects.requireNonNull(alsoExpected, "alsoExpected");
    Set<String> names = expectedCounters == null ? new LinkedHashSet<>() : expectedCounters;
    for (String name : alsoExpected) {
      names.add(Objects.requireNonNull(name, "a counter name"));
    }
    expectedCounters = names;
    return this;
  }

  /** Runs the job with in-memory data, checks the rules, then runs the assertions. */
  public void run() {
    JobTestTracker.ran(this);
    SparkSession spark = spark();
    assertOn(spark, execute(spark, false, 0));
  }

  /**
   * Runs the job through real files: inputs are written to a temporary folder (Avro with the IO's
   * schema, other formats through core's writers, tables into the catalog), the job runs with
   * core's production context reading and writing there, and outputs are read back from their files
   * for the assertions. The folder is deleted afterwards.
   */
  public void runWithFiles() {
    JobTestTracker.ran(this);
    SparkSession spark = spark();
    assertOn(spark, execute(spark, true, 0));
  }

  /**
   * Runs the job twice with in-memory data and fails when the runs differ, then runs the assertions
   * on the first run. The second run uses another number of shuffle partitions ({@code
   * spark.sql.shuffle.partitions}), the opposite adaptive execution setting ({@code
   * spark.sql.adaptive.enabled}) and the inputs in reverse order over another number of partitions
   * (a registered dataset repartitioned), all restored afterwards. A job whose output depends on
   * the order rows arrive in ({@code first()} without an order, {@code row_number()} over ties,
   * {@code monotonically_increasing_id()} keys, floating-point sums) writes other rows, and the
   * failure names them, output by output, and any counter that ended differently.
   */
  public void runTwice() {
    JobTestTracker.ran(this);
    SparkSession spark = spark();
    Determinism.Settings one = Determinism.current(spark);
    Run first = execute(spark, false, 0);
    Determinism.Settings two = Determinism.varied(spark, one);
    Run second;
    try (Determinism.Restore restore = Determinism.apply(spark, two)) {
      second = execute(spark, false, two.inputPartitions());
    }
    Determinism.compare(jobName, first, second, one, two);
    assertOn(spark, first);
  }

  /** What a run wrote to each output and the final value of each counter. */
  record Run(Map<Io<?>, Registered.Captured> outputs, Map<String, Long> counters) {}

  private SparkSession spark() {
    return session != null ? session : SparkSessions.current();
  }

  /**
   * Runs the job once and checks the rules.
   *
   * @param inputPartitions 0 for the inputs as registered, else their partitions, reversed
   */
  private Run execute(SparkSession spark, boolean files, int inputPartitions) {
    Args parsed = Args.parse(args);
    WickJob job = jobs.get();
    try (TestJobContext ctx =
        files
            ? FilesJobContext.open(spark, inputs, outputs)
            : new MemoryJobContext(spark, inputs, outputs, inputPartitions)) {
      runJob(job, ctx, parsed);
      ctx.verify(parsed, counters.keySet(), expectedCounters());
      Map<Io<?>, Registered.Captured> written = new LinkedHashMap<>();
      for (Io<?> io : outputs.keySet()) {
        written.put(io, ctx.output(io));
      }
      return new Run(written, ctx.counterValues());
    }
  }

  private Set<String> expectedCounters() {
    if (expectedCounters == null) {
      return null;
    }
    Set<String> out = new LinkedHashSet<>(expectedCounters);
    out.addAll(counters.keySet());
    return out;
  }

  /** The test's assertions on a run's outputs and counters. */
  private void assertOn(SparkSession spark, Run run) {
    for (Registered.Output out : outputs.values()) {
      Registered.Captured captured = run.outputs().get(out.io());
      if (out.records() != null) {
        out.elements()
            .accept(Elements.records(out.io(), out.records(), captured.rows(), captured.schema()));
      } else if (out.elements() != null) {
        out.elements().accept(Elements.fromRows(out.io(), captured.rows(), captured.schema()));
      } else {
        out.dataset().accept(spark.createDataFrame(captured.rows(), captured.schema()));
      }
    }
    counters.forEach((name, assertion) -> assertion.accept(run.counters().get(name)));
    if (allCounters != null) {
      allCounters.accept(run.counters());
    }
  }

  private void runJob(WickJob job, TestJobContext ctx, Args parsed) {
    try {
      job.run(ctx, parsed);
    } catch (Exception | Error e) {
      WickException violation = ctx.runViolations();
      if (violation != null && violation != e) {
        // The job caught the harness's error and failed otherwise, or broke several rules: the
        // rules it broke come first.
        if (!ctx.isViolation(e)) {
          violation.addSuppressed(e);
        }
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
