package dev.wick.checks;

import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.lit;

import dev.wick.core.WickException;
import dev.wick.core.schema.FieldPath;
import dev.wick.core.schema.Schema;
import dev.wick.core.schema.Schemas;
import dev.wick.core.spark.Columns;
import dev.wick.core.spark.Observations;
import dev.wick.core.spark.SideBySide;
import dev.wick.core.spark.WholeMatch;
import dev.wick.profiler.FieldKind;
import dev.wick.profiler.FieldProfile;
import dev.wick.profiler.Profile;
import dev.wick.profiler.Profiler;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Function;
import java.util.function.Predicate;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Observation;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.StructType;

/**
 * Runs checks on a dataset in as few passes as they allow.
 *
 * <p>Every check but {@code unique} and {@code references} is a set of aggregates: Catalyst
 * built-ins ({@code count}, {@code count_if} of the values failing a membership test, a regular
 * expression (core's {@link WholeMatch}, a generated automaton linear in the value), a semantic
 * type's own predicate, a SQL predicate or a quantile's bound, {@code min}, {@code max}, {@code
 * avg}), evaluated as one code-generated {@code agg}, and sketches for distinct counts and quantile
 * estimates. On an input that is cheap to read again ({@link #cheapToReread}), the sketches are the
 * profiler's ({@code wick profile}'s HyperLogLog and KLL sketches, one scan of just the sketched
 * fields), each {@code unique} check counts the distinct values of its key and each {@code
 * references} check is one left-anti join with the referenced dataset's keys, all side by side with
 * the aggregation. On other inputs the sketches are Spark's ({@code hll_sketch_agg}, {@code
 * percentile_approx}) and every aggregate is observed ({@code Dataset.observe}) on the first {@code
 * unique} or {@code references} check's job when there is one, so that the data is read once, plus
 * once per further such check. Failed row-level checks then read up to {@value #EXAMPLES} example
 * rows each, with a limited filter that stops as soon as it has them. Everything a check names is
 * checked before the first job.
 *
 * <p>What a check measures is its kind's ({@link CheckKind#plan}, through this class as its {@link
 * Planning}); this class schedules the passes. It stays one file past 500 lines because scheduling
 * is one decision: which aggregates ride which job, observed or aggregated, and what runs side by
 * side.
 */
final class Evaluation implements Planning {
  static final int EXAMPLES = 5;

  private final Dataset<Row> data;
  private final StructType schema;
  private final Checks checks;
  private final Map<String, Dataset<Row>> given;
  private final Instant now = Instant.now();
  private final List<Column> aggregates = new ArrayList<>();
  private final java.util.Set<Integer> sketches = new java.util.HashSet<>();
  private final Map<Integer, Profiled> profiled = new java.util.HashMap<>();
  private Schema model;
  private OptionalLong baselineRows = OptionalLong.empty();
  private long rows;
  private int passes;

  private Evaluation(Checks checks, Dataset<Row> data, Map<String, Dataset<Row>> given) {
    this.data = data;
    this.schema = data.schema();
    this.checks = checks;
    this.given = given;
    aggregates.add(count(lit(1)).as("a0"));
  }

  private static final java.util.concurrent.atomic.AtomicLong OBSERVATIONS =
      new java.util.concurrent.atomic.AtomicLong();

  /** How long a finished job's observed metrics may take to arrive (see {@link #observed}). */
  private static final Duration OBSERVATION_WAIT = Duration.ofSeconds(10);

  static CheckResults run(Checks checks, Dataset<Row> data, Map<String, Dataset<Row>> given) {
    return evaluate(checks, data, given, false).results();
  }

  /** The results of the checks, and their plans, which say how each judges a row. */
  record Evaluated(CheckResults results, List<Planned> planned) {}

  /**
   * The checks planned on a dataset, before any Spark job: each check's plan says how it is
   * measured ({@link #measure()} runs the jobs) and, for a row-level check, how it judges a row.
   */
  record Plans(Evaluation evaluation, List<Planned> planned) {
    private List<Integer> own() {
      List<Integer> own = new ArrayList<>();
      for (int i = 0; i < planned.size(); i++) {
        if (planned.get(i).own().isPresent()) {
          own.add(i);
        }
      }
      return own;
    }

    /**
     * Starts a measurement whose aggregates ride on a pass over the data that the caller runs (a
     * split's write): on an input cheap to read again ({@link #cheapToReread}), runs the checks'
     * own jobs and a count of the rows now, side by side, and judges the own checks, and the
     * profiler's sketches run beside the caller's pass ({@link Carried#startBeside}); on any other
     * input, when no check runs a job of its own, runs nothing now, so that the caller's pass is
     * the only read. Empty otherwise: {@link #measure} then reads the data once, carrying the
     * aggregates on the first own job, and the caller's pass reads it again.
     */
    Optional<Carried> carried() {
      Evaluation e = evaluation;
      if (!e.cheapToReread(e.data) && !own().isEmpty()) {
        return Optional.empty();
      }
      try {
        return Optional.of(e.carry(planned, own()));
      } catch (RuntimeException failure) {
        throw blamed(failure);
      }
    }

    /** {@code failure} as the usage error of the check that caused it, when one did. */
    RuntimeException blamed(RuntimeException failure) {
      return blame(evaluation.checks, evaluation.data, failure)
          .<RuntimeException>map(b -> b)
          .orElse(failure);
    }

    /** Runs the planned checks' jobs and judges their results, as {@link Evaluation#run} does. */
    CheckResults measure() {
      Evaluation e = evaluation;
      List<Integer> own = own();
      try {
        return e.measure(planned, own, e.data);
      } catch (RuntimeException failure) {
        Optional<WickException> blamed = blame(e.checks, e.data, failure);
        if (blamed.isPresent()) {
          throw blamed.get();
        }
        throw failure;
      }
    }
  }

  /**
   * Runs the checks as {@link #run} does, and keeps their plans; with {@code rows}, refuses checks
   * of which none judges rows, before any Spark job.
   */
  static Evaluated evaluate(
      Checks checks, Dataset<Row> data, Map<String, Dataset<Row>> given, boolean rows) {
    Plans plans = plan(checks, data, given, rows);
    return new Evaluated(plans.measure(), plans.planned());
  }

  /**
   * Plans every check on {@code data}, checking everything each names, and runs no Spark job (but
   * for reading a baseline profile, and the schema of a referenced dataset read from its path);
   * with {@code rows}, refuses checks of which none judges rows.
   */
  static Plans plan(
      Checks checks, Dataset<Row> data, Map<String, Dataset<Row>> given, boolean rows) {
    Evaluation e = new Evaluation(checks, data, given);
    List<Planned> planned = new ArrayList<>();
    for (Check check : checks.checks()) {
      planned.add(plan(check, e));
    }
    if (rows && planned.stream().noneMatch(p -> p.rows().isPresent())) {
      throw WickException.usage(
          "The checks"
              + checks.origin().map(o -> " in " + o).orElse("")
              + " judge the dataset as a whole, none of them a row, so there are no rows to split"
              + " or mark; add a row-level check (completeness, unique, allowedValues, range,"
              + " regex, semantic, predicate, references or freshness).");
    }
    return new Plans(e, planned);
  }

  private static <R extends Check.Rule> Planned plan(Check check, Planning p) {
    @SuppressWarnings("unchecked")
    R rule = (R) check.rule();
    return CheckKinds.of(rule).plan(check, rule, p);
  }

  /** Runs the planned checks' jobs and judges their results. */
  private CheckResults measure(List<Planned> planned, List<Integer> own, Dataset<Row> data) {
    Evaluation e = this;
    long[] measured = new long[planned.size()];
    Row row;
    boolean cheap = cheapToReread(data);
    if (!own.isEmpty() && !cheap) {
      // Reading the data again would cost a parse of every row: the aggregates ride along the
      // first own job instead, as observed metrics, and that job's scan is the only one.
      int carrier = own.get(0);
      Observation all = e.observation();
      measured[carrier] =
          planned.get(carrier).own().get().measure().apply(e.observe(data, all, e.all()));
      row = e.observed(all, e.all());
      for (int i : own.subList(1, own.size())) {
        measured[i] = planned.get(i).own().get().measure().apply(data);
      }
      e.passes += own.size();
    } else {
      // A columnar or in-memory input: each own job reads only its key columns, and the profiler's
      // scan only the sketched fields, side by side with the aggregation, whose built-in aggregates
      // stay code-generated. Any other input with no own job: one scan, the aggregation.
      Optional<Sketching> profiled = cheap ? e.profilable() : Optional.empty();
      boolean profile = profiled.isPresent();
      java.util.Set<Integer> served = profile ? profiled.get().served() : java.util.Set.of();
      Alongside<Row> a = e.alongside(planned, own, profiled, measured, () -> e.aggregate(served));
      row = profile ? e.withProfiled(a.main(), a.sketched(), served) : a.main();
      e.passes += 1 + own.size() + (profile ? 1 : 0);
    }
    e.rows = row.getLong(0);
    CheckResult[] results = new CheckResult[planned.size()];
    for (int i = 0; i < planned.size(); i++) {
      Planned p = planned.get(i);
      results[i] =
          withExamples(
              p,
              p.own().isPresent()
                  ? p.own().get().judge().apply(measured[i])
                  : p.finish().apply(row));
    }
    return new CheckResults(label(data), e.rows, e.passes, List.of(results));
  }

  /** {@code r} with example rows when its check failed and selects failing rows. */
  private CheckResult withExamples(Planned p, CheckResult r) {
    if (!r.passed() && p.failWhen().isPresent() && r.examples().isEmpty()) {
      return r.withExamples(examples(data.where(p.failWhen().get())));
    }
    return r;
  }

  /**
   * A measurement under way whose aggregates ride on the caller's pass ({@link Plans#carried}): the
   * own checks are judged ({@link #own}), {@link #observe} puts every other aggregate on the
   * caller's dataset, and {@link #finish}, once the caller's pass has run, judges the rest.
   */
  final class Carried {
    private final List<Planned> planned;
    private final CheckResult[] own;
    private final Optional<Sketching> profiled;
    private SideBySide beside;
    private java.util.concurrent.Future<Profile> sketched;
    private final java.util.Set<Integer> served;
    private final List<Integer> observedAggregates = new ArrayList<>();
    private final Observation observation = observation();

    private final boolean uncounted;

    /** With {@code uncounted}, the rows were not counted before: the observed count is theirs. */
    private Carried(
        List<Planned> planned,
        CheckResult[] own,
        Optional<Sketching> profiled,
        java.util.Set<Integer> served,
        boolean uncounted) {
      this.uncounted = uncounted;
      this.planned = planned;
      this.own = own;
      this.profiled = profiled;
      this.served = served;
      for (int i = 0; i < aggregates.size(); i++) {
        if (!served.contains(i)) {
          observedAggregates.add(i);
        }
      }
    }

    /**
     * Starts the profiler's scan of the sketched fields, which no row's fate waits on, beside the
     * caller's pass; {@link #finish} waits for it.
     */
    synchronized void startBeside() {
      if (profiled.isPresent() && beside == null) {
        beside = SideBySide.start("wick-checks-sketches", 1);
        sketched = beside.submit(() -> profileSketchedFields(profiled.get()));
      }
    }

    /**
     * Waits for the jobs started beside the caller's pass to end: once the pass has failed, nothing
     * of the measurement still runs when this returns.
     */
    synchronized void close() {
      if (beside != null) {
        beside.close();
      }
    }

    /** The result of check {@code i} when it runs a job of its own, else empty. */
    Optional<CheckResult> own(int i) {
      return Optional.ofNullable(own[i]);
    }

    /**
     * {@code source} (the data, or rows derived one for one from it) observing the aggregates but
     * those in {@code countedByPass}, which the caller's pass counts itself ({@link #finish}).
     */
    Dataset<Row> observe(Dataset<Row> source, java.util.Set<Integer> countedByPass) {
      observedAggregates.removeAll(countedByPass);
      return Evaluation.this.observe(source, observation, observedAggregates);
    }

    /**
     * Judges every check, once a job has run over what {@link #observe} returned; {@code counted}
     * holds the value of each aggregate the pass counted itself.
     */
    CheckResults finish(Map<Integer, Long> counted) {
      Row got = observed(observation, observedAggregates);
      Object[] values = new Object[aggregates.size()];
      for (int k = 0; k < observedAggregates.size(); k++) {
        values[observedAggregates.get(k)] = got.get(k);
      }
      counted.forEach((i, n) -> values[i] = n);
      Row row = RowFactory.create(values);
      if (profiled.isPresent()) {
        Profile profile =
            sketched == null ? profileSketchedFields(profiled.get()) : SideBySide.result(sketched);
        close();
        row = withProfiled(row, profile, served);
      }
      if (uncounted) {
        rows = row.getLong(0);
      } else if (row.getLong(0) != rows) {
        throw new IllegalStateException(
            "the rows written (" + row.getLong(0) + ") are not the rows counted (" + rows + ")");
      }
      CheckResult[] results = new CheckResult[planned.size()];
      for (int i = 0; i < planned.size(); i++) {
        Planned p = planned.get(i);
        results[i] = own[i] != null ? own[i] : withExamples(p, p.finish().apply(row));
      }
      return new CheckResults(label(data), rows, passes, List.of(results));
    }
  }

  /** A main job's result, and the profiler's sketches that ran beside it (null when none did). */
  private record Alongside<T>(T main, Profile sketched) {}

  /**
   * Runs {@code main} with the own checks' jobs ({@code own}, their counts into {@code measured})
   * and the profiler's scan of the sketched fields side by side.
   */
  private <T> Alongside<T> alongside(
      List<Planned> planned,
      List<Integer> own,
      Optional<Sketching> profiled,
      long[] measured,
      java.util.function.Supplier<T> main) {
    try (SideBySide jobs = SideBySide.start("wick-checks", 2)) {
      List<java.util.concurrent.Future<Long>> counts = new ArrayList<>();
      for (int i : own) {
        Planned.OwnJob job = planned.get(i).own().get();
        counts.add(jobs.submit(() -> job.measure().apply(data)));
      }
      java.util.concurrent.Future<Profile> profile =
          profiled.isPresent() ? jobs.submit(() -> profileSketchedFields(profiled.get())) : null;
      T result = main.get();
      Profile sketched = profile == null ? null : SideBySide.result(profile);
      for (int k = 0; k < own.size(); k++) {
        measured[own.get(k)] = SideBySide.result(counts.get(k));
      }
      return new Alongside<>(result, sketched);
    }
  }

  /**
   * The first part of a carried measurement: the own checks' jobs and a count of the rows, side by
   * side; then the own checks judged. The profiler's scan of the sketched fields waits for the
   * caller's pass.
   */
  private Carried carry(List<Planned> planned, List<Integer> own) {
    if (own.isEmpty() && !cheapToReread(data)) {
      // Nothing to run before the caller's pass: every aggregate, sketches too, rides on it.
      return new Carried(
          planned, new CheckResult[planned.size()], Optional.empty(), java.util.Set.of(), true);
    }
    Optional<Sketching> profiled = profilable();
    java.util.Set<Integer> served =
        profiled.isPresent() ? profiled.get().served() : java.util.Set.of();
    long[] measured = new long[planned.size()];
    Alongside<Long> a = alongside(planned, own, Optional.empty(), measured, data::count);
    rows = a.main();
    passes += 1 + own.size() + (profiled.isPresent() ? 1 : 0);
    CheckResult[] judged = new CheckResult[planned.size()];
    for (int i : own) {
      judged[i] = planned.get(i).own().get().judge().apply(measured[i]);
    }
    return new Carried(planned, judged, profiled, served, false);
  }

  /**
   * The usage error for a job that failed on what a check gave it (a predicate's SQL that fails on
   * the data): the first check whose kind blames it, tried alone; empty when none does, so the
   * failure is not the user's.
   */
  static Optional<WickException> blame(Checks checks, Dataset<Row> data, RuntimeException failure) {
    if (failure instanceof WickException) {
      return Optional.empty();
    }
    for (Check check : checks.checks()) {
      Optional<WickException> blamed = blame(check, check.rule(), checks, data, failure);
      if (blamed.isPresent()) {
        return blamed;
      }
    }
    return Optional.empty();
  }

  private static <R extends Check.Rule> Optional<WickException> blame(
      Check check, R rule, Checks checks, Dataset<Row> data, RuntimeException failure) {
    return CheckKinds.of(rule).blame(check, rule, checks, data, failure);
  }

  /**
   * The aggregates in one job: the code-generated built-ins ({@code count}, {@code min}, {@code
   * avg}, {@code count_if}...) as one {@code agg}, and the sketches ({@code percentile_approx},
   * {@code hll_sketch_agg}), which Spark's aggregation cannot code-generate and would make it
   * interpret every aggregate, as observed metrics of the same scan; the sketches the profiler's
   * scan gives instead ({@code served}) are left out (null), for {@link #withProfiled}.
   */
  private Row aggregate(java.util.Set<Integer> served) {
    List<Integer> plain = new ArrayList<>();
    List<Integer> sketched = new ArrayList<>();
    for (int i = 0; i < aggregates.size(); i++) {
      if (!sketches.contains(i)) {
        plain.add(i);
      } else if (!served.contains(i)) {
        sketched.add(i);
      }
    }
    Observation observation = sketched.isEmpty() ? null : observation();
    Dataset<Row> source = observation == null ? data : observe(data, observation, sketched);
    Row plainRow = aggregate(source, plain);
    Object[] values = new Object[aggregates.size()];
    for (int k = 0; k < plain.size(); k++) {
      values[plain.get(k)] = plainRow.get(k);
    }
    if (observation != null) {
      Row sketchRow =
          plainRow.getLong(0) == 0
              // No rows: Spark 4.0 may never complete an observation of no tasks; aggregate the
              // nothing directly instead of waiting.
              ? direct(sketched)
              : observed(observation, sketched);
      for (int k = 0; k < sketched.size(); k++) {
        values[sketched.get(k)] = sketchRow.get(k);
      }
    }
    return RowFactory.create(values);
  }

  /**
   * The observed values of the aggregates {@code which} (in that order), once the observed job has
   * run; aggregated directly when no task ran (an input of no partitions: Spark 4.1 reports such an
   * observation empty, and 4.0 never completes it, so the wait is bounded).
   */
  private Row observed(Observation observation, List<Integer> which) {
    Row got = Observations.row(observation, OBSERVATION_WAIT).orElse(RowFactory.create());
    if (got.size() == 0 || got.isNullAt(got.fieldIndex("a" + which.get(0)))) {
      return direct(which);
    }
    Object[] values = new Object[which.size()];
    for (int k = 0; k < values.length; k++) {
      values[k] = got.get(got.fieldIndex("a" + which.get(k)));
    }
    return RowFactory.create(values);
  }

  private Row direct(List<Integer> which) {
    passes++;
    return aggregate(data, which);
  }

  /** The aggregates {@code which} of {@code source}, as one row in that order. */
  private Row aggregate(Dataset<Row> source, List<Integer> which) {
    Column[] c = columns(which);
    return source.agg(c[0], java.util.Arrays.copyOfRange(c, 1, c.length)).collectAsList().get(0);
  }

  private Dataset<Row> observe(Dataset<Row> source, Observation o, List<Integer> which) {
    Column[] c = columns(which);
    return source.observe(o, c[0], java.util.Arrays.copyOfRange(c, 1, c.length));
  }

  private Observation observation() {
    return new Observation("wick_checks_" + OBSERVATIONS.incrementAndGet());
  }

  private List<Integer> all() {
    List<Integer> every = new ArrayList<>();
    for (int i = 0; i < aggregates.size(); i++) {
      every.add(i);
    }
    return every;
  }

  private Column[] columns(List<Integer> which) {
    return which.stream().map(aggregates::get).toArray(Column[]::new);
  }

  /**
   * Whether reading the data's key columns again costs little: a plain scan (with projections and
   * filters) of Parquet or ORC files, a Delta or Iceberg table, or rows in memory. Anything else
   * (CSV, JSON, Avro, or a computed plan such as a job's output) would be parsed or computed anew.
   */
  static boolean cheapToReread(Dataset<Row> data) {
    return cheap(data.queryExecution().optimizedPlan());
  }

  private static boolean cheap(org.apache.spark.sql.catalyst.plans.logical.LogicalPlan plan) {
    if (plan instanceof org.apache.spark.sql.catalyst.plans.logical.Project
        || plan instanceof org.apache.spark.sql.catalyst.plans.logical.Filter
        || plan instanceof org.apache.spark.sql.catalyst.plans.logical.SubqueryAlias) {
      return cheap(plan.children().head());
    }
    if (plan instanceof org.apache.spark.sql.execution.datasources.LogicalRelation r) {
      return r.relation() instanceof org.apache.spark.sql.execution.datasources.HadoopFsRelation fs
          && columnar(fs.fileFormat().getClass());
    }
    if (plan instanceof org.apache.spark.sql.execution.datasources.v2.DataSourceV2Relation v2) {
      return !v2.table()
              .getClass()
              .getName()
              .startsWith("org.apache.spark.sql.execution.datasources.v2.")
          || columnar(v2.table().getClass());
    }
    return plan instanceof org.apache.spark.sql.catalyst.plans.logical.LocalRelation
        || plan instanceof org.apache.spark.sql.catalyst.plans.logical.Range
        || plan instanceof org.apache.spark.sql.execution.columnar.InMemoryRelation;
  }

  /** Parquet (Delta's files too) or ORC, by the format's or table's class. */
  private static boolean columnar(Class<?> format) {
    for (Class<?> c = format; c != null; c = c.getSuperclass()) {
      String name = c.getSimpleName();
      if (name.startsWith("Parquet") || name.startsWith("Orc")) {
        return true;
      }
    }
    return false;
  }

  private static String label(Dataset<Row> data) {
    String[] files = data.inputFiles();
    return files.length == 1 ? files[0] : files.length + " files";
  }

  // ------------------------------------------------------------------ what kinds plan with

  @Override
  public Dataset<Row> data() {
    return data;
  }

  @Override
  public Checks checks() {
    return checks;
  }

  @Override
  public Map<String, Dataset<Row>> given() {
    return given;
  }

  @Override
  public Instant now() {
    return now;
  }

  @Override
  public long rows() {
    return rows;
  }

  @Override
  public List<String> examples(Dataset<Row> failing) {
    passes++;
    return failing.limit(EXAMPLES).toJSON().collectAsList();
  }

  @Override
  public Row first(Dataset<Row> job) {
    Row row = job.first();
    passes++;
    return row;
  }

  @Override
  public int add(Column aggregate) {
    aggregates.add(aggregate.as("a" + aggregates.size()));
    return aggregates.size() - 1;
  }

  /**
   * Adds a sketch statistic: Spark's sketch {@code aggregate} is an imperative one, which Spark
   * does not code-generate, so {@link #aggregate(java.util.Set)} observes it beside the
   * aggregation, or the profiler's scan gives it instead.
   */
  @Override
  public int addSketch(
      Column aggregate,
      Resolved f,
      Predicate<FieldKind> kept,
      Function<FieldProfile, Object> fromProfile) {
    profiled.put(aggregates.size(), new Profiled(f.at(), kept, fromProfile));
    sketches.add(aggregates.size());
    return add(aggregate);
  }

  @Override
  public Resolved field(Check check, String path) {
    return Resolved.resolve(schema, path, "the input", check);
  }

  @Override
  public Schema model() {
    if (model == null) {
      model = Schemas.fromSpark(schema, "input");
    }
    return model;
  }

  @Override
  public long baselineRows(Check check) {
    if (baselineRows.isEmpty()) {
      String path =
          checks
              .baseline()
              .orElseThrow(
                  () ->
                      WickException.usage(
                          "Check '"
                              + check.name()
                              + "' counts rows relative to a baseline, but the checks name no"
                              + " baseline profile; add baseline: PATH/profile.json to the"
                              + " checks."));
      baselineRows = OptionalLong.of(Profile.read(Path.of(path)).rowCount());
    }
    return baselineRows.getAsLong();
  }

  // ------------------------------------------------------------------ the profiler's sketches

  /**
   * Where a sketch statistic is in a profile: the field's path, the field kinds whose profiles keep
   * the sketch, and the statistic.
   */
  private record Profiled(
      FieldPath path, Predicate<FieldKind> kept, Function<FieldProfile, Object> value) {}

  /** The data's columns holding the sketched fields, and the sketches the profiler gives. */
  private record Sketching(Dataset<Row> columns, java.util.Set<Integer> served) {}

  /**
   * One scan of the fields with sketch statistics by the profiler: the same HyperLogLog and KLL
   * sketches {@code wick profile} reports, kept per partition by plain loops over Catalyst's rows
   * and merged on the driver, which costs a fraction of Spark's interpreted sketch aggregates.
   */
  private Profile profileSketchedFields(Sketching s) {
    List<String> paths =
        s.served().stream().map(i -> profiled.get(i).path().toString()).distinct().toList();
    return Profiler.defaults().fields(paths).redact(paths).profile(s.columns(), "wick check");
  }

  /**
   * The sketches the profiler gives, with the data's columns that hold their fields: those whose
   * field's kind keeps the sketch in a profile. Empty when there is none, or when a column's type
   * is one Wick's schema model lacks (an interval inside a record): Spark's sketch aggregates
   * measure them instead.
   */
  private Optional<Sketching> profilable() {
    if (profiled.isEmpty()) {
      return Optional.empty();
    }
    List<Column> columns =
        profiled.values().stream()
            .map(p -> p.path().steps().get(0).name())
            .distinct()
            .map(Columns::column)
            .toList();
    Dataset<Row> projected = data.select(columns.toArray(new Column[0]));
    dev.wick.core.schema.Schema columnsModel;
    try {
      columnsModel = Schemas.fromSpark(projected.schema());
    } catch (WickException | IllegalStateException e) {
      return Optional.empty();
    }
    Map<FieldPath, FieldKind> kinds = new java.util.HashMap<>();
    for (dev.wick.core.schema.ResolvedPath p : columnsModel.allPaths()) {
      kinds.put(p.path(), FieldKind.of(p.type()));
    }
    java.util.Set<Integer> served = new java.util.HashSet<>();
    profiled.forEach(
        (i, p) -> {
          FieldKind kind = kinds.get(p.path());
          if (kind != null && p.kept().test(kind)) {
            served.add(i);
          }
        });
    return served.isEmpty() ? Optional.empty() : Optional.of(new Sketching(projected, served));
  }

  /** {@code row} with the sketch statistics {@code served} taken from {@code profile}. */
  private Row withProfiled(Row row, Profile profile, java.util.Set<Integer> served) {
    Object[] values = new Object[row.size()];
    for (int i = 0; i < values.length; i++) {
      if (!served.contains(i)) {
        values[i] = row.get(i);
      } else {
        Profiled p = profiled.get(i);
        FieldProfile f =
            profile
                .field(p.path().toString())
                .orElseThrow(() -> new IllegalStateException("no profile of " + p.path()));
        values[i] = p.value().apply(f);
      }
    }
    return RowFactory.create(values);
  }
}
