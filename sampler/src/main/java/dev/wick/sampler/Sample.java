package dev.wick.sampler;

import static org.apache.spark.sql.functions.broadcast;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.row_number;
import static org.apache.spark.sql.functions.struct;
import static org.apache.spark.sql.functions.to_json;
import static org.apache.spark.sql.functions.xxhash64;

import dev.wick.core.WickException;
import dev.wick.core.io.Format;
import dev.wick.core.io.Output;
import dev.wick.core.schema.FieldPath;
import dev.wick.core.spark.Columns;
import dev.wick.core.spark.Observations;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Consumer;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Observation;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.expressions.Window;
import org.apache.spark.sql.functions;
import org.apache.spark.storage.StorageLevel;

/**
 * A planned sample of one dataset: what {@link SampleSpec#select} returns after pass 1 (if the spec
 * needs one). {@link #data()} is the sample as a lazy {@code Dataset<Row>} with the input's schema,
 * for use inside a job; {@link #writeTo} and {@link #count} run pass 2 and measure what was kept,
 * per stratum, in the same pass.
 *
 * <p>How pass 2 decides: every record gets a unit value {@code u} in [0, 1), the {@link
 * dev.wick.core.spark.KeyHash} of its key (with {@code --by}) or {@code rand(seed)}. Without {@code
 * --exact} a record of a stratum is kept when {@code u} is below the stratum's keep probability
 * (its target over its size). With {@code --exact} the records of a stratum whose {@code u} lies in
 * the buckets pass 1 found to hold the target (at least the target, about 1% more) are ranked by
 * {@code u} within their stratum, and the first {@code target} are kept: the target exactly, never
 * a third pass. Exact sampling without strata ranks in a single Spark partition.
 */
public final class Sample {
  /** Everything pass 1 resolved before counting: the spec, input, unit value and strata paths. */
  record Plan(
      SampleSpec spec, Dataset<Row> input, Column unit, String unitSql, List<FieldPath> strata) {}

  private final Plan plan;
  private final List<PlannedStratum> strata;
  private final Optional<Dataset<Row>> table;
  private final long recordsIn;
  private final int passes;

  Sample(
      Plan plan,
      List<PlannedStratum> strata,
      Optional<Dataset<Row>> table,
      long recordsIn,
      int passes) {
    this.plan = plan;
    this.strata = List.copyOf(strata);
    this.table = table;
    this.recordsIn = recordsIn;
    this.passes = passes;
  }

  /** The key column of the i-th stratum field in the plan table. */
  static String planKey(int i) {
    return PlanColumns.PREFIX + "k" + i;
  }

  public SampleSpec spec() {
    return plan.spec();
  }

  /** The records in, when pass 1 counted them (every spec but a plain fraction without strata). */
  public OptionalLong recordsIn() {
    return recordsIn < 0 ? OptionalLong.empty() : OptionalLong.of(recordsIn);
  }

  /** How many times taking this sample reads the input: 1 for a plain fraction, else 2. */
  public int passes() {
    return passes;
  }

  /**
   * The Spark SQL expression of each record's unit value: the key hash (see {@link
   * dev.wick.core.spark.KeyHash}) or {@code rand(seed)}.
   */
  public String unitSql() {
    return plan.unitSql();
  }

  /** The sample: a lazy dataset with the input's schema. */
  public Dataset<Row> data() {
    return build(false, null, null);
  }

  /** Writes the sample as the part {@code relative} of {@code output} and measures it. */
  public SampleResult writeTo(Output output, String relative, Format format) {
    return writeTo(output, relative, format, Map.of());
  }

  /**
   * Writes the sample as the part {@code relative} of {@code output} with writer options (such as
   * an Avro schema) and measures it.
   */
  public SampleResult writeTo(
      Output output, String relative, Format format, Map<String, String> options) {
    return materialize(d -> output.writeDataset(relative, d, format, options));
  }

  /** Takes the sample without writing it anywhere and measures it. */
  public SampleResult count() {
    return materialize(d -> d.write().format("noop").mode("overwrite").save());
  }

  private SampleResult materialize(Consumer<Dataset<Row>> sink) {
    if (table.isPresent()) {
      Dataset<Row> withId = build(true, null, null).persist(StorageLevel.MEMORY_AND_DISK());
      try {
        Map<Integer, Long> kept = new HashMap<>();
        for (Row r : withId.groupBy(PlanColumns.ID).count().collectAsList()) {
          kept.put(r.getInt(0), r.getLong(1));
        }
        sink.accept(withId.drop(PlanColumns.ID));
        return result(recordsIn, passes, id -> kept.getOrDefault(id, 0L));
      } finally {
        withId.unpersist(false);
      }
    }
    Observation out = new Observation();
    long in = recordsIn;
    int passesTaken = passes;
    if (in < 0 && ScanRowCount.applies(plan.input())) {
      OptionalLong scanned =
          ScanRowCount.during(
              plan.input().sparkSession(), out.name(), () -> sink.accept(build(false, null, out)));
      if (scanned.isPresent()) {
        in = scanned.getAsLong();
      } else {
        in = plan.input().count();
        passesTaken++;
      }
    } else if (in < 0) {
      Observation observedIn = new Observation();
      sink.accept(build(false, observedIn, out));
      in = observed(observedIn);
    } else {
      sink.accept(build(false, null, out));
    }
    long recordsOut = observed(out);
    SamplePlanner.requireRecords(in);
    return result(in, passesTaken, id -> recordsOut);
  }

  private SampleResult result(
      long in, int passesTaken, java.util.function.IntToLongFunction actual) {
    List<SampleResult.StratumCount> counts = new ArrayList<>();
    long out = 0;
    double target = 0;
    for (PlannedStratum s : strata) {
      long size = s.size() < 0 ? in : s.size();
      double t = Double.isNaN(s.target()) ? s.probability() * size : s.target();
      long kept = actual.applyAsLong(s.id());
      if (plan.spec().exact() && kept != (long) t) {
        // Only an input that yields other records (or another order) when read again gets here.
        throw WickException.internal(
            "The exact sample kept "
                + kept
                + " records where "
                + (long) t
                + " were planned, because the input changed between the two passes; sample data"
                + " read from files, or persist the input first.",
            null);
      }
      counts.add(new SampleResult.StratumCount(s.key(), s.keyJson(), size, t, kept));
      out += kept;
      target += t;
    }
    return new SampleResult(
        plan.spec(),
        in,
        out,
        target,
        passesTaken,
        plan.spec().stratified() ? counts : List.of(),
        plan.unitSql());
  }

  private static long observed(Observation observation) {
    return Observations.row(observation, java.time.Duration.ofMinutes(10))
        .orElseThrow(
            () -> WickException.internal("Spark did not report the sample's record counts.", null))
        .getLong(0);
  }

  /** The pass-2 plan: unit values, the decision, and (with {@code exact}) the rank cut. */
  private Dataset<Row> build(boolean withId, Observation in, Observation out) {
    Dataset<Row> input = plan.input();
    if (table.isEmpty() && !plan.spec().exact() && !withId) {
      // A plain fraction: one filter on the unit value, nothing added or dropped. Every extra
      // Dataset step (a helper column, then a projection to drop it) is another analysis of the
      // plan on the driver, a fixed cost per sample that the plain Dataset.sample does not pay.
      Dataset<Row> base =
          in == null ? input : input.observe(in, functions.count(lit(1)).as("records"));
      double p = strata.get(0).probability();
      Dataset<Row> kept = p >= 1.0 ? base : base.where(plan.unit().lt(lit(p)));
      return out == null ? kept : kept.observe(out, functions.count(lit(1)).as("records"));
    }
    Column[] original =
        Arrays.stream(input.columns())
            .map(dev.wick.core.spark.Columns::column)
            .toArray(Column[]::new);
    Dataset<Row> base =
        in == null ? input : input.observe(in, functions.count(lit(1)).as("records"));
    base = base.withColumn(PlanColumns.UNIT, plan.unit());
    boolean exact = plan.spec().exact();
    Dataset<Row> kept;
    if (table.isEmpty()) {
      PlannedStratum all = strata.get(0);
      if (!exact) {
        kept =
            all.probability() >= 1.0
                ? base
                : base.where(PlanColumns.unit().lt(lit(all.probability())));
      } else {
        kept =
            ranked(
                base.where(PlanColumns.bucket(PlanColumns.unit()).leq(lit(all.maxBucket()))),
                original,
                // One window partition for all candidates. A literal would do, but Spark drops a
                // foldable partition key and then warns about a window without one.
                PlanColumns.unit().multiply(lit(0)),
                lit((long) all.target()));
      }
    } else {
      Dataset<Row> strataTable = broadcast(table.get());
      Column on = lit(true);
      for (int i = 0; i < plan.strata().size(); i++) {
        on = on.and(Columns.column(plan.strata().get(i)).eqNullSafe(strataTable.col(planKey(i))));
      }
      Dataset<Row> joined = base.join(strataTable, on, "inner");
      kept =
          exact
              ? ranked(
                  joined.where(
                      PlanColumns.bucket(PlanColumns.unit()).leq(col(PlanColumns.MAX_BUCKET))),
                  original,
                  col(PlanColumns.ID),
                  col(PlanColumns.TARGET))
              : joined.where(PlanColumns.unit().lt(col(PlanColumns.PROBABILITY)));
    }
    List<Column> columns = new ArrayList<>(List.of(original));
    if (withId) {
      columns.add(col(PlanColumns.ID));
    }
    Dataset<Row> result = kept.select(columns.toArray(Column[]::new));
    return out == null ? result : result.observe(out, functions.count(lit(1)).as("records"));
  }

  /**
   * Keeps the first {@code target} candidates of each stratum by unit value; ties (records sharing
   * a key) are broken by a hash of the whole record, so the cut is the same in every run.
   */
  private Dataset<Row> ranked(
      Dataset<Row> candidates, Column[] original, Column partition, Column target) {
    Column tie =
        xxhash64(
            lit(plan.spec().seed()),
            to_json(struct(original), Map.of("ignoreNullFields", "false")));
    var window = Window.partitionBy(partition).orderBy(PlanColumns.unit(), col(PlanColumns.TIE));
    return candidates
        .withColumn(PlanColumns.TIE, tie)
        .withColumn(PlanColumns.RANK, row_number().over(window))
        .where(col(PlanColumns.RANK).leq(target));
  }
}
