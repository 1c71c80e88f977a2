package dev.wick.sampler;

import static org.apache.spark.sql.functions.broadcast;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.min;
import static org.apache.spark.sql.functions.rand;
import static org.apache.spark.sql.functions.struct;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.to_json;

import dev.wick.core.WickException;
import dev.wick.core.schema.FieldPath;
import dev.wick.core.schema.ResolvedPath;
import dev.wick.core.schema.Schema;
import dev.wick.core.schema.Schemas;
import dev.wick.core.spark.Columns;
import dev.wick.core.spark.KeyHash;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.expressions.Window;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Pass 1 of a sample: resolves the fields, counts what the spec needs counted (nothing for a plain
 * fraction; records; records per stratum; records per stratum and unit-value bucket for {@code
 * --exact}), and shares the target among the strata.
 */
final class SamplePlanner {
  /** More strata than this is almost surely a key, not a stratum; it is refused. */
  static final int MAX_STRATA = 100_000;

  private SamplePlanner() {}

  static Sample plan(SampleSpec spec, Dataset<Row> input) {
    StructType schema = input.schema();
    Schema model = Schemas.fromSpark(schema, "Input");
    List<FieldPath> strata =
        StrataFields.resolveStrata(model, spec.strata()).stream().map(ResolvedPath::path).toList();
    Column unit;
    String unitSql;
    if (spec.byKey()) {
      KeyHash.Unit both = KeyHash.both(schema, spec.by(), spec.seed());
      unit = both.column();
      unitSql = both.sql();
    } else {
      unit = rand(spec.seed());
      unitSql = "rand(" + spec.seed() + ")";
    }
    Sample.Plan base = new Sample.Plan(spec, input, unit, unitSql, strata);
    if (!spec.stratified()) {
      return unstratified(base);
    }
    return stratified(base);
  }

  private static Sample unstratified(Sample.Plan plan) {
    SampleSpec spec = plan.spec();
    if (!spec.exact() && spec.target() instanceof SampleSize.Fraction f) {
      // One pass: the records in are counted while the sample is written.
      PlannedStratum all =
          new PlannedStratum(0, List.of(), "{}", -1, Double.NaN, f.value(), PlanColumns.NO_BUCKET);
      return new Sample(plan, List.of(all), Optional.empty(), -1, 1);
    }
    if (!spec.exact()) {
      long total = plan.input().count();
      requireRecords(total);
      double target = Allocation.targets(spec, new long[] {total})[0];
      PlannedStratum all =
          new PlannedStratum(
              0, List.of(), "{}", total, target, target / total, PlanColumns.NO_BUCKET);
      return new Sample(plan, List.of(all), Optional.empty(), total, 2);
    }
    List<Row> buckets =
        plan.input()
            .select(PlanColumns.bucket(plan.unit()).as(PlanColumns.BUCKET))
            .groupBy(PlanColumns.BUCKET)
            .agg(count(lit(1)).as(PlanColumns.COUNT))
            .orderBy(PlanColumns.BUCKET)
            .collectAsList();
    long total = buckets.stream().mapToLong(r -> r.getLong(1)).sum();
    requireRecords(total);
    long target = (long) Allocation.targets(spec, new long[] {total})[0];
    long maxBucket = PlanColumns.NO_BUCKET;
    long cumulative = 0;
    for (Row r : buckets) {
      if (cumulative >= target) {
        break;
      }
      cumulative += r.getLong(1);
      maxBucket = r.getLong(0);
    }
    PlannedStratum all =
        new PlannedStratum(0, List.of(), "{}", total, target, Double.NaN, maxBucket);
    return new Sample(plan, List.of(all), Optional.empty(), total, 2);
  }

  private static Sample stratified(Sample.Plan plan) {
    SampleSpec spec = plan.spec();
    Dataset<Row> input = plan.input();
    List<FieldPath> strata = plan.strata();
    List<Column> strataColumns = new ArrayList<>();
    List<Column> keyFields = new ArrayList<>();
    for (int i = 0; i < strata.size(); i++) {
      strataColumns.add(Columns.column(strata.get(i)).as(PlanColumns.stratum(i)));
      keyFields.add(col(PlanColumns.stratum(i)).as(spec.strata().get(i)));
    }
    Column[] groups = new Column[strata.size()];
    for (int i = 0; i < groups.length; i++) {
      groups[i] = col(PlanColumns.stratum(i));
    }
    Dataset<Row> totals;
    Dataset<Row> perBucket = null;
    if (!spec.exact()) {
      totals =
          input
              .select(strataColumns.toArray(Column[]::new))
              .groupBy(groups)
              .agg(count(lit(1)).as(PlanColumns.COUNT));
    } else {
      List<Column> select = new ArrayList<>(strataColumns);
      select.add(PlanColumns.bucket(plan.unit()).as(PlanColumns.BUCKET));
      List<Column> groupsAndBucket = new ArrayList<>(List.of(groups));
      groupsAndBucket.add(col(PlanColumns.BUCKET));
      // Pass 1 of an exact sample: records per stratum and bucket, kept for the thresholds.
      perBucket =
          input
              .select(select.toArray(Column[]::new))
              .groupBy(groupsAndBucket.toArray(Column[]::new))
              .agg(count(lit(1)).as(PlanColumns.COUNT))
              .persist();
      totals = perBucket.groupBy(groups).agg(sum(PlanColumns.COUNT).as(PlanColumns.COUNT));
    }
    try {
      Column key = struct(keyFields.toArray(Column[]::new));
      List<Row> rows =
          totals
              .select(
                  struct(groups).as(PlanColumns.KEY),
                  col(PlanColumns.COUNT),
                  to_json(key, Map.of("ignoreNullFields", "false")).as(PlanColumns.KEY_JSON))
              .orderBy(orderColumns(strata.size()))
              .limit(MAX_STRATA + 1)
              .collectAsList();
      if (rows.size() > MAX_STRATA) {
        throw WickException.usage(
                "The fields "
                    + String.join(",", spec.strata())
                    + " form more than "
                    + MAX_STRATA
                    + " groups; give strata fewer or coarser fields (a stratum is a group, not a"
                    + " key).")
            .about("strata", "strata");
      }
      long[] sizes = rows.stream().mapToLong(r -> r.getLong(1)).toArray();
      long total = 0;
      for (long s : sizes) {
        total += s;
      }
      requireRecords(total);
      double[] targets = Allocation.targets(spec, sizes);
      StructType keyType =
          (StructType) totals.select(struct(groups)).schema().fields()[0].dataType();
      Dataset<Row> table = planTable(input, rows, keyType, targets, sizes, null);
      long[] maxBuckets = new long[rows.size()];
      if (spec.exact()) {
        maxBuckets = thresholds(perBucket, table, strata.size(), targets);
        table = planTable(input, rows, keyType, targets, sizes, maxBuckets);
      }
      List<PlannedStratum> planned = new ArrayList<>();
      for (int i = 0; i < rows.size(); i++) {
        Row k = rows.get(i).getStruct(0);
        List<Object> values = new ArrayList<>();
        for (int j = 0; j < k.size(); j++) {
          values.add(k.get(j));
        }
        planned.add(
            new PlannedStratum(
                i,
                Collections.unmodifiableList(values),
                rows.get(i).getString(2),
                sizes[i],
                targets[i],
                Math.min(1.0, targets[i] / sizes[i]),
                spec.exact() ? maxBuckets[i] : PlanColumns.NO_BUCKET));
      }
      return new Sample(plan, planned, Optional.of(table), total, 2);
    } finally {
      if (perBucket != null) {
        perBucket.unpersist(false);
      }
    }
  }

  private static Column[] orderColumns(int n) {
    Column[] order = new Column[n];
    for (int i = 0; i < n; i++) {
      order[i] = col(PlanColumns.KEY).getField(PlanColumns.stratum(i)).asc_nulls_first();
    }
    return order;
  }

  /**
   * The plan table: one row per stratum with its typed key fields ({@code k0, k1, ...}), its id,
   * keep probability, target and candidate bucket bound. Small: it is broadcast into pass 2.
   */
  private static Dataset<Row> planTable(
      Dataset<Row> input,
      List<Row> rows,
      StructType keyType,
      double[] targets,
      long[] sizes,
      long[] maxBuckets) {
    List<StructField> fields = new ArrayList<>();
    for (int i = 0; i < keyType.fields().length; i++) {
      StructField f = keyType.fields()[i];
      fields.add(DataTypes.createStructField(Sample.planKey(i), f.dataType(), true));
    }
    fields.add(DataTypes.createStructField(PlanColumns.ID, DataTypes.IntegerType, false));
    fields.add(DataTypes.createStructField(PlanColumns.PROBABILITY, DataTypes.DoubleType, false));
    fields.add(DataTypes.createStructField(PlanColumns.TARGET, DataTypes.LongType, false));
    fields.add(DataTypes.createStructField(PlanColumns.MAX_BUCKET, DataTypes.LongType, false));
    List<Row> table = new ArrayList<>();
    for (int i = 0; i < rows.size(); i++) {
      Row key = rows.get(i).getStruct(0);
      Object[] values = new Object[key.size() + 4];
      for (int j = 0; j < key.size(); j++) {
        values[j] = key.get(j);
      }
      values[key.size()] = i;
      values[key.size() + 1] = Math.min(1.0, targets[i] / sizes[i]);
      values[key.size() + 2] = (long) Math.rint(targets[i]);
      values[key.size() + 3] = maxBuckets == null ? PlanColumns.NO_BUCKET : maxBuckets[i];
      table.add(RowFactory.create(values));
    }
    return input.sparkSession().createDataFrame(table, DataTypes.createStructType(fields));
  }

  /**
   * The candidate bucket bound per stratum: the first bucket at which the stratum's running count
   * reaches its target, computed on pass 1's per-bucket counts (not on the data).
   */
  private static long[] thresholds(
      Dataset<Row> perBucket, Dataset<Row> table, int keys, double[] targets) {
    Column joinOn = lit(true);
    for (int i = 0; i < keys; i++) {
      joinOn =
          joinOn.and(
              perBucket.col(PlanColumns.stratum(i)).eqNullSafe(table.col(Sample.planKey(i))));
    }
    var window =
        Window.partitionBy(col(PlanColumns.ID))
            .orderBy(col(PlanColumns.BUCKET))
            .rowsBetween(Window.unboundedPreceding(), Window.currentRow());
    List<Row> bounds =
        perBucket
            .join(broadcast(table), joinOn, "inner")
            .select(
                col(PlanColumns.ID),
                col(PlanColumns.TARGET),
                col(PlanColumns.BUCKET),
                col(PlanColumns.COUNT))
            .withColumn(PlanColumns.RUNNING, sum(PlanColumns.COUNT).over(window))
            .where(col(PlanColumns.RUNNING).geq(col(PlanColumns.TARGET)))
            .groupBy(PlanColumns.ID)
            .agg(min(PlanColumns.BUCKET))
            .collectAsList();
    Map<Integer, Long> byId = new HashMap<>();
    for (Row r : bounds) {
      byId.put(r.getInt(0), r.getLong(1));
    }
    long[] out = new long[targets.length];
    for (int i = 0; i < targets.length; i++) {
      out[i] = targets[i] < 1 ? PlanColumns.NO_BUCKET : byId.getOrDefault(i, PlanColumns.NO_BUCKET);
    }
    return out;
  }

  static void requireRecords(long total) {
    if (total == 0) {
      throw WickException.usage(
          "The input holds no records, so there is nothing to sample; check that the path points"
              + " at the data you meant.");
    }
  }
}
