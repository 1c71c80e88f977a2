package dev.wick.profiler.internal;

import dev.wick.profiler.Distinct;
import dev.wick.profiler.FieldKind;
import dev.wick.profiler.FieldProfile;
import dev.wick.profiler.FieldSketches;
import dev.wick.profiler.NumericStats;
import dev.wick.profiler.SemanticStats;
import dev.wick.profiler.TextStats;
import dev.wick.profiler.ValueCount;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.datasketches.frequencies.ErrorType;
import org.apache.datasketches.frequencies.ItemsSketch;
import org.apache.datasketches.hll.HllSketch;
import org.apache.datasketches.kll.KllDoublesSketch;
import org.apache.datasketches.quantilescommon.QuantileSearchCriteria;

/**
 * Turns a field's merged {@link FieldSummary} into its {@link FieldProfile}: distinct-count bounds
 * from the HLL sketch, quantiles and a histogram from the KLL sketch, top values from the
 * frequent-items sketch.
 */
final class ProfileAssembler {
  /** Histogram bins for continuous values. */
  static final int BINS = 20;

  /** Standard deviations of the distinct-count bounds (about 99.7% confidence). */
  private static final int BOUND_STDDEVS = 3;

  private ProfileAssembler() {}

  static FieldProfile field(
      String path,
      String type,
      FieldKind kind,
      FieldSummary s,
      int top,
      boolean redacted,
      String semantic) {
    byte[] items = s.items;
    List<ValueCount> topValues = List.of();
    Optional<Distinct> distinct = Optional.empty();
    if (kind == FieldKind.BOOLEAN) {
      ItemsSketch<String> counts = new ItemsSketch<>(8);
      if (s.trues > 0) {
        counts.update("true", s.trues);
      }
      if (s.falses > 0) {
        counts.update("false", s.falses);
      }
      long exact = (s.trues > 0 ? 1 : 0) + (s.falses > 0 ? 1 : 0);
      distinct = Optional.of(new Distinct(exact, exact, exact));
      items = redacted ? null : Sketches.bytes(counts);
      topValues = redacted ? List.of() : topValues(counts, Math.max(2, top));
    } else if (items != null && !redacted) {
      topValues = topValues(Sketches.items(items, path), top);
    }
    if (s.hll != null) {
      HllSketch h = Sketches.hll(s.hll, path);
      // No field has more distinct values than non-null ones: the sketch's estimate and bounds may
      // overshoot (a unique key of 1,000,000 rows estimated at 1,010,279), so clamp all three.
      double most = s.count - s.nulls;
      distinct =
          Optional.of(
              new Distinct(
                  Math.min(most, h.getEstimate()),
                  Math.min(most, h.getLowerBound(BOUND_STDDEVS)),
                  Math.min(most, h.getUpperBound(BOUND_STDDEVS))));
    }
    Optional<NumericStats> numeric = Optional.empty();
    if (kind.hasDistribution() && (s.n > 0 || s.nan > 0 || s.infinite > 0)) {
      numeric = Optional.of(numeric(s, path, integral(kind, type)));
    }
    Optional<TextStats> text = Optional.empty();
    if ((kind == FieldKind.TEXT || kind == FieldKind.BINARY) && s.lengths > 0) {
      text = Optional.of(new TextStats(s.empty, s.minLength, s.maxLength, s.sumLength / s.lengths));
    }
    Optional<SemanticStats> sem =
        semantic == null
            ? Optional.empty()
            : Optional.of(new SemanticStats(semantic, s.checked, s.valid));
    return new FieldProfile(
        path,
        type,
        kind,
        s.count,
        s.nulls,
        distinct,
        numeric,
        text,
        topValues,
        redacted,
        sem,
        FieldSketches.of(s.hll, s.kll, redacted ? null : items));
  }

  /** Whether a kind and type hold whole numbers (so small ranges get one bin per value). */
  static boolean integral(FieldKind kind, String type) {
    return kind == FieldKind.COLLECTION
        || kind == FieldKind.TEMPORAL
        || type.equals("int")
        || type.equals("long")
        || type.startsWith("time-");
  }

  private static NumericStats numeric(FieldSummary s, String path, boolean integral) {
    Map<String, Double> quantiles = new LinkedHashMap<>();
    List<NumericStats.Bin> bins = List.of();
    if (s.n > 0 && s.kll != null) {
      KllDoublesSketch kll = Sketches.kll(s.kll, path);
      if (!kll.isEmpty()) {
        double[] ranks = NumericStats.RANKS.values().stream().mapToDouble(d -> d).toArray();
        double[] values = kll.getQuantiles(ranks, QuantileSearchCriteria.INCLUSIVE);
        int i = 0;
        for (String name : NumericStats.RANKS.keySet()) {
          quantiles.put(name, values[i++]);
        }
        bins = histogram(kll, s.min, s.max, s.n, integral);
      }
    }
    double stddev = s.n > 0 ? Math.sqrt(Math.max(0.0, s.m2 / s.n)) : Double.NaN;
    return new NumericStats(
        s.n,
        s.n > 0 ? s.min : Double.NaN,
        s.n > 0 ? s.max : Double.NaN,
        s.n > 0 ? s.mean : Double.NaN,
        stddev,
        s.zeros,
        s.nan,
        s.infinite,
        quantiles,
        bins);
  }

  /**
   * Equal-width bins from {@code min} to {@code max}: {@value #BINS} of them, or one per whole
   * number when the values are whole numbers spanning fewer.
   */
  static List<NumericStats.Bin> histogram(
      KllDoublesSketch kll, double min, double max, long n, boolean integral) {
    if (min == max || !Double.isFinite(min) || !Double.isFinite(max)) {
      return List.of(new NumericStats.Bin(min, max, n));
    }
    int bins = BINS;
    boolean unitBins = false;
    if (integral && max - min + 1 <= BINS) {
      bins = (int) (max - min + 1);
      unitBins = true;
    }
    double[] edges = new double[bins + 1];
    for (int i = 0; i <= bins; i++) {
      // Interpolated, not min + width * i: max - min overflows when the values span more than
      // Double.MAX_VALUE (generated edge cases hold both extremes).
      edges[i] = unitBins ? min + i : edge(min, max, (double) i / bins);
    }
    edges[bins] = unitBins ? max + 1 : max;
    for (int i = 1; i < bins; i++) {
      if (!(edges[i] > edges[i - 1])) {
        // Too narrow a span for distinct split points in double precision: one bin holds all.
        return List.of(new NumericStats.Bin(min, max, n));
      }
    }
    double[] mass =
        kll.getPMF(java.util.Arrays.copyOfRange(edges, 1, bins), QuantileSearchCriteria.EXCLUSIVE);
    List<NumericStats.Bin> out = new ArrayList<>(bins);
    long assigned = 0;
    for (int i = 0; i < bins; i++) {
      long c = i == bins - 1 ? Math.max(0, n - assigned) : Math.round(mass[i] * n);
      assigned += c;
      out.add(new NumericStats.Bin(edges[i], edges[i + 1], c));
    }
    return out;
  }

  private static double edge(double min, double max, double t) {
    return t == 0 ? min : t == 1 ? max : min * (1 - t) + max * t;
  }

  private static List<ValueCount> topValues(ItemsSketch<String> sketch, int top) {
    ItemsSketch.Row<String>[] rows = sketch.getFrequentItems(ErrorType.NO_FALSE_POSITIVES);
    // Past its capacity the sketch lists values whose count it cannot tell from its error (a value
    // seen once may come out as seen twice); only values certainly seen more often than the error
    // are top values, so a listed count above 1 always means a repeat.
    long error = sketch.getMaximumError();
    List<ValueCount> out = new ArrayList<>();
    for (ItemsSketch.Row<String> r : rows) {
      if (error == 0 || r.getLowerBound() > error) {
        out.add(new ValueCount(r.getItem(), r.getEstimate()));
      }
    }
    out.sort(
        Comparator.comparingLong(ValueCount::count).reversed().thenComparing(ValueCount::value));
    return out.size() > top ? List.copyOf(out.subList(0, top)) : List.copyOf(out);
  }
}
