package dev.wick.bigdiff;

import static org.apache.spark.sql.functions.abs;
import static org.apache.spark.sql.functions.approx_percentile;
import static org.apache.spark.sql.functions.array;
import static org.apache.spark.sql.functions.avg;
import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.count_if;
import static org.apache.spark.sql.functions.histogram_numeric;
import static org.apache.spark.sql.functions.kurtosis;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.max;
import static org.apache.spark.sql.functions.min;
import static org.apache.spark.sql.functions.skewness;
import static org.apache.spark.sql.functions.struct;
import static org.apache.spark.sql.functions.var_samp;
import static org.apache.spark.sql.functions.when;

import dev.wick.bigdiff.Alignment.KeyField;
import dev.wick.bigdiff.Alignment.Leaf;
import dev.wick.bigdiff.FieldStats.Example;
import dev.wick.bigdiff.FieldStats.HistogramBin;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Row;

/**
 * The statistics of a diff as mergeable aggregates that ride along the diff's single pass (Spark
 * observations), and their conversion into a {@link DiffSummary}.
 *
 * <p>The global counts observe every joined row; the field statistics observe only the rows kept
 * for {@code keys/} (a field can only differ on a DIFFERENT key), so SAME rows cost a few counters.
 * Moments use Spark's numerically stable central-moment aggregates and are converted to the
 * bias-corrected sample statistics commons-math3 defines.
 */
final class Metrics {
  /** Bins of the approximate delta histograms in the report. */
  static final int HISTOGRAM_BINS = 20;

  /** Accuracy of the approximate percentiles: rank error at most 1/ACCURACY of the count. */
  static final int PERCENTILE_ACCURACY = 10_000;

  private Metrics() {}

  static Column[] global() {
    Column rep = col(DiffPlan.REPRESENTATIVE);
    Column dup = col(DiffPlan.DIFF).equalTo(lit(DiffPlan.DUPLICATE));
    Column dupExample =
        when(
            rep.and(dup),
            struct(col(DiffPlan.KEY), col(DiffPlan.COUNT_LHS), col(DiffPlan.COUNT_RHS)));
    return new Column[] {
      count_if(rep).as("total"),
      count_if(is(DiffType.SAME)).as("same"),
      count_if(is(DiffType.DIFFERENT)).as("different"),
      count_if(is(DiffType.MISSING_LHS)).as("missingLhs"),
      count_if(is(DiffType.MISSING_RHS)).as("missingRhs"),
      count_if(rep.and(col(DiffPlan.DUP_LHS))).as("duplicateKeysLhs"),
      count_if(rep.and(col(DiffPlan.DUP_RHS))).as("duplicateKeysRhs"),
      count_if(rep.and(dup)).as("duplicateKeys"),
      count_if(rep.and(col(DiffPlan.KEY_HAS_NULL))).as("nullKeys"),
      min(dupExample).as("dupFirst"),
      max(dupExample).as("dupLast")
    };
  }

  private static Column is(DiffType type) {
    return col(DiffPlan.DIFF).equalTo(lit(type.name()));
  }

  static Column[] fields(Alignment alignment) {
    List<Column> out = new ArrayList<>();
    List<Leaf> leaves = alignment.leaves;
    for (int i = 0; i < leaves.size(); i++) {
      Column d = col(DiffPlan.differs(i));
      Column delta = col(DiffPlan.delta(i));
      String p = "f" + i + "_";
      out.add(count_if(d).as(p + "different"));
      if (Deltas.typeOf(leaves.get(i)).isPresent()) {
        out.add(count(delta).as(p + "count"));
        out.add(min(delta).as(p + "min"));
        out.add(max(delta).as(p + "max"));
        out.add(avg(delta).as(p + "mean"));
        out.add(var_samp(delta).as(p + "variance"));
        out.add(skewness(delta).as(p + "skewness"));
        out.add(kurtosis(delta).as(p + "kurtosis"));
        out.add(
            approx_percentile(delta, array(lit(0.5), lit(0.9), lit(0.99)), lit(PERCENTILE_ACCURACY))
                .as(p + "percentiles"));
        out.add(histogram_numeric(delta, lit(HISTOGRAM_BINS)).as(p + "histogram"));
      }
      Column example =
          struct(col(DiffPlan.KEY), col(DiffPlan.leftText(i)), col(DiffPlan.rightText(i)), delta);
      out.add(min(when(d, example)).as(p + "first"));
      out.add(
          max(when(
                  d,
                  struct(
                      coalesce(abs(delta), lit(-1.0)),
                      col(DiffPlan.KEY),
                      col(DiffPlan.leftText(i)),
                      col(DiffPlan.rightText(i)),
                      delta)))
              .as(p + "largest"));
    }
    if (out.isEmpty()) {
      out.add(count(lit(1)).as("rows"));
    }
    return out.toArray(new Column[0]);
  }

  static GlobalCounts globalCounts(Row g) {
    return new GlobalCounts(
        g.getAs("total"),
        g.getAs("same"),
        g.getAs("different"),
        g.getAs("missingLhs"),
        g.getAs("missingRhs"),
        g.getAs("duplicateKeysLhs"),
        g.getAs("duplicateKeysRhs"),
        g.getAs("duplicateKeys"),
        g.getAs("nullKeys"));
  }

  /** Up to two duplicated keys with their row counts: {@code (id=3) lhs 2 rows, rhs 1 row}. */
  static List<String> duplicateExamples(Row g, Alignment alignment) {
    List<String> out = new ArrayList<>();
    for (String name : List.of("dupFirst", "dupLast")) {
      Row r = g.getAs(name);
      if (r != null) {
        String text =
            "("
                + key(r.getStruct(0), alignment)
                + ") lhs "
                + rows(r.getLong(1))
                + ", rhs "
                + rows(r.getLong(2));
        if (!out.contains(text)) {
          out.add(text);
        }
      }
    }
    return out;
  }

  private static String rows(long n) {
    return n + (n == 1 ? " row" : " rows");
  }

  static List<FieldStats> fieldStats(Row f, Alignment alignment, GlobalCounts global) {
    List<FieldStats> out = new ArrayList<>();
    List<Leaf> leaves = alignment.leaves;
    for (int i = 0; i < leaves.size(); i++) {
      Leaf leaf = leaves.get(i);
      String p = "f" + i + "_";
      long different = f.getAs(p + "different");
      double fraction = global.different() == 0 ? 0.0 : (double) different / global.different();
      Optional<DeltaType> type = Deltas.typeOf(leaf);
      Optional<DeltaStats> delta = type.map(t -> deltaStats(f, p, t));
      List<HistogramBin> histogram = new ArrayList<>();
      if (type.isPresent() && f.getAs(p + "histogram") != null) {
        for (Object bin : f.getList(f.fieldIndex(p + "histogram"))) {
          Row b = (Row) bin;
          histogram.add(new HistogramBin(b.getDouble(0), b.getDouble(1)));
        }
        histogram.sort(Comparator.comparingDouble(HistogramBin::center));
      }
      List<Example> examples = new ArrayList<>();
      Row largest = f.getAs(p + "largest");
      if (largest != null) {
        examples.add(example(largest, 1, alignment));
      }
      Row first = f.getAs(p + "first");
      if (first != null) {
        Example e = example(first, 0, alignment);
        if (examples.isEmpty() || !examples.get(0).key().equals(e.key())) {
          examples.add(e);
        }
      }
      out.add(new FieldStats(leaf.name(), different, fraction, delta, examples, histogram));
    }
    out.sort(Comparator.comparingLong(FieldStats::different).reversed());
    return out;
  }

  private static DeltaStats deltaStats(Row f, String p, DeltaType type) {
    long n = f.getAs(p + "count");
    OptionalDouble variance = n == 1 ? OptionalDouble.of(0.0) : optional(f, p + "variance");
    OptionalDouble skewness = OptionalDouble.empty();
    OptionalDouble kurtosis = OptionalDouble.empty();
    OptionalDouble g1 = optional(f, p + "skewness");
    OptionalDouble g2 = optional(f, p + "kurtosis");
    // Spark gives the population skewness g1 and excess kurtosis g2; commons-math3 (and most
    // statistics packages) report the bias-corrected sample versions G1 and G2.
    if (n >= 3 && g1.isPresent() && Double.isFinite(g1.getAsDouble())) {
      skewness = OptionalDouble.of(Math.sqrt(n * (n - 1.0)) / (n - 2.0) * g1.getAsDouble());
    }
    if (n >= 4 && g2.isPresent() && Double.isFinite(g2.getAsDouble())) {
      kurtosis =
          OptionalDouble.of(
              (n - 1.0) / ((n - 2.0) * (n - 3.0)) * ((n + 1.0) * g2.getAsDouble() + 6.0));
    }
    OptionalDouble p50 = OptionalDouble.empty();
    OptionalDouble p90 = OptionalDouble.empty();
    OptionalDouble p99 = OptionalDouble.empty();
    if (f.getAs(p + "percentiles") != null) {
      List<Object> ps = f.getList(f.fieldIndex(p + "percentiles"));
      p50 = OptionalDouble.of((Double) ps.get(0));
      p90 = OptionalDouble.of((Double) ps.get(1));
      p99 = OptionalDouble.of((Double) ps.get(2));
    }
    return new DeltaStats(
        type,
        n,
        optional(f, p + "min"),
        optional(f, p + "max"),
        optional(f, p + "mean"),
        variance.isPresent() ? OptionalDouble.of(Math.sqrt(variance.getAsDouble())) : variance,
        variance,
        skewness,
        kurtosis,
        p50,
        p90,
        p99);
  }

  private static Example example(Row r, int offset, Alignment alignment) {
    Object delta = r.get(offset + 3);
    return new Example(
        key(r.getStruct(offset), alignment),
        r.getString(offset + 1),
        r.getString(offset + 2),
        delta == null ? OptionalDouble.empty() : OptionalDouble.of((Double) delta));
  }

  /** A key as {@code name=value, ...}. */
  static String key(Row key, Alignment alignment) {
    StringBuilder out = new StringBuilder();
    List<KeyField> keys = alignment.keys;
    for (int i = 0; i < keys.size(); i++) {
      if (i > 0) {
        out.append(", ");
      }
      Object v = key.get(i);
      out.append(keys.get(i).path())
          .append('=')
          .append(v instanceof byte[] b ? java.util.HexFormat.of().formatHex(b) : v);
    }
    return out.toString();
  }

  private static OptionalDouble optional(Row r, String name) {
    Object v = r.getAs(name);
    return v == null ? OptionalDouble.empty() : OptionalDouble.of(((Number) v).doubleValue());
  }
}
