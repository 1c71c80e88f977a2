package dev.wick.bigdiff;

import static org.apache.spark.sql.functions.avg;
import static org.apache.spark.sql.functions.kurtosis;
import static org.apache.spark.sql.functions.max;
import static org.apache.spark.sql.functions.min;
import static org.apache.spark.sql.functions.skewness;
import static org.apache.spark.sql.functions.var_samp;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Row;

/**
 * A statistic of a field's deltas, declared once: its name (the {@code fields/} column and the
 * {@code summary.json} key), the Spark aggregate that computes it in the diff's pass, how its value
 * reads back from the aggregated row, and where it is shown. The {@code fields/} schema, {@code
 * summary.json}, the HTML report and the console table all iterate over these constants, in this
 * order.
 *
 * <p>The moments follow commons-math3's definitions: {@link #VARIANCE} and {@link #STDDEV} are the
 * bias-corrected sample statistics (0 for a single value), {@link #SKEWNESS} and {@link #KURTOSIS}
 * the bias-corrected sample skewness and excess kurtosis (absent below 3 and 4 values, or when all
 * deltas are equal). The percentiles share one approximate aggregate whose rank error is at most
 * 1/{@value #PERCENTILE_ACCURACY} of the count.
 *
 * <p>Which values are exact (the exact statistic rounded once to a double) and which approximate,
 * as {@link DeltaStats#approximate()} lists them ({@link #approximate}):
 *
 * <ul>
 *   <li>every statistic is approximate when some deltas are lower bounds (texts too long to compare
 *       exactly);
 *   <li>the percentiles are exact nearest-rank values up to {@value #PERCENTILE_ACCURACY} deltas (a
 *       rank error below one), approximate past that;
 *   <li>for integral and decimal fields, whose deltas are computed exactly: the minimum and maximum
 *       are exact; the mean is exact for integral values whose sum cannot lose a digit in a double
 *       (count times largest absolute delta at most 2<sup>53</sup>), else approximate; the
 *       variance, standard deviation, skewness and kurtosis, computed in floating point, are
 *       approximate unless every delta is the same small integer.
 * </ul>
 */
public enum DeltaStatistic {
  MIN("min", Shown.REPORT) {
    @Override
    Optional<Column> aggregate(Column delta) {
      return Optional.of(min(delta));
    }
  },
  MAX("max", Shown.REPORT) {
    @Override
    Optional<Column> aggregate(Column delta) {
      return Optional.of(max(delta));
    }
  },
  MEAN("mean", Shown.CONSOLE) {
    @Override
    Optional<Column> aggregate(Column delta) {
      return Optional.of(avg(delta));
    }
  },
  /** The square root of {@link #VARIANCE}: no aggregate of its own. */
  STDDEV("stddev", Shown.REPORT) {
    @Override
    OptionalDouble read(Row f, long n) {
      OptionalDouble variance = VARIANCE.read(f, n);
      return variance.isPresent()
          ? OptionalDouble.of(Math.sqrt(variance.getAsDouble()))
          : OptionalDouble.empty();
    }
  },
  VARIANCE("variance", Shown.FILES) {
    @Override
    Optional<Column> aggregate(Column delta) {
      return Optional.of(var_samp(delta));
    }

    @Override
    OptionalDouble read(Row f, long n) {
      return n == 1 ? OptionalDouble.of(0.0) : raw(f, key());
    }
  },
  /** Spark's population skewness g1, read back as the bias-corrected sample skewness G1. */
  SKEWNESS("skewness", Shown.FILES) {
    @Override
    Optional<Column> aggregate(Column delta) {
      return Optional.of(skewness(delta));
    }

    @Override
    OptionalDouble read(Row f, long n) {
      OptionalDouble g1 = raw(f, key());
      if (n < 3 || g1.isEmpty() || !Double.isFinite(g1.getAsDouble())) {
        return OptionalDouble.empty();
      }
      return OptionalDouble.of(Math.sqrt(n * (n - 1.0)) / (n - 2.0) * g1.getAsDouble());
    }
  },
  /** Spark's excess kurtosis g2, read back as the bias-corrected sample excess kurtosis G2. */
  KURTOSIS("kurtosis", Shown.FILES) {
    @Override
    Optional<Column> aggregate(Column delta) {
      return Optional.of(kurtosis(delta));
    }

    @Override
    OptionalDouble read(Row f, long n) {
      OptionalDouble g2 = raw(f, key());
      if (n < 4 || g2.isEmpty() || !Double.isFinite(g2.getAsDouble())) {
        return OptionalDouble.empty();
      }
      return OptionalDouble.of(
          (n - 1.0) / ((n - 2.0) * (n - 3.0)) * ((n + 1.0) * g2.getAsDouble() + 6.0));
    }
  },
  P50("p50", Shown.CONSOLE, 0.5),
  P90("p90", Shown.REPORT, 0.9),
  P99("p99", Shown.CONSOLE, 0.99);

  /** Where a statistic is shown: each place also shows what the places before it show. */
  public enum Shown {
    /** In {@code fields/} and {@code summary.json} only. */
    FILES,
    /** Also in the HTML report's table of fields. */
    REPORT,
    /** Also in the console table. */
    CONSOLE
  }

  /** Accuracy of the approximate percentiles: rank error at most 1/ACCURACY of the count. */
  static final int PERCENTILE_ACCURACY = 10_000;

  /** The name of the one aggregate column of all percentiles. */
  static final String PERCENTILES = "percentiles";

  private final String key;
  private final Shown shown;
  private final double percentile;

  DeltaStatistic(String key, Shown shown) {
    this(key, shown, Double.NaN);
  }

  DeltaStatistic(String key, Shown shown, double percentile) {
    this.key = key;
    this.shown = shown;
    this.percentile = percentile;
  }

  /** The name: the {@code fields/} column, the {@code summary.json} key, the table heading. */
  public String key() {
    return key;
  }

  /** Where it is shown. */
  public Shown shown() {
    return shown;
  }

  /** Whether it is shown in {@code place} (and so in every place before it). */
  public boolean shownIn(Shown place) {
    return shown.compareTo(place) >= 0;
  }

  /** The statistics shown in {@code place}, in declaration order. */
  public static List<DeltaStatistic> in(Shown place) {
    return Arrays.stream(values()).filter(s -> s.shownIn(place)).toList();
  }

  /** The percentile this statistic is (0.5 for the median), or NaN for the others. */
  double percentile() {
    return percentile;
  }

  boolean isPercentile() {
    return !Double.isNaN(percentile);
  }

  /**
   * Its own aggregate over the deltas, named {@link #key()} in the aggregated row; empty for a
   * statistic derived from others or computed by the shared percentile aggregate.
   */
  Optional<Column> aggregate(Column delta) {
    return Optional.empty();
  }

  /**
   * Its value from a row of the aggregates over {@code n} deltas ({@code n > 0}). A percentile
   * reads its place in the {@link #PERCENTILES} array; others read their own column.
   */
  OptionalDouble read(Row f, long n) {
    if (isPercentile()) {
      if (f.getAs(PERCENTILES) == null) {
        return OptionalDouble.empty();
      }
      List<Object> ps = f.getList(f.fieldIndex(PERCENTILES));
      return OptionalDouble.of((Double) ps.get(percentiles().indexOf(this)));
    }
    return raw(f, key);
  }

  /** The percentile statistics, in the order of the {@link #PERCENTILES} array. */
  static List<DeltaStatistic> percentiles() {
    return Arrays.stream(values()).filter(DeltaStatistic::isPercentile).toList();
  }

  /** The largest integer up to which every integer is a double. */
  private static final double EXACT_INTEGERS = 0x1p53;

  /**
   * The statistics among {@code values} (over {@code n} deltas of {@code leaf}, {@code lowerBounds}
   * of them lower bounds) whose values are approximate.
   */
  static Set<DeltaStatistic> approximate(
      Map<DeltaStatistic, OptionalDouble> values, long n, long lowerBounds, Alignment.Leaf leaf) {
    EnumSet<DeltaStatistic> out = EnumSet.noneOf(DeltaStatistic.class);
    if (lowerBounds > 0) {
      out.addAll(EnumSet.allOf(DeltaStatistic.class));
      return out;
    }
    if (n > PERCENTILE_ACCURACY) {
      out.addAll(percentiles());
    }
    dev.wick.core.schema.DataType t = leaf.type();
    boolean integral =
        t instanceof dev.wick.core.schema.DataType.IntType
            || t instanceof dev.wick.core.schema.DataType.LongType
            || (t instanceof dev.wick.core.schema.DataType.DecimalType d && d.scale() == 0);
    if (!integral && !(t instanceof dev.wick.core.schema.DataType.DecimalType)) {
      return out;
    }
    double min = values.get(MIN).orElse(Double.NaN);
    double max = values.get(MAX).orElse(Double.NaN);
    double largest = Math.max(Math.abs(min), Math.abs(max));
    boolean exactSum = integral && largest * n <= EXACT_INTEGERS;
    if (!exactSum) {
      out.add(MEAN);
    }
    if (!(exactSum && min == max)) {
      out.addAll(List.of(VARIANCE, STDDEV, SKEWNESS, KURTOSIS));
    }
    return out;
  }

  private static OptionalDouble raw(Row r, String name) {
    Object v = r.getAs(name);
    return v == null ? OptionalDouble.empty() : OptionalDouble.of(((Number) v).doubleValue());
  }
}
