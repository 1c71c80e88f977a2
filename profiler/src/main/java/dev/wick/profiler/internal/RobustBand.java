package dev.wick.profiler.internal;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The band a metric's next value is expected in, from its recent values alone: robust statistics
 * that need no tuning for the common cases.
 *
 * <p><b>Robust.</b> The centre is the median of the window's values and the scale is their median
 * absolute deviation times 1.4826 (the standard deviation, for normal noise); one outlier in the
 * window moves neither. The band is {@code centre +- k * scale}, with the scale never below a floor
 * (an absolute one and one relative to the centre), so that a series that barely moves does not
 * flag a move within the sketches' own error.
 *
 * <p><b>Seasonal (same weekday).</b> When the window shows a weekly cycle, each value is compared
 * with the values of the same weekday (UTC): the centre is their median, and the scale is the
 * median absolute leave-one-out residual over the whole window (each value against the median of
 * the other values of its weekday), so every weekday contributes to it. The cycle is detected by
 * comparing the mean absolute leave-one-out residual with the mean absolute deviation from the
 * overall median: seasonal when the weekdays explain at least half of it ({@link #SEASONAL_RATIO}),
 * with at least two earlier values of every weekday in the window (two weeks of it). Mean
 * deviations, not median ones: a dip on two days of seven moves the overall median deviation
 * little, but its mean a lot.
 *
 * <p>References: Rousseeuw and Croux, "Alternatives to the Median Absolute Deviation" (1993), for
 * the MAD's consistency constant; Hyndman and Athanasopoulos, "Forecasting: Principles and
 * Practice", 3rd ed., on seasonal naive forecasts, for comparing like with like.
 */
public final class RobustBand {
  /** The MAD of normal noise times this is its standard deviation. */
  static final double MAD_TO_SIGMA = 1.4826;

  /** The weekday residual over the overall deviation at or below which a series is seasonal. */
  public static final double SEASONAL_RATIO = 0.5;

  private RobustBand() {}

  /** How a band was made. */
  public enum Method {
    ROBUST,
    SEASONAL,
    NOT_JUDGED
  }

  /**
   * A band and whether {@code value} is outside it.
   *
   * @param method how it was made
   * @param center the expected value
   * @param lower the lowest value inside
   * @param upper the highest value inside
   * @param points how many earlier values it was made from
   * @param anomalous whether the value is outside
   */
  public record Band(
      Method method, double center, double lower, double upper, int points, boolean anomalous) {}

  /**
   * The band of {@code value} at {@code at} from the earlier {@code values} at {@code times}
   * (non-finite values are left out).
   *
   * @param k how many scales from the centre the band reaches
   * @param absFloor the smallest scale
   * @param relFloor the smallest scale relative to the centre's size
   * @param upperOnly whether only values above the band are anomalous (distances)
   * @param seasonal whether the seasonal variant may be used
   * @param minPoints fewer earlier values than this are not judged
   */
  public static Band judge(
      List<Instant> times,
      double[] values,
      Instant at,
      double value,
      double k,
      double absFloor,
      double relFloor,
      boolean upperOnly,
      boolean seasonal,
      int minPoints) {
    List<Instant> t = new ArrayList<>();
    List<Double> v = new ArrayList<>();
    for (int i = 0; i < values.length; i++) {
      if (Double.isFinite(values[i])) {
        t.add(times.get(i));
        v.add(values[i]);
      }
    }
    int n = v.size();
    if (n < minPoints || !Double.isFinite(value)) {
      return new Band(Method.NOT_JUDGED, Double.NaN, Double.NaN, Double.NaN, n, false);
    }
    double[] x = v.stream().mapToDouble(d -> d).toArray();
    double center = median(x);
    double scale = MAD_TO_SIGMA * median(absDeviations(x, center));
    Method method = Method.ROBUST;
    if (seasonal && isWeekly(t, x, center, at)) {
      DayOfWeek day = weekday(at);
      List<Double> same = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        if (weekday(t.get(i)) == day) {
          same.add(x[i]);
        }
      }
      center = median(same.stream().mapToDouble(d -> d).toArray());
      scale = MAD_TO_SIGMA * median(abs(leaveOneOutResiduals(t, x)));
      method = Method.SEASONAL;
    }
    scale = Math.max(scale, Math.max(absFloor, relFloor * Math.abs(center)));
    double lower = upperOnly ? Double.NEGATIVE_INFINITY : center - k * scale;
    double upper = center + k * scale;
    return new Band(method, center, lower, upper, n, value < lower || value > upper);
  }

  /** Whether the values follow the weekday (see the class comment). */
  static boolean isWeekly(List<Instant> times, double[] x, double center, Instant at) {
    if (times.isEmpty()
        || java.time.Duration.between(times.get(0), times.get(times.size() - 1)).toDays() < 13) {
      return false;
    }
    Map<DayOfWeek, Integer> perDay = new EnumMap<>(DayOfWeek.class);
    times.forEach(t -> perDay.merge(weekday(t), 1, Integer::sum));
    if (perDay.getOrDefault(weekday(at), 0) < 2 || perDay.values().stream().anyMatch(c -> c < 2)) {
      return false;
    }
    double overall = mean(absDeviations(x, center));
    if (overall == 0) {
      return false;
    }
    double weekly = mean(abs(leaveOneOutResiduals(times, x)));
    return weekly <= SEASONAL_RATIO * overall;
  }

  /** Each value minus the median of the other values of its weekday. */
  private static double[] leaveOneOutResiduals(List<Instant> times, double[] x) {
    double[] r = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      DayOfWeek day = weekday(times.get(i));
      List<Double> others = new ArrayList<>();
      for (int j = 0; j < x.length; j++) {
        if (j != i && weekday(times.get(j)) == day) {
          others.add(x[j]);
        }
      }
      r[i] = others.isEmpty() ? 0 : x[i] - median(others.stream().mapToDouble(d -> d).toArray());
    }
    return r;
  }

  static DayOfWeek weekday(Instant t) {
    return t.atZone(ZoneOffset.UTC).getDayOfWeek();
  }

  static double median(double[] x) {
    if (x.length == 0) {
      return Double.NaN;
    }
    double[] s = x.clone();
    Arrays.sort(s);
    int m = s.length / 2;
    return s.length % 2 == 1 ? s[m] : (s[m - 1] + s[m]) / 2;
  }

  private static double mean(double[] x) {
    double sum = 0;
    for (double d : x) {
      sum += d;
    }
    return x.length == 0 ? 0 : sum / x.length;
  }

  private static double[] absDeviations(double[] x, double center) {
    double[] d = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      d[i] = Math.abs(x[i] - center);
    }
    return d;
  }

  private static double[] abs(double[] x) {
    double[] d = new double[x.length];
    for (int i = 0; i < x.length; i++) {
      d[i] = Math.abs(x[i]);
    }
    return d;
  }
}
