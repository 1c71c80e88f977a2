package dev.wick.bigdiff;

import static org.apache.spark.sql.functions.abs;
import static org.apache.spark.sql.functions.approx_percentile;
import static org.apache.spark.sql.functions.array;
import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.count_if;
import static org.apache.spark.sql.functions.histogram_numeric;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.max;
import static org.apache.spark.sql.functions.min;
import static org.apache.spark.sql.functions.struct;
import static org.apache.spark.sql.functions.when;

import dev.wick.bigdiff.Alignment.KeyField;
import dev.wick.bigdiff.Alignment.Leaf;
import dev.wick.bigdiff.FieldStats.Example;
import dev.wick.bigdiff.FieldStats.HistogramBin;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Row;

/**
 * The statistics of a diff as mergeable aggregates, and their conversion into a {@link
 * DiffSummary}.
 *
 * <p>The key counts ride along the diff's single pass as Spark observations: every joined row only
 * bumps one counter (the total), the rest observes the rows that are not SAME, and SAME is what is
 * left of the total. The field statistics aggregate the differing fields of the {@code keys/} rows
 * (one row per key and differing field, grouped by field), so that the plan stays the same size
 * however many fields are compared. Moments use Spark's numerically stable central-moment
 * aggregates and are converted to the bias-corrected sample statistics commons-math3 defines.
 */
final class Metrics {
  /** Bins of the approximate delta histograms in the report. */
  static final int HISTOGRAM_BINS = 20;

  private Metrics() {}

  /** Counted on every joined row: the distinct keys (one representative row per key). */
  static Column[] total() {
    return new Column[] {count_if(DiffPlan.REPRESENTATIVE.col()).as("total")};
  }

  /**
   * Counted on the rows that are not SAME (and SAME rows with a null key part): the
   * classifications, duplicates and null keys. SAME is the rest of the total.
   */
  static Column[] global(Alignment alignment) {
    Column rep = DiffPlan.REPRESENTATIVE.col();
    Column dup = Classification.DUPLICATE.is(DiffPlan.DIFF.col());
    Column dupExample =
        when(
            rep.and(dup),
            struct(
                DiffPlan.keyStruct(alignment), DiffPlan.COUNT_LHS.col(), DiffPlan.COUNT_RHS.col()));
    return new Column[] {
      count_if(is(DiffType.DIFFERENT)).as("different"),
      count_if(is(DiffType.MISSING_LHS)).as("missingLhs"),
      count_if(is(DiffType.MISSING_RHS)).as("missingRhs"),
      count_if(rep.and(DiffPlan.DUP_LHS.col())).as("duplicateKeysLhs"),
      count_if(rep.and(DiffPlan.DUP_RHS.col())).as("duplicateKeysRhs"),
      count_if(rep.and(dup)).as("duplicateKeys"),
      count_if(rep.and(DiffPlan.KEY_HAS_NULL.col())).as("nullKeys"),
      count_if(rep.and(dup).and(DiffPlan.COUNT_LHS.col().equalTo(lit(0L)))).as("dupOnlyRhs"),
      count_if(rep.and(dup).and(DiffPlan.COUNT_RHS.col().equalTo(lit(0L)))).as("dupOnlyLhs"),
      min(dupExample).as("dupFirst"),
      max(dupExample).as("dupLast")
    };
  }

  private static Column is(DiffType type) {
    return Classification.of(type).is(DiffPlan.DIFF.col());
  }

  /** The name of the exploded {@code (field, left, right, delta)} column in {@link #fields}. */
  static final String FIELD = "f";

  /** The name of the key struct column in {@link #fields}. */
  static final String KEY = "k";

  /**
   * Per differing field, over rows of a key struct {@link #KEY} and one {@code (field, left, right,
   * delta)} struct {@link #FIELD}: grouped by the field's name.
   */
  static Column[] fields() {
    Column delta = col(FIELD + ".delta");
    Column left = col(FIELD + ".left");
    Column right = col(FIELD + ".right");
    Column element = col(FIELD + ".element");
    List<Column> out =
        new ArrayList<>(
            List.of(
                count(lit(1)).as("different"),
                count(delta).as("count"),
                count_if(left.isNull()).as("leftNull"),
                count_if(right.isNull()).as("rightNull"),
                count(element).as("elements"),
                count_if(col(FIELD + ".lowerBound")).as("lowerBounds")));
    for (DeltaStatistic s : DeltaStatistic.values()) {
      s.aggregate(delta).ifPresent(c -> out.add(c.as(s.key())));
    }
    Column[] levels =
        DeltaStatistic.percentiles().stream().map(p -> lit(p.percentile())).toArray(Column[]::new);
    out.add(
        approx_percentile(delta, array(levels), lit(DeltaStatistic.PERCENTILE_ACCURACY))
            .as(DeltaStatistic.PERCENTILES));
    out.add(histogram_numeric(delta, lit(HISTOGRAM_BINS)).as("histogram"));
    Column bound = col(FIELD + ".lowerBound");
    out.add(min(struct(col(KEY), left, right, delta, element, bound)).as("first"));
    out.add(
        max(struct(coalesce(abs(delta), lit(-1.0)), col(KEY), left, right, delta, element, bound))
            .as("largest"));
    return out.toArray(Column[]::new);
  }

  static GlobalCounts globalCounts(Row total, Row stats) {
    long all = total.getAs("total");
    long different = stats.getAs("different");
    long missingLhs = stats.getAs("missingLhs");
    long missingRhs = stats.getAs("missingRhs");
    long duplicateKeys = stats.getAs("duplicateKeys");
    return new GlobalCounts(
        all,
        all - different - missingLhs - missingRhs - duplicateKeys,
        different,
        missingLhs,
        missingRhs,
        stats.getAs("duplicateKeysLhs"),
        stats.getAs("duplicateKeysRhs"),
        duplicateKeys,
        stats.getAs("nullKeys"),
        all - missingLhs - (long) stats.getAs("dupOnlyRhs"),
        all - missingRhs - (long) stats.getAs("dupOnlyLhs"));
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

  /**
   * The statistics of every compared field, most often differing first, from the rows of {@link
   * #fields()} by field name (a field that never differs has no row).
   */
  static List<FieldStats> fieldStats(
      Map<String, Row> byField, Alignment alignment, GlobalCounts global) {
    List<FieldStats> out = new ArrayList<>();
    List<Leaf> reported = new ArrayList<>(alignment.leaves);
    for (Alignment.KeyedArray k : alignment.keyedArrays) {
      reported.addAll(k.reported());
    }
    for (Leaf leaf : reported) {
      Row f = byField.get(leaf.name());
      long different = f == null ? 0 : f.getAs("different");
      double fraction = global.different() == 0 ? 0.0 : (double) different / global.different();
      Optional<DeltaType> type = DeltaExpressions.typeOf(leaf);
      Optional<DeltaStats> delta = type.map(t -> deltaStats(f, t, leaf));
      List<HistogramBin> histogram = new ArrayList<>();
      List<Example> examples = new ArrayList<>();
      if (f != null) {
        if (type.isPresent() && f.getAs("histogram") != null) {
          for (Object bin : f.getList(f.fieldIndex("histogram"))) {
            Row b = (Row) bin;
            histogram.add(new HistogramBin(b.getDouble(0), b.getDouble(1)));
          }
          histogram.sort(Comparator.comparingDouble(HistogramBin::center));
        }
        examples.add(example(f.getAs("largest"), 1, leaf.name(), alignment));
        Example first = example(f.getAs("first"), 0, leaf.name(), alignment);
        if (!examples.get(0).key().equals(first.key())) {
          examples.add(first);
        }
      }
      out.add(new FieldStats(leaf.name(), different, fraction, delta, examples, histogram));
    }
    out.sort(Comparator.comparingLong(FieldStats::different).reversed());
    return out;
  }

  /** The delta statistics from a row of {@link #fields()}; {@code f} is null for no deltas. */
  private static DeltaStats deltaStats(Row f, DeltaType type, Leaf leaf) {
    long n = f == null ? 0 : f.getAs("count");
    if (n == 0) {
      return DeltaStats.none(type);
    }
    Map<DeltaStatistic, OptionalDouble> values = new EnumMap<>(DeltaStatistic.class);
    for (DeltaStatistic s : DeltaStatistic.values()) {
      values.put(s, s.read(f, n));
    }
    long lowerBounds = f.getAs("lowerBounds");
    return new DeltaStats(
        type, n, values, lowerBounds, DeltaStatistic.approximate(values, n, lowerBounds, leaf));
  }

  /**
   * Per array matched by element key: its elements on one side only and its keys whose arrays could
   * not be matched, from the rows of {@link #fields()} by field name.
   */
  static List<ArrayStats> arrayStats(Map<String, Row> byField, Alignment alignment) {
    List<ArrayStats> out = new ArrayList<>();
    for (Alignment.KeyedArray k : alignment.keyedArrays) {
      Row elements = byField.get(k.elements().name());
      Row whole = byField.get(k.array().name());
      out.add(
          new ArrayStats(
              k.array().name(),
              k.elementKey().toString(),
              elements == null ? 0 : elements.getAs("rightNull"),
              elements == null ? 0 : elements.getAs("leftNull"),
              whole == null ? 0 : whole.getAs("elements")));
    }
    return out;
  }

  private static Example example(Row r, int offset, String field, Alignment alignment) {
    Object delta = r.get(offset + 3);
    String element = r.getString(offset + 4);
    boolean lowerBound = Boolean.TRUE.equals(r.get(offset + 5));
    String key = key(r.getStruct(offset), alignment);
    int elements = field.indexOf("[]");
    return new Example(
        element == null || elements < 0
            ? key
            : key + ", " + field.substring(0, elements) + "[" + element + "]",
        r.getString(offset + 1),
        r.getString(offset + 2),
        delta == null ? OptionalDouble.empty() : OptionalDouble.of((Double) delta),
        lowerBound);
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
}
