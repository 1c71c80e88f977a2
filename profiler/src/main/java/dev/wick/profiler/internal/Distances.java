package dev.wick.profiler.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.datasketches.frequencies.ErrorType;
import org.apache.datasketches.frequencies.ItemsSketch;
import org.apache.datasketches.kll.KllDoublesSketch;
import org.apache.datasketches.quantilescommon.QuantileSearchCriteria;

/**
 * Distribution distances between one profile's sketches and a reference made by merging a window of
 * profiles' sketches: the Kolmogorov-Smirnov statistic (numbers, from the KLL sketches; see {@link
 * DriftMath}), and the population stability index and Jensen-Shannon distance over bins: for
 * numbers the reference's deciles, for categories the reference's frequent values (at most {@value
 * #CATEGORIES}) plus one bucket for every other value.
 *
 * <p>PSI is {@code sum (p - q) ln(p / q)} with every share at least {@value #EPSILON} (an empty bin
 * would make it infinite); the Jensen-Shannon distance is the square root of the Jensen-Shannon
 * divergence in bits, from 0 (the same shares) to 1 (no share in common).
 */
public final class Distances {
  static final int CATEGORIES = 20;
  static final double EPSILON = 1e-4;

  private Distances() {}

  /** The names of the distances, in the order {@link Reference#distances} gives them. */
  public static List<String> names(boolean numeric) {
    return numeric ? List.of("ks", "psi", "js") : List.of("psi", "js");
  }

  /** What points are compared with: the merge of a window's sketches. */
  public static final class Reference {
    private final String path;
    private final byte[] kll;
    private final double[] edges;
    private final ItemsSketch<String> items;
    private final List<String> categories;
    private final double[] shares;

    private Reference(
        String path,
        byte[] kll,
        double[] edges,
        ItemsSketch<String> items,
        List<String> categories,
        double[] shares) {
      this.path = path;
      this.kll = kll;
      this.edges = edges;
      this.items = items;
      this.categories = categories;
      this.shares = shares;
    }

    /** KS, PSI and JS of a KLL sketch, or PSI and JS of a frequent-items sketch, against this. */
    public double[] distances(byte[] sketch) {
      if (kll != null) {
        KllDoublesSketch s = Sketches.kll(sketch, path);
        if (s.isEmpty()) {
          return new double[] {Double.NaN, Double.NaN, Double.NaN};
        }
        double ks = DriftMath.ks(kll, sketch, path).map(t -> t.statistic()).orElse(Double.NaN);
        double[] p = s.getPMF(edges, QuantileSearchCriteria.INCLUSIVE);
        return new double[] {ks, psi(shares, p), js(shares, p)};
      }
      ItemsSketch<String> s = Sketches.items(sketch, path);
      if (s.isEmpty()) {
        return new double[] {Double.NaN, Double.NaN};
      }
      double[] p = shares(s, categories);
      return new double[] {psi(shares, p), js(shares, p)};
    }
  }

  /** The reference of numeric sketches (none when all are empty). */
  public static Optional<Reference> numeric(List<byte[]> klls, String path) {
    if (klls.isEmpty()) {
      return Optional.empty();
    }
    byte[] merged = SeededKll.mergeAll(klls, path);
    KllDoublesSketch s = Sketches.kll(merged, path);
    if (s.isEmpty()) {
      return Optional.empty();
    }
    double[] deciles = new double[9];
    for (int i = 0; i < 9; i++) {
      deciles[i] = (i + 1) / 10.0;
    }
    double[] edges =
        Arrays.stream(s.getQuantiles(deciles, QuantileSearchCriteria.INCLUSIVE))
            .distinct()
            .sorted()
            .toArray();
    double[] shares = s.getPMF(edges, QuantileSearchCriteria.INCLUSIVE);
    return Optional.of(new Reference(path, merged, edges, null, List.of(), shares));
  }

  /** The reference of frequent-items sketches (none when all are empty). */
  public static Optional<Reference> categorical(List<byte[]> sketches, String path) {
    if (sketches.isEmpty()) {
      return Optional.empty();
    }
    ItemsSketch<String> merged = Sketches.items(sketches.get(0), path);
    for (byte[] b : sketches.subList(1, sketches.size())) {
      merged.merge(Sketches.items(b, path));
    }
    if (merged.isEmpty()) {
      return Optional.empty();
    }
    List<String> categories = new ArrayList<>();
    ItemsSketch.Row<String>[] rows = merged.getFrequentItems(ErrorType.NO_FALSE_POSITIVES);
    Arrays.sort(
        rows,
        (a, b) ->
            a.getEstimate() != b.getEstimate()
                ? Long.compare(b.getEstimate(), a.getEstimate())
                : a.getItem().compareTo(b.getItem()));
    for (ItemsSketch.Row<String> r : rows) {
      if (categories.size() < CATEGORIES) {
        categories.add(r.getItem());
      }
    }
    return Optional.of(
        new Reference(path, null, null, merged, categories, shares(merged, categories)));
  }

  /** Each category's share of the sketch's stream, and the rest's last. */
  private static double[] shares(ItemsSketch<String> s, List<String> categories) {
    double total = s.getStreamLength();
    double[] p = new double[categories.size() + 1];
    double rest = 1.0;
    for (int i = 0; i < categories.size(); i++) {
      p[i] = total == 0 ? 0 : Math.min(1.0, s.getEstimate(categories.get(i)) / total);
      rest -= p[i];
    }
    p[categories.size()] = Math.max(0.0, rest);
    return p;
  }

  static double psi(double[] expected, double[] actual) {
    double sum = 0;
    for (int i = 0; i < expected.length; i++) {
      double q = Math.max(EPSILON, expected[i]);
      double p = Math.max(EPSILON, actual[i]);
      sum += (p - q) * Math.log(p / q);
    }
    return sum;
  }

  static double js(double[] a, double[] b) {
    double d = 0;
    for (int i = 0; i < a.length; i++) {
      double m = (a[i] + b[i]) / 2;
      d += half(a[i], m) + half(b[i], m);
    }
    return Math.sqrt(Math.max(0.0, Math.min(1.0, d / 2)));
  }

  private static double half(double p, double m) {
    return p <= 0 ? 0 : p * Math.log(p / m) / Math.log(2);
  }
}
