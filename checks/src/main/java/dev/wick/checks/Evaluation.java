package dev.wick.checks;

import static org.apache.spark.sql.functions.approx_count_distinct;
import static org.apache.spark.sql.functions.array_max;
import static org.apache.spark.sql.functions.array_min;
import static org.apache.spark.sql.functions.avg;
import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.count_if;
import static org.apache.spark.sql.functions.exists;
import static org.apache.spark.sql.functions.expr;
import static org.apache.spark.sql.functions.filter;
import static org.apache.spark.sql.functions.hll_sketch_agg;
import static org.apache.spark.sql.functions.hll_sketch_estimate;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.max;
import static org.apache.spark.sql.functions.min;
import static org.apache.spark.sql.functions.not;
import static org.apache.spark.sql.functions.percentile_approx;
import static org.apache.spark.sql.functions.size;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.when;

import dev.wick.core.WickException;
import dev.wick.core.io.DatasetReader;
import dev.wick.core.io.Source;
import dev.wick.core.schema.FieldPath;
import dev.wick.core.schema.Schemas;
import dev.wick.core.schema.SemanticSpec;
import dev.wick.core.spark.Columns;
import dev.wick.core.spark.Observations;
import dev.wick.core.spark.SideBySide;
import dev.wick.core.spark.SqlTrust;
import dev.wick.core.spark.TextSet;
import dev.wick.core.spark.UnsupportedPatternException;
import dev.wick.core.spark.WholeMatch;
import dev.wick.core.validation.SemanticType;
import dev.wick.core.validation.SemanticTypes;
import dev.wick.profiler.FieldKind;
import dev.wick.profiler.FieldProfile;
import dev.wick.profiler.Profile;
import dev.wick.profiler.Profiler;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Observation;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.NumericType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;

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
 */
final class Evaluation {
  static final int EXAMPLES = 5;
  private static final String COUNT = "__wick_count";
  private static final int QUANTILE_ACCURACY = 10_000;
  private static final double DISTINCT_RSD = 0.02;

  private final Dataset<Row> data;
  private final StructType schema;
  private final List<Column> aggregates = new ArrayList<>();
  private final java.util.Set<Integer> sketches = new java.util.HashSet<>();
  private final Map<Integer, Profiled> profiled = new java.util.HashMap<>();
  private dev.wick.core.schema.Schema model;
  private int passes;

  private Evaluation(Dataset<Row> data) {
    this.data = data;
    this.schema = data.schema();
    aggregates.add(count(lit(1)).as("a0"));
  }

  /**
   * What a planned check does: with the aggregation's row ({@code finish}), or with Spark jobs of
   * its own ({@code own}: unique and references checks).
   */
  private record Planned(
      Check check,
      Function<Row, CheckResult> finish,
      Optional<Column> failWhen,
      Optional<OwnJob> own) {
    Planned(Check check, Function<Row, CheckResult> finish, Optional<Column> failWhen) {
      this(check, finish, failWhen, Optional.empty());
    }
  }

  /**
   * A check that needs a job of its own: {@code measure} counts something over the data (distinct
   * keys, orphan rows) in one pass, and {@code judge} turns that count into the result once the row
   * count is known, with further jobs only for a failure's details and examples.
   */
  private record OwnJob(
      Function<Dataset<Row>, Long> measure, java.util.function.LongFunction<CheckResult> judge) {}

  private static final java.util.concurrent.atomic.AtomicLong OBSERVATIONS =
      new java.util.concurrent.atomic.AtomicLong();

  /** How long a finished job's observed metrics may take to arrive (see {@link #observed}). */
  private static final Duration OBSERVATION_WAIT = Duration.ofSeconds(10);

  static CheckResults run(Checks checks, Dataset<Row> data, Map<String, Dataset<Row>> given) {
    Evaluation e = new Evaluation(data);
    Instant now = Instant.now();
    OptionalLong baselineRows = OptionalLong.empty();
    List<Planned> planned = new ArrayList<>();
    for (Check check : checks.checks()) {
      if (check.rule() instanceof Check.RowCountRatio && baselineRows.isEmpty()) {
        baselineRows = OptionalLong.of(e.baselineRows(checks, check));
      }
      planned.add(e.plan(check, checks, given, baselineRows, now));
    }
    List<Integer> own = new ArrayList<>();
    for (int i = 0; i < planned.size(); i++) {
      if (planned.get(i).own().isPresent()) {
        own.add(i);
      }
    }
    try {
      return e.measure(planned, own, data);
    } catch (RuntimeException failure) {
      Optional<WickException> blamed = predicateFailure(checks, data, failure);
      if (blamed.isPresent()) {
        throw blamed.get();
      }
      throw failure;
    }
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
      try (SideBySide jobs = SideBySide.start("wick-checks", 2)) {
        List<java.util.concurrent.Future<Long>> counts = new ArrayList<>();
        for (int i : own) {
          OwnJob job = planned.get(i).own().get();
          counts.add(jobs.submit(() -> job.measure().apply(data)));
        }
        java.util.concurrent.Future<Profile> sketched =
            profile ? jobs.submit(() -> e.profileSketchedFields(profiled.get())) : null;
        row = e.aggregate(served);
        if (profile) {
          row = e.withProfiled(row, SideBySide.result(sketched), served);
        }
        for (int k = 0; k < own.size(); k++) {
          measured[own.get(k)] = SideBySide.result(counts.get(k));
        }
      }
      e.passes += 1 + own.size() + (profile ? 1 : 0);
    }
    e.rows = row.getLong(0);
    CheckResult[] results = new CheckResult[planned.size()];
    for (int i = 0; i < planned.size(); i++) {
      Planned p = planned.get(i);
      CheckResult r =
          p.own().isPresent() ? p.own().get().judge().apply(measured[i]) : p.finish().apply(row);
      if (!r.passed() && p.failWhen().isPresent() && r.examples().isEmpty()) {
        r = r.withExamples(e.examples(data.where(p.failWhen().get())));
      }
      results[i] = r;
    }
    return new CheckResults(label(data), e.rows, e.passes, List.of(results));
  }

  /**
   * The first line of an exception's message, as Spark's reason inside a sentence: without its
   * error class, SQLSTATE and closing punctuation.
   */
  private static String firstLine(Throwable e) {
    return String.valueOf(e.getMessage())
        .strip()
        .lines()
        .findFirst()
        .orElse("")
        .strip()
        .replaceFirst("^\\[[A-Z0-9_.]+\\]\\s*", "")
        .replaceAll("\\s*SQLSTATE: \\w+", "")
        .replaceFirst("[.;]+$", "");
  }

  /**
   * The usage error for a job that failed on a {@code predicate} check's SQL (a cast of a malformed
   * value under ANSI, a division by zero): each predicate is tried alone, and the first that fails
   * is named with Spark's reason; empty when none fails alone, so the failure is not the user's.
   */
  private static Optional<WickException> predicateFailure(
      Checks checks, Dataset<Row> data, RuntimeException failure) {
    if (failure instanceof WickException) {
      return Optional.empty();
    }
    for (Check check : checks.checks()) {
      if (!(check.rule() instanceof Check.Predicate r)) {
        continue;
      }
      try {
        data.agg(count_if(not(coalesce(expr(r.sql()), lit(false))))).collectAsList();
      } catch (RuntimeException e) {
        Throwable reason = e;
        for (Throwable t = e; t != null; t = t.getCause()) {
          if (t instanceof org.apache.spark.SparkThrowable
              && !(t instanceof org.apache.spark.SparkException)) {
            reason = t;
            break;
          }
        }
        return Optional.of(
            WickException.usage(
                "Check '"
                    + check.name()
                    + "'"
                    + checks.origin().map(o -> " in " + o).orElse("")
                    + " has a SQL predicate that fails on the data ("
                    + firstLine(reason)
                    + "); fix the predicate in the checks.",
                failure));
      }
    }
    return Optional.empty();
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

  private long rows;

  private static String label(Dataset<Row> data) {
    String[] files = data.inputFiles();
    return files.length == 1 ? files[0] : files.length + " files";
  }

  private List<String> examples(Dataset<Row> failing) {
    passes++;
    return failing.limit(EXAMPLES).toJSON().collectAsList();
  }

  /** Adds a code-generated built-in aggregate; its index in the aggregation's row. */
  private int add(Column aggregate) {
    aggregates.add(aggregate.as("a" + aggregates.size()));
    return aggregates.size() - 1;
  }

  /**
   * Adds a sketch statistic of the field {@code f}: Spark's sketch {@code aggregate} (an imperative
   * one, which Spark does not code-generate), or {@code fromProfile}, the same statistic from the
   * profiler's sketches of the field, when the input is cheap to read again and the profiler keeps
   * that sketch for the field's kind ({@code kept}).
   */
  private int addSketch(
      Column aggregate,
      Resolved f,
      Predicate<FieldKind> kept,
      Function<FieldProfile, Object> fromProfile) {
    profiled.put(aggregates.size(), new Profiled(f.at, kept, fromProfile));
    sketches.add(aggregates.size());
    return add(aggregate);
  }

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

  private long baselineRows(Checks checks, Check check) {
    String path =
        checks
            .baseline()
            .orElseThrow(
                () ->
                    WickException.usage(
                        "Check '"
                            + check.name()
                            + "' counts rows relative to a baseline, but the checks name no"
                            + " baseline profile; add baseline: PATH/profile.json to the checks."));
    return Profile.read(Path.of(path)).rowCount();
  }

  // ------------------------------------------------------------------ planning

  private Planned plan(
      Check check,
      Checks checks,
      Map<String, Dataset<Row>> given,
      OptionalLong baselineRows,
      Instant now) {
    String name = check.name();
    Object rule = check.rule();
    if (rule instanceof Check.RowCount r) {
      return new Planned(check, a -> rowCount(check, r.min(), r.max(), ""), Optional.empty());
    } else if (rule instanceof Check.RowCountRatio r) {
      long base = baselineRows.getAsLong();
      OptionalLong lo =
          r.minRatio().isPresent()
              ? OptionalLong.of((long) Math.ceil(base * r.minRatio().getAsDouble()))
              : OptionalLong.empty();
      OptionalLong hi =
          r.maxRatio().isPresent()
              ? OptionalLong.of((long) Math.floor(base * r.maxRatio().getAsDouble()))
              : OptionalLong.empty();
      String of = " (" + ratios(r.minRatio(), r.maxRatio()) + " of the baseline's " + base + ")";
      return new Planned(check, a -> rowCount(check, lo, hi, of), Optional.empty());

    } else if (rule instanceof Check.Completeness r) {
      return completeness(check, r, field(check, r.field()));

    } else if (rule instanceof Check.Unique r) {
      return unique(check, r);
    } else if (rule instanceof Check.Distinct r) {
      Resolved field = single(check, r.field(), "a distinct");
      int at =
          addSketch(
              distinctCount(field),
              field,
              FieldKind::hasDistinctCount,
              p -> p.distinct().map(dev.wick.profiler.Distinct::rounded).orElse(0L));
      return new Planned(
          check,
          a -> {
            long n = a.getLong(at);
            boolean ok =
                (r.min().isEmpty() || n >= r.min().getAsLong())
                    && (r.max().isEmpty() || n <= r.max().getAsLong());
            String bound = bounds(d(r.min()), d(r.max()));
            return result(
                check,
                ok,
                n,
                bound,
                OptionalLong.empty(),
                name
                    + ": "
                    + r.field()
                    + " has about "
                    + n
                    + " distinct values; it must have "
                    + bound
                    + ".");
          },
          Optional.empty());

    } else if (rule instanceof Check.DistinctRatio r) {
      Resolved field = single(check, r.field(), "a distinct");
      int at =
          addSketch(
              distinctCount(field),
              field,
              FieldKind::hasDistinctCount,
              p -> p.distinct().map(dev.wick.profiler.Distinct::rounded).orElse(0L));
      int values = add(field.present());
      return new Planned(
          check,
          a -> {
            long distinct = a.getLong(at);
            long n = a.getLong(values);
            Double ratio = n == 0 ? null : Math.min(1.0, (double) distinct / n);
            boolean ok =
                ratio == null
                    || (r.minRatio().isEmpty() || ratio >= r.minRatio().getAsDouble())
                        && (r.maxRatio().isEmpty() || ratio <= r.maxRatio().getAsDouble());
            String bound = bounds(r.minRatio(), r.maxRatio());
            return result(
                check,
                ok,
                ratio,
                bound,
                OptionalLong.empty(),
                name
                    + ": "
                    + r.field()
                    + " has about "
                    + distinct
                    + " distinct values in "
                    + n
                    + " non-null values ("
                    + (ratio == null ? "none" : Numbers.text(Math.floor(ratio * 10_000) / 10_000))
                    + " per value); it must have "
                    + bound
                    + " per value.");
          },
          Optional.empty());

    } else if (rule instanceof Check.AllowedValues r) {
      Resolved f = field(check, r.field());
      Object[] allowed = literals(check, r, f.type);
      // Plain text compares byte by byte, as TextSet does; other types (and collated text) keep
      // isin's own comparison.
      Function<Column, Column> in =
          f.type.equals(DataTypes.StringType)
              ? TextSet.of(Arrays.stream(allowed).map(String.class::cast).toList())::column
              : v -> v.isin(allowed);
      return share(
          check,
          f,
          v -> v.isNotNull().and(not(in.apply(v))),
          r.minFraction(),
          "are not one of " + listed(r.values()));

    } else if (rule instanceof Check.Range r) {
      Resolved f = numeric(check, r.field());
      Function<Column, Column> outside =
          v -> {
            Column out = lit(false);
            if (r.min().isPresent()) {
              out = out.or(v.lt(lit(r.min().getAsDouble())));
            }
            if (r.max().isPresent()) {
              out = out.or(v.gt(lit(r.max().getAsDouble())));
            }
            return coalesce(out, lit(false));
          };
      int lo = add(f.min().cast("double"));
      int hi = add(f.max().cast("double"));
      int bad = add(f.failing(outside));
      String bound = bounds(r.min(), r.max());
      return new Planned(
          check,
          a -> {
            long n = a.getLong(bad);
            if (a.isNullAt(lo)) {
              return result(check, true, null, bound, OptionalLong.of(0), "");
            }
            String measured =
                "[" + Numbers.text(a.getDouble(lo)) + ", " + Numbers.text(a.getDouble(hi)) + "]";
            return result(
                check,
                n == 0,
                measured,
                bound,
                OptionalLong.of(n),
                name
                    + ": "
                    + r.field()
                    + " runs from "
                    + Numbers.text(a.getDouble(lo))
                    + " to "
                    + Numbers.text(a.getDouble(hi))
                    + " ("
                    + n
                    + (f.repeated ? " values" : "")
                    + " outside); it must be "
                    + bound
                    + ".");
          },
          Optional.of(f.failingRows(outside)));

    } else if (rule instanceof Check.Mean r) {
      int at = add(numeric(check, r.field()).mean());
      return statistic(check, at, r.min(), r.max(), "the mean of " + r.field() + " is ");

    } else if (rule instanceof Check.Quantile r) {
      return quantile(check, r);

    } else if (rule instanceof Check.Regex r) {
      Resolved f = field(check, r.field());
      if (!(f.type instanceof StringType)) {
        throw typeError(check, r.field(), f.type, "a string");
      }
      // The whole value: \A(?:p)\z, never ^ and $, which would pass "t1\n" for t[0-9]+.
      WholeMatch whole;
      try {
        whole = WholeMatch.of(r.pattern());
      } catch (UnsupportedPatternException e) {
        throw WickException.usage("Check '" + check.name() + "': " + e.getMessage(), e);
      }
      return share(
          check,
          f,
          v -> v.isNotNull().and(not(whole.column(v))),
          r.minFraction(),
          "do not match " + r.pattern());

    } else if (rule instanceof Check.Semantic r) {
      Resolved f = field(check, r.field());
      Function<Column, Column> valid = semantic(check, r);
      return share(
          check,
          f,
          v -> v.isNotNull().and(not(coalesce(valid.apply(v), lit(false)))),
          r.minFraction(),
          "are not a valid " + r.type());

    } else if (rule instanceof Check.Predicate r) {
      return predicate(check, r, checks);
    } else if (rule instanceof Check.References r) {
      return references(check, r, checks, given);
    } else if (rule instanceof Check.Freshness r) {
      return freshness(check, r, now);
    }
    throw new IllegalStateException("unknown " + rule);
  }

  /**
   * An approximate distinct count: Spark's DataSketches HLL sketch (lgConfigK 12, a relative
   * standard error of about 1.6%) for ints, longs, strings and bytes, else HyperLogLog++ with a
   * relative standard deviation of 2%.
   */
  private static Column distinctCount(Resolved f) {
    DataType t = f.type;
    if (t instanceof IntegerType
        || t instanceof LongType
        || t instanceof StringType
        || t instanceof BinaryType) {
      return hll_sketch_estimate(hll_sketch_agg(f.column));
    }
    return approx_count_distinct(f.column, DISTINCT_RSD);
  }

  private CheckResult rowCount(Check check, OptionalLong min, OptionalLong max, String of) {
    boolean ok =
        (min.isEmpty() || rows >= min.getAsLong()) && (max.isEmpty() || rows <= max.getAsLong());
    String bound = bounds(d(min), d(max));
    return result(
        check,
        ok,
        rows,
        bound + of,
        OptionalLong.empty(),
        check.name() + ": the input has " + rows + " rows; it must have " + bound + of + ".");
  }

  /**
   * The allowed values as literals of the field's type: text for a string field (a number in the
   * file counts as its text), numbers for a numeric field, booleans for a boolean one. A value the
   * field's type cannot hold is refused here, before Spark would fail casting it on the first row.
   */
  private static Object[] literals(Check check, Check.AllowedValues r, DataType type) {
    List<Object> out = new ArrayList<>();
    for (Object v : r.values()) {
      Object literal = v;
      if (type instanceof StringType) {
        literal = String.valueOf(v);
      } else if (type instanceof NumericType) {
        literal = v instanceof Number ? v : number(String.valueOf(v));
      } else if (type instanceof org.apache.spark.sql.types.BooleanType) {
        literal =
            v instanceof Boolean
                ? v
                : switch (String.valueOf(v)) {
                  case "true" -> Boolean.TRUE;
                  case "false" -> Boolean.FALSE;
                  default -> null;
                };
      } else if (type instanceof DateType
          || type instanceof TimestampType
          || type instanceof TimestampNTZType) {
        literal = time(String.valueOf(v), type instanceof DateType);
      } else {
        throw typeError(check, r.field(), type, "a string, number, boolean, date or timestamp");
      }
      if (literal == null) {
        throw WickException.usage(
            "Check '"
                + check.name()
                + "' allows the value "
                + v
                + ", which "
                + r.field()
                + " ("
                + article(type.simpleString())
                + ") cannot hold; list values of that type.");
      }
      out.add(literal);
    }
    return out.toArray();
  }

  /** {@code text} when it reads as a date (or a date and time), which Spark's cast then takes. */
  private static String time(String text, boolean date) {
    String t = text.strip();
    try {
      if (date) {
        LocalDate.parse(t);
      } else if (t.endsWith("Z") || t.matches(".*[+-][0-9]{2}:[0-9]{2}$")) {
        java.time.OffsetDateTime.parse(t.replace(' ', 'T'));
      } else {
        LocalDateTime.parse(t.replace(' ', 'T'));
      }
      return t;
    } catch (java.time.format.DateTimeParseException e) {
      return null;
    }
  }

  private static java.math.BigDecimal number(String text) {
    try {
      return new java.math.BigDecimal(text.strip());
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** A check that a share of the non-null values pass: allowed values, regex, semantic types. */
  private Planned share(
      Check check, Resolved f, Function<Column, Column> bad, double minFraction, String problem) {
    int values = add(f.present());
    int failing = add(f.failing(bad));
    String field = f.path;
    return new Planned(
        check,
        a -> {
          long n = a.getLong(values);
          long b = a.getLong(failing);
          Double share = n == 0 ? null : (double) (n - b) / n;
          boolean ok = share == null || share >= minFraction;
          return result(
              check,
              ok,
              share,
              ">= " + Numbers.text(minFraction),
              OptionalLong.of(b),
              check.name()
                  + ": "
                  + b
                  + " of "
                  + n
                  + " values of "
                  + field
                  + " "
                  + problem
                  + "; "
                  + allowance(minFraction)
                  + ".");
        },
        Optional.of(f.failingRows(bad)));
  }

  /**
   * Completeness: the share of the rows that have the field, or for a path into arrays or maps the
   * share of the values there that are set.
   */
  private Planned completeness(Check check, Check.Completeness r, Resolved f) {
    int all = f.repeated ? add(f.all()) : 0; // aggregate 0 counts the rows
    int present = add(f.present());
    String what =
        f.repeated
            ? " of the values of " + r.field() + " are set ("
            : " of the rows have a " + r.field() + " (";
    return new Planned(
        check,
        a -> {
          long n = a.getLong(all);
          long filled = a.getLong(present);
          Double share = n == 0 ? null : (double) filled / n;
          boolean ok = share == null || share >= r.min();
          return result(
              check,
              ok,
              share,
              ">= " + Numbers.text(r.min()),
              OptionalLong.of(n - filled),
              check.name()
                  + ": "
                  + (share == null ? "" : Numbers.percent(share))
                  + what
                  + filled
                  + " of "
                  + n
                  + "); at least "
                  + Numbers.percent(r.min())
                  + " must.");
        },
        Optional.of(f.failingRows(Column::isNull)));
  }

  private static String allowance(double minFraction) {
    return minFraction >= 1.0 ? "none may" : "at most " + Numbers.percent(1 - minFraction) + " may";
  }

  private Planned statistic(
      Check check, int at, OptionalDouble min, OptionalDouble max, String what) {
    String bound = bounds(min, max);
    return new Planned(
        check,
        a -> {
          if (a.isNullAt(at)) {
            return result(check, true, null, bound, OptionalLong.empty(), "");
          }
          double v = ((Number) a.get(at)).doubleValue();
          boolean ok =
              (min.isEmpty() || v >= min.getAsDouble())
                  && (max.isEmpty() || v <= max.getAsDouble());
          return result(
              check,
              ok,
              v,
              bound,
              OptionalLong.empty(),
              check.name() + ": " + what + Numbers.text(v) + "; it must be " + bound + ".");
        },
        Optional.empty());
  }

  /**
   * A quantile check. Whether it passes is exact: the {@code q} quantile (the smallest value with
   * at least that share of the non-null values at or below it) is at least {@code min} exactly when
   * fewer than that share of the values are below {@code min}, and at most {@code max} exactly when
   * that share of them is at or below {@code max}; two code-generated counts decide it. The value
   * reported is an estimate from a quantile sketch, within the bounds when the check passes.
   */
  private Planned quantile(Check check, Check.Quantile r) {
    Resolved f = single(check, r.field(), "a quantile");
    if (!(f.type instanceof NumericType)) {
      throw typeError(check, r.field(), f.type, "a number");
    }
    Column c = f.column.cast("double");
    int estimate =
        addSketch(
            percentile_approx(c, lit(r.q()), lit(QUANTILE_ACCURACY)),
            f,
            FieldKind::hasDistribution,
            p -> {
              OptionalDouble q = p.quantile(r.q());
              return q.isPresent() ? q.getAsDouble() : null;
            });
    int values = add(count(c));
    OptionalDouble min = r.min();
    OptionalDouble max = r.max();
    int below = min.isPresent() ? add(count_if(c.lt(lit(min.getAsDouble())))) : -1;
    int atMost = max.isPresent() ? add(count_if(c.leq(lit(max.getAsDouble())))) : -1;
    String bound = bounds(min, max);
    return new Planned(
        check,
        a -> {
          long n = a.getLong(values);
          if (n == 0 || a.isNullAt(estimate)) {
            return result(check, true, null, bound, OptionalLong.empty(), "");
          }
          double share = r.q() * n;
          long under = below < 0 ? 0 : a.getLong(below);
          long within = atMost < 0 ? n : a.getLong(atMost);
          boolean minOk = under == 0 || under < share;
          boolean maxOk = within > 0 && within >= share;
          double v = ((Number) a.get(estimate)).doubleValue();
          if (minOk && maxOk) {
            // The sketch's estimate may stray past a bound the exact counts show it is within.
            v = Math.max(v, min.orElse(v));
            v = Math.min(v, max.orElse(v));
            return result(check, true, v, bound, OptionalLong.empty(), "");
          }
          String why =
              !minOk
                  ? Numbers.percent((double) under / n)
                      + " of its values are below "
                      + Numbers.text(min.getAsDouble())
                  : Numbers.percent((double) (n - within) / n)
                      + " of its values are above "
                      + Numbers.text(max.getAsDouble());
          return result(
              check,
              false,
              v,
              bound,
              OptionalLong.empty(),
              check.name()
                  + ": the "
                  + Numbers.text(r.q())
                  + " quantile of "
                  + r.field()
                  + " is about "
                  + Numbers.text(v)
                  + "; it must be "
                  + bound
                  + " ("
                  + why
                  + ").");
        },
        Optional.empty());
  }

  private Planned predicate(Check check, Check.Predicate r, Checks checks) {
    String where = checks.origin().map(o -> " in " + o).orElse("");
    if (!checks.sqlTrusted()) {
      Optional<String> beyond = SqlTrust.beyondTheRows(data.sparkSession(), r.sql());
      if (beyond.isPresent()) {
        throw WickException.usage(
                "Check '"
                    + check.name()
                    + "'"
                    + where
                    + " has a SQL predicate that "
                    + beyond.get()
                    + "; the SQL of checks may only compute over the rows, so remove that from it,"
                    + " or trust the checks with Checks.trustSql() if you trust whoever wrote"
                    + " them.")
            .about(Source.TRUST_SQL, "with Checks.trustSql()");
      }
    }
    Column p;
    DataType type;
    try {
      p = expr(r.sql());
      type = data.select(p).schema().fields()[0].dataType();
      if (type.equals(DataTypes.BooleanType)) {
        // analysed as the aggregation will use it: Spark refuses some expressions only there
        data.agg(count_if(not(coalesce(p, lit(false)))));
      }
    } catch (Exception e) { // Spark's AnalysisException is checked in Java's eyes
      throw WickException.usage(
          "Check '"
              + check.name()
              + "'"
              + where
              + " has a SQL predicate Spark cannot use ("
              + firstLine(e)
              + "); fix the predicate in the checks.",
          e);
    }
    if (!type.equals(DataTypes.BooleanType)) {
      throw WickException.usage(
          "Check '"
              + check.name()
              + "'"
              + where
              + " has a SQL predicate of type "
              + type.simpleString()
              + ", not boolean; write a condition such as ended_at >= started_at.");
    }
    Column bad = not(coalesce(p, lit(false)));
    int failing = add(count_if(bad));
    return new Planned(
        check,
        a -> {
          long b = a.getLong(failing);
          Double share = rows == 0 ? null : (double) (rows - b) / rows;
          boolean ok = share == null || share >= r.minFraction();
          return result(
              check,
              ok,
              share,
              ">= " + Numbers.text(r.minFraction()),
              OptionalLong.of(b),
              check.name()
                  + ": "
                  + b
                  + " of "
                  + rows
                  + " rows do not satisfy "
                  + r.sql()
                  + "; "
                  + allowance(r.minFraction())
                  + ".");
        },
        Optional.of(bad));
  }

  /**
   * A unique check: one count of the distinct key values (nulls count as one value, as in a
   * grouping), which equals the row count exactly when no key repeats. Only a failure groups the
   * keys again, for how many repeat and for examples.
   */
  private Planned unique(Check check, Check.Unique r) {
    List<Column> keys = new ArrayList<>();
    for (int i = 0; i < r.fields().size(); i++) {
      keys.add(single(check, r.fields().get(i), "a unique").column.as(r.fields().get(i)));
    }
    Column[] keyColumns = keys.toArray(new Column[0]);
    String what =
        r.fields().size() == 1
            ? " of " + r.fields().get(0)
            : " of " + String.join(", ", r.fields());
    String noun = r.fields().size() == 1 ? "value" : "combination";
    Function<Dataset<Row>, Dataset<Row>> duplicated =
        source -> source.groupBy(keyColumns).agg(count(lit(1)).as(COUNT)).where(col(COUNT).gt(1));
    return new Planned(
        check,
        a -> {
          throw new IllegalStateException("a unique check runs its own job");
        },
        Optional.empty(),
        Optional.of(
            new OwnJob(
                source -> DistinctKeys.count(source.select(keyColumns)),
                distinct -> {
                  if (distinct == rows) {
                    return result(check, true, 0L, "0 duplicated", OptionalLong.of(0), "");
                  }
                  Row counts =
                      duplicated
                          .apply(data)
                          .agg(count(lit(1)), coalesce(sum(col(COUNT)), lit(0L)))
                          .first();
                  passes++;
                  long keysDuplicated = counts.getLong(0);
                  long rowsDuplicated = counts.getLong(1);
                  return result(
                          check,
                          false,
                          keysDuplicated,
                          "0 duplicated",
                          OptionalLong.of(keysDuplicated),
                          check.name()
                              + ": "
                              + Numbers.count(keysDuplicated, noun)
                              + what
                              + (keysDuplicated == 1 ? " occurs" : " occur")
                              + " more than once ("
                              + Numbers.count(rowsDuplicated, "row")
                              + "); each must occur once.")
                      .withExamples(examples(duplicated.apply(data)));
                })));
  }

  private Planned references(
      Check check, Check.References r, Checks checks, Map<String, Dataset<Row>> given) {
    Column c = single(check, r.field(), "a references").column;
    Dataset<Row> other = given.get(r.dataset());
    if (other == null) {
      String path = checks.references().get(r.dataset());
      if (path == null) {
        throw WickException.usage(
                "Check '"
                    + check.name()
                    + "' refers to the dataset '"
                    + r.dataset()
                    + "', which was not given; give its path under references in the checks.")
            .about("references", "give its path under references in the checks");
      }
      other = DatasetReader.read(data.sparkSession(), path, Optional.empty());
    }
    Column theirs =
        resolve(other.schema(), r.datasetField(), "the dataset '" + r.dataset() + "'", check)
            .single("a references", check)
            .column;
    String ref = "__wick_ref";
    Dataset<Row> keys = other.select(theirs.as(ref)).where(col(ref).isNotNull()).distinct();
    Function<Dataset<Row>, Dataset<Row>> orphans =
        source -> source.where(c.isNotNull()).join(keys, c.equalTo(col(ref)), "left_anti");
    return new Planned(
        check,
        a -> {
          throw new IllegalStateException("a references check runs its own job");
        },
        Optional.empty(),
        Optional.of(
            new OwnJob(
                source -> orphans.apply(source).count(),
                n -> {
                  CheckResult result =
                      result(
                          check,
                          n == 0,
                          n,
                          "0 missing",
                          OptionalLong.of(n),
                          check.name()
                              + ": "
                              + Numbers.count(n, "row")
                              + (n == 1 ? " holds a " : " hold a ")
                              + r.field()
                              + " that "
                              + r.dataset()
                              + "."
                              + r.datasetField()
                              + " does not have; none may.");
                  return n == 0 ? result : result.withExamples(examples(orphans.apply(data)));
                })));
  }

  private Planned freshness(Check check, Check.Freshness r, Instant now) {
    Resolved f = field(check, r.field());
    if (!(f.type instanceof TimestampType
        || f.type instanceof TimestampNTZType
        || f.type instanceof DateType)) {
      throw typeError(check, r.field(), f.type, "a timestamp or a date");
    }
    int at = add(f.max());
    Instant reference = r.at().orElse(now);
    String bound = "within " + Numbers.duration(r.maxAge()) + " of " + reference;
    return new Planned(
        check,
        a -> {
          Instant newest = a.isNullAt(at) ? null : instant(a.get(at));
          if (newest == null) {
            return result(
                check,
                false,
                null,
                bound,
                OptionalLong.empty(),
                check.name()
                    + ": "
                    + r.field()
                    + " has no values; its newest must be "
                    + bound
                    + ".");
          }
          Duration age = Duration.between(newest, reference);
          boolean ok = age.compareTo(r.maxAge()) <= 0;
          return result(
              check,
              ok,
              newest.toString(),
              bound,
              OptionalLong.empty(),
              check.name()
                  + ": the newest "
                  + r.field()
                  + " is "
                  + newest
                  + ", "
                  + age(age)
                  + " before "
                  + reference
                  + "; it must be "
                  + bound
                  + ".");
        },
        Optional.empty());
  }

  private static Instant instant(Object v) {
    if (v instanceof java.sql.Timestamp t) {
      return t.toInstant();
    } else if (v instanceof Instant i) {
      return i;
    } else if (v instanceof java.sql.Date d) {
      return d.toLocalDate().atStartOfDay(ZoneOffset.UTC).toInstant();
    } else if (v instanceof LocalDate d) {
      return d.atStartOfDay(ZoneOffset.UTC).toInstant();
    } else if (v instanceof LocalDateTime t) {
      return t.toInstant(ZoneOffset.UTC);
    }
    throw new IllegalStateException("not a time: " + v.getClass());
  }

  /** An age such as {@code 3d 2h 5m}. */
  private static String age(Duration d) {
    return d.isNegative() ? Numbers.duration(d.negated()) + " after, not" : Numbers.span(d);
  }

  /** The semantic type's Catalyst test of one value; fails here when it has none. */
  private Function<Column, Column> semantic(Check check, Check.Semantic r) {
    if (model == null) {
      model = Schemas.fromSpark(schema, "input");
    }
    dev.wick.core.schema.DataType storage = model.resolve(FieldPath.parse(r.field())).type();
    SemanticType type;
    try {
      type = SemanticTypes.resolve(SemanticSpec.parse(r.type()), storage, r.field());
    } catch (IllegalArgumentException e) {
      throw WickException.usage(
          "Check '" + check.name() + "': type " + e.getMessage() + "; fix the semantic type.");
    } catch (WickException e) {
      throw WickException.usage("Check '" + check.name() + "': " + e.getMessage(), e);
    }
    if (type.validWhen(lit("probe"), storage).isEmpty()) {
      throw WickException.usage(
          "Check '"
              + check.name()
              + "' uses the semantic type "
              + r.type()
              + ", which has no Spark expression to count in one pass; validate it"
              + " with a schema instead, or give a regex check.");
    }
    return v -> type.validWhen(v, storage).orElseThrow();
  }

  // ------------------------------------------------------------------ fields

  /**
   * What a check names: a field or a record's field ({@code column} is its value), or a path into
   * arrays or map values ({@code repeated}: {@code column} is the array of every value there, see
   * {@link Columns#values}). {@code type} is the type of one value. The methods give the aggregates
   * and row filters the checks need, the same way for both.
   */
  private record Resolved(
      String path, FieldPath at, Column column, DataType type, boolean repeated) {
    /** The non-null values. */
    Column present() {
      return repeated ? sumOf(size(filter(column, Column::isNotNull))) : count(column);
    }

    /** Every value, null or not (repeated paths only). */
    Column all() {
      return sumOf(size(column));
    }

    /** The values for which {@code bad} holds. */
    Column failing(Function<Column, Column> bad) {
      return repeated ? sumOf(size(filter(column, bad::apply))) : count_if(bad.apply(column));
    }

    /** The rows holding a value for which {@code bad} holds. */
    Column failingRows(Function<Column, Column> bad) {
      return repeated ? coalesce(exists(column, bad::apply), lit(false)) : bad.apply(column);
    }

    Column min() {
      return repeated ? functions.min(array_min(column)) : functions.min(column);
    }

    Column max() {
      return repeated ? functions.max(array_max(column)) : functions.max(column);
    }

    Column mean() {
      if (!repeated) {
        return avg(column);
      }
      Column values = filter(column, Column::isNotNull);
      Column n = sumOf(size(values));
      Column total =
          functions.sum(
              functions.aggregate(values, lit(0.0), (acc, v) -> acc.plus(v.cast("double"))));
      return when(n.gt(0), total.divide(n));
    }

    /** This path, refused when it steps into arrays or maps. */
    Resolved single(String kind, Check check) {
      if (repeated) {
        throw WickException.usage(
            "Check '"
                + check.name()
                + "' names "
                + path
                + ", which steps into an array or map; "
                + kind
                + " check takes a field or a record's field (completeness, allowedValues,"
                + " range, mean, regex, semantic and freshness checks also take values in"
                + " arrays and maps).");
      }
      return this;
    }

    private static Column sumOf(Column perRow) {
      return coalesce(functions.sum(perRow), lit(0L));
    }
  }

  private Resolved field(Check check, String path) {
    return resolve(schema, path, "the input", check);
  }

  private Resolved single(Check check, String path, String kind) {
    return field(check, path).single(kind, check);
  }

  private Resolved numeric(Check check, String path) {
    Resolved f = field(check, path);
    if (!(f.type instanceof NumericType)) {
      throw typeError(check, path, f.type, "a number");
    }
    return f;
  }

  /** {@code a bigint}, {@code an int}. */
  private static String article(String noun) {
    return ("aeiou".indexOf(Character.toLowerCase(noun.charAt(0))) >= 0 ? "an " : "a ") + noun;
  }

  private static WickException typeError(Check check, String path, DataType type, String wanted) {
    return WickException.usage(
        "Check '"
            + check.name()
            + "' needs "
            + wanted
            + " in "
            + path
            + ", but it is "
            + article(type.simpleString())
            + "; choose a field of that type or another kind of check.");
  }

  private static Resolved resolve(StructType struct, String text, String where, Check check) {
    FieldPath path;
    try {
      path = FieldPath.parse(text);
    } catch (WickException e) {
      throw WickException.usage("Check '" + check.name() + "': " + e.getMessage(), e);
    }
    DataType type = struct;
    for (FieldPath.Step step : path.steps()) {
      StructField found = null;
      if (type instanceof StructType s) {
        for (StructField f : s.fields()) {
          if (f.name().equals(step.name())) {
            found = f;
          }
        }
      }
      DataType stepped = found == null ? null : found.dataType();
      if (stepped != null && step.kind() == FieldPath.Step.Kind.ARRAY_ELEMENTS) {
        stepped = stepped instanceof ArrayType a ? a.elementType() : null;
      } else if (stepped != null && step.kind() == FieldPath.Step.Kind.MAP_VALUES) {
        stepped = stepped instanceof MapType m ? m.valueType() : null;
      }
      if (stepped == null) {
        throw WickException.usage(
            "Check '"
                + check.name()
                + "' names the field '"
                + text
                + "', which "
                + where
                + " does not have"
                + ChecksFile.nearest(text, paths(struct, ""))
                + "; fix the field's name in the checks.");
      }
      type = stepped;
    }
    boolean repeated = !path.isStructPath();
    return new Resolved(
        text, path, repeated ? Columns.values(path) : Columns.column(path), type, repeated);
  }

  /** Every field path through records, arrays and maps, depth first. */
  private static List<String> paths(StructType struct, String prefix) {
    List<String> out = new ArrayList<>();
    for (StructField f : struct.fields()) {
      DataType t = f.dataType();
      String path = prefix + f.name();
      out.add(path);
      if (t instanceof ArrayType a) {
        path += "[]";
        out.add(path);
        t = a.elementType();
      } else if (t instanceof MapType m) {
        path += "{}";
        out.add(path);
        t = m.valueType();
      }
      if (t instanceof StructType s) {
        out.addAll(paths(s, path + "."));
      }
    }
    return out;
  }

  // ------------------------------------------------------------------ text

  private static CheckResult result(
      Check check, boolean ok, Object measured, String bound, OptionalLong failing, String msg) {
    return new CheckResult(check, ok, measured, bound, failing, List.of(), ok ? "" : msg);
  }

  private static OptionalDouble d(OptionalLong v) {
    return v.isPresent() ? OptionalDouble.of(v.getAsLong()) : OptionalDouble.empty();
  }

  /** {@code between 1 and 2}, {@code at least 1}, {@code at most 2}. */
  static String bounds(OptionalDouble min, OptionalDouble max) {
    if (min.isPresent() && max.isPresent()) {
      return "between "
          + Numbers.text(min.getAsDouble())
          + " and "
          + Numbers.text(max.getAsDouble());
    }
    return min.isPresent()
        ? "at least " + Numbers.text(min.getAsDouble())
        : "at most " + Numbers.text(max.getAsDouble());
  }

  private static String ratios(OptionalDouble min, OptionalDouble max) {
    if (min.isPresent() && max.isPresent()) {
      return Numbers.text(min.getAsDouble()) + " to " + Numbers.text(max.getAsDouble());
    }
    return Numbers.text(min.isPresent() ? min.getAsDouble() : max.getAsDouble());
  }

  private static String listed(List<?> values) {
    String shown = values.stream().limit(10).map(String::valueOf).collect(Collectors.joining(", "));
    return values.size() > 10 ? shown + " (and " + (values.size() - 10) + " more)" : shown;
  }
}
