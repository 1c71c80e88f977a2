package dev.wick.profiler;

import dev.wick.core.WickException;
import dev.wick.core.results.Metric;
import dev.wick.core.results.Run;
import dev.wick.core.results.RunResult;
import dev.wick.profiler.internal.Distances;
import dev.wick.profiler.internal.RobustBand;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * Decides whether the newest profile of a history is unusual, metric by metric, against the earlier
 * profiles of the same partition label: "is today unusual?", not only "is today unlike yesterday?".
 * Reads profiles only, never data.
 *
 * <pre>{@code
 * List<TimedProfile> history = ProfileHistory.at("profiles/plays").load(conf, Optional.empty(), 60);
 * AnomalyReport report = Anomalies.defaults().window(28).detect(history);
 * GateResult gate = report.gate(AnomalyThresholds.strict());
 * }</pre>
 *
 * <p>Metrics: the row count; per field the null rate, distinct count, mean, quantiles p05, p25,
 * p50, p75 and p95, the share of each frequent value (those with at least 1% of the values in the
 * newest or the previous profile), the invalid rate of a semantic type; and the distances of the
 * field's distribution to the merge of the window's sketches (KS, PSI and Jensen-Shannon for
 * numbers, PSI and Jensen-Shannon for categories). Each is judged by {@link RobustBand}: the median
 * and MAD of the window (the last {@link #window} earlier profiles), or the same weekday's values
 * when the window shows a weekly cycle. The band reaches {@link #threshold} robust standard
 * deviations from the centre, never narrower than a floor: 0.2 percentage points for rates and
 * shares, 1% of the centre for counts, means and quantiles, 0.02 for distances (of which only large
 * ones count).
 *
 * <p>An {@code Anomalies} is immutable: each setter returns a new one, checking its argument at
 * once. One concept past 500 lines: what changed in a history of profiles (schema changes, metrics
 * beyond their bands) with its settings; every metric goes through the same judgement.
 */
public final class Anomalies {
  /** The quantiles judged. */
  public static final List<String> QUANTILES = List.of("p05", "p25", "p50", "p75", "p95");

  /** A value's share below which its share is not judged. */
  static final double MIN_SHARE = 0.01;

  static final double RATE_FLOOR = 0.002;

  /** The metrics that are shares of values, from 0 to 1. */
  private static final Set<String> RATES = Set.of("nullRate", "topShare", "invalidRate");

  static final double RELATIVE_FLOOR = 0.01;
  static final double DISTANCE_FLOOR = 0.02;

  private static final Anomalies DEFAULTS = new Anomalies(28, 5.0, 7, true, List.of());

  private final int window;
  private final double threshold;
  private final int minHistory;
  private final boolean seasonal;
  private final List<String> fields;

  private Anomalies(
      int window, double threshold, int minHistory, boolean seasonal, List<String> fields) {
    this.window = window;
    this.threshold = threshold;
    this.minHistory = minHistory;
    this.seasonal = seasonal;
    this.fields = List.copyOf(fields);
  }

  /**
   * A window of 28 earlier profiles, bands of 5 robust standard deviations, at least 7 earlier
   * profiles to judge, the seasonal variant where the history shows a weekly cycle, every field.
   */
  public static Anomalies defaults() {
    return DEFAULTS;
  }

  /** How many earlier profiles make the window, 7 to 1000 (default 28). */
  public Anomalies window(int profiles) {
    if (profiles < 7 || profiles > 1000) {
      throw WickException.usage(
              "window " + profiles + " is out of range; give 7 to 1000 earlier profiles.")
          .about("window", "window");
    }
    return new Anomalies(profiles, threshold, Math.min(minHistory, profiles), seasonal, fields);
  }

  /** How many robust standard deviations from the centre a band reaches, 1 to 100 (default 5). */
  public Anomalies threshold(double scales) {
    if (!(scales >= 1 && scales <= 100)) {
      throw WickException.usage(
              "threshold " + scales + " is out of range; give 1 to 100 robust standard deviations.")
          .about("threshold", "threshold");
    }
    return new Anomalies(window, scales, minHistory, seasonal, fields);
  }

  /** How many earlier profiles judging needs, 3 up to the window (default 7). */
  public Anomalies minHistory(int profiles) {
    if (profiles < 3 || profiles > window) {
      throw WickException.usage(
              "minimum history "
                  + profiles
                  + " is out of range; give 3 to the window's "
                  + window
                  + " profiles.")
          .about("minHistory", "minimum history");
    }
    return new Anomalies(window, threshold, profiles, seasonal, fields);
  }

  /** Whether the same-weekday variant may be used when the history shows a weekly cycle. */
  public Anomalies seasonal(boolean seasonal) {
    return new Anomalies(window, threshold, minHistory, seasonal, fields);
  }

  /** Judge only these fields and those below them (default: every field). */
  public Anomalies fields(List<String> paths) {
    for (String p : paths) {
      if (p == null || p.isBlank()) {
        throw WickException.usage(
                "A path of the judged fields is blank; name a field such as user.id.")
            .about("fields", "the judged fields");
      }
    }
    List<String> all = new ArrayList<>(fields);
    all.addAll(paths);
    return new Anomalies(window, threshold, minHistory, seasonal, all);
  }

  /** Judge only these fields and those below them. */
  public Anomalies fields(String... paths) {
    return fields(Arrays.asList(paths));
  }

  /** How many profiles up to the newest a judgement reads at most: the window and the newest. */
  public int profilesNeeded() {
    return window + 1;
  }

  /**
   * Judges the newest of {@code history} (the latest time) against the earlier profiles with its
   * label, the last {@link #window} of them.
   */
  public AnomalyReport detect(List<TimedProfile> history) {
    if (history.isEmpty()) {
      throw WickException.usage("The history holds no profile; write profiles into it first.");
    }
    List<TimedProfile> sorted =
        history.stream().sorted(Comparator.comparing(TimedProfile::at)).toList();
    TimedProfile newest = sorted.get(sorted.size() - 1);
    List<TimedProfile> earlier =
        sorted.stream()
            .filter(p -> p.at().isBefore(newest.at()) && p.label().equals(newest.label()))
            .toList();
    earlier = earlier.subList(Math.max(0, earlier.size() - window), earlier.size());
    Profile now = newest.profile();
    List<FieldProfile> judged = chosenFields(now, newest.at());
    AnomalyReport.SchemaChanges schema =
        earlier.isEmpty()
            ? new AnomalyReport.SchemaChanges(List.of(), List.of(), List.of())
            : schemaChanges(earlier.get(earlier.size() - 1).profile(), now);
    List<Instant> times = earlier.stream().map(TimedProfile::at).toList();
    List<MetricCheck> checks = new ArrayList<>();
    checks.add(
        check(
            Optional.empty(),
            "rowCount",
            Optional.empty(),
            times,
            earlier.stream().mapToDouble(p -> p.profile().rowCount()).toArray(),
            newest.at(),
            now.rowCount(),
            0,
            RELATIVE_FLOOR,
            false));
    for (FieldProfile f : judged) {
      List<FieldProfile> past =
          earlier.stream()
              .map(
                  p ->
                      p.profile()
                          .field(f.path())
                          .filter(x -> x.type().equals(f.type()) && x.kind() == f.kind())
                          .orElse(null))
              .toList();
      fieldChecks(f, past, times, newest.at(), checks);
    }
    return new AnomalyReport(
        now.source(), newest.at(), newest.label(), earlier.size(), minHistory, schema, checks);
  }

  /**
   * Judges the newest of {@code runs} (read from a results table, oldest first, all of one command,
   * dataset and label) against the earlier ones, the last {@link #window} of them: each of its
   * metrics with a value, whatever Wick recorded (a check's measured value, a diff's share of keys
   * not SAME, a profile's statistic), against the band of the same subject's metric in the earlier
   * runs. Shares (a metric named as a fraction, a rate or a completeness) get an absolute floor and
   * stay within 0 and 1; other numbers a relative floor. The chosen fields ({@link #fields}) choose
   * subjects.
   */
  public AnomalyReport detectRuns(List<RunResult> runs) {
    if (runs.isEmpty()) {
      throw WickException.usage("The results table holds no run; append runs to it first.");
    }
    RunResult newest = runs.get(runs.size() - 1);
    List<RunResult> earlier = runs.subList(Math.max(0, runs.size() - 1 - window), runs.size() - 1);
    List<Instant> times = earlier.stream().map(r -> r.run().time()).toList();
    List<MetricCheck> checks = new ArrayList<>();
    for (Metric m : newest.metrics()) {
      if (m.value().isEmpty() || !chosen(m.subject())) {
        continue;
      }
      double[] values = new double[earlier.size()];
      for (int i = 0; i < values.length; i++) {
        values[i] =
            earlier.get(i).metrics().stream()
                .filter(x -> x.subject().equals(m.subject()) && x.metric().equals(m.metric()))
                .filter(x -> x.value().isPresent())
                .mapToDouble(x -> x.value().getAsDouble())
                .findFirst()
                .orElse(Double.NaN);
      }
      boolean share = share(m.metric());
      MetricCheck c =
          check(
              m.subject().equals("dataset") ? Optional.empty() : Optional.of(m.subject()),
              m.metric(),
              Optional.empty(),
              times,
              values,
              newest.run().time(),
              m.value().getAsDouble(),
              share ? RATE_FLOOR : 0,
              share ? 0 : RELATIVE_FLOOR,
              false);
      checks.add(
          share
              ? new MetricCheck(
                  c.field(),
                  c.metric(),
                  c.category(),
                  c.value(),
                  c.method(),
                  c.center(),
                  Math.max(0.0, c.lower()),
                  Math.min(1.0, c.upper()),
                  c.anomalous(),
                  c.series(),
                  c.timeType())
              : c);
    }
    Run run = newest.run();
    return new AnomalyReport(
        run.dataset() + " (" + run.command() + ")",
        run.time(),
        run.label(),
        earlier.size(),
        minHistory,
        new AnomalyReport.SchemaChanges(List.of(), List.of(), List.of()),
        checks);
  }

  /** Whether a results table's metric is a share of 0 to 1, by its name. */
  private static boolean share(String metric) {
    String m = metric.toLowerCase(java.util.Locale.ROOT);
    return RATES.contains(metric)
        || m.contains("fraction")
        || m.contains("rate")
        || m.equals("completeness");
  }

  /** Whether {@code subject} is among the chosen fields (every subject when none are). */
  private boolean chosen(String subject) {
    return fields.isEmpty()
        || fields.stream()
            .anyMatch(
                f ->
                    subject.equals(f)
                        || subject.startsWith(f + ".")
                        || subject.startsWith(f + "[")
                        || subject.contains("(" + f + ")"));
  }

  private List<FieldProfile> chosenFields(Profile now, Instant at) {
    if (fields.isEmpty()) {
      return now.fields();
    }
    for (String f : fields) {
      boolean known =
          now.paths().stream()
              .anyMatch(
                  p ->
                      p.equals(f)
                          || p.startsWith(f + ".")
                          || p.startsWith(f + "[")
                          || p.startsWith(f + "{"));
      if (!known) {
        List<String> paths = now.paths();
        throw WickException.usage(
                "Field '"
                    + f
                    + "' is not in the profile of "
                    + at
                    + " (it has "
                    + String.join(", ", paths.subList(0, Math.min(10, paths.size())))
                    + (paths.size() > 10 ? ", ..." : "")
                    + "); correct the judged fields.")
            .about("fields", "the judged fields");
      }
    }
    return now.fields().stream()
        .filter(
            fp ->
                fields.stream()
                    .anyMatch(
                        f ->
                            fp.path().equals(f)
                                || fp.path().startsWith(f + ".")
                                || fp.path().startsWith(f + "[")
                                || fp.path().startsWith(f + "{")))
        .toList();
  }

  private static AnomalyReport.SchemaChanges schemaChanges(Profile before, Profile now) {
    Map<String, FieldProfile> old = new java.util.LinkedHashMap<>();
    before.fields().forEach(f -> old.put(f.path(), f));
    List<String> appeared = new ArrayList<>();
    List<DriftReport.TypeChange> changed = new ArrayList<>();
    for (FieldProfile f : now.fields()) {
      FieldProfile o = old.remove(f.path());
      if (o == null) {
        appeared.add(f.path());
      } else if (!o.type().equals(f.type())) {
        changed.add(new DriftReport.TypeChange(f.path(), o.type(), f.type()));
      }
    }
    return new AnomalyReport.SchemaChanges(appeared, new ArrayList<>(old.keySet()), changed);
  }

  private void fieldChecks(
      FieldProfile f,
      List<FieldProfile> past,
      List<Instant> times,
      Instant at,
      List<MetricCheck> out) {
    Optional<String> field = Optional.of(f.path());
    out.add(
        check(
            field,
            "nullRate",
            Optional.empty(),
            times,
            values(past, FieldProfile::nullRate),
            at,
            f.nullRate(),
            RATE_FLOOR,
            0,
            false));
    if (f.distinct().isPresent() && f.kind() != FieldKind.BOOLEAN) {
      Function<FieldProfile, Double> d =
          x -> x.distinct().map(Distinct::estimate).orElse(Double.NaN);
      out.add(
          check(
              field,
              "distinct",
              Optional.empty(),
              times,
              values(past, d),
              at,
              d.apply(f),
              0,
              RELATIVE_FLOOR,
              false));
    }
    if (f.numeric().isPresent() && f.numeric().get().n() > 0) {
      // A temporal field's mean and quantiles are moments: they read as dates or times.
      UnaryOperator<MetricCheck> moment =
          f.kind() == FieldKind.TEMPORAL ? c -> c.asTime(f.type()) : c -> c;
      Function<FieldProfile, Double> mean =
          x -> x.numeric().filter(n -> n.n() > 0).map(NumericStats::mean).orElse(Double.NaN);
      out.add(
          moment.apply(
              check(
                  field,
                  "mean",
                  Optional.empty(),
                  times,
                  values(past, mean),
                  at,
                  mean.apply(f),
                  0,
                  RELATIVE_FLOOR,
                  false)));
      for (String q : QUANTILES) {
        Function<FieldProfile, Double> v =
            x -> x.numeric().map(n -> n.quantiles().getOrDefault(q, Double.NaN)).orElse(Double.NaN);
        out.add(
            moment.apply(
                check(
                    field,
                    q,
                    Optional.empty(),
                    times,
                    values(past, v),
                    at,
                    v.apply(f),
                    0,
                    RELATIVE_FLOOR,
                    false)));
      }
    }
    FieldProfile previous = past.isEmpty() ? null : past.get(past.size() - 1);
    Set<String> categories = new LinkedHashSet<>();
    for (FieldProfile x : previous == null ? List.of(f) : List.of(f, previous)) {
      for (ValueCount v : x.topValues()) {
        if (x.nonNull() > 0 && (double) v.count() / x.nonNull() >= MIN_SHARE) {
          categories.add(v.value());
        }
      }
    }
    if (!categories.isEmpty()) {
      List<String> ordered = new ArrayList<>(categories);
      double[][] shares = new double[past.size()][];
      for (int i = 0; i < past.size(); i++) {
        shares[i] = past.get(i) == null ? null : shares(past.get(i), ordered);
      }
      double[] nowShares = shares(f, ordered);
      for (int c = 0; c < ordered.size(); c++) {
        double[] v = new double[past.size()];
        for (int i = 0; i < v.length; i++) {
          v[i] = shares[i] == null ? Double.NaN : shares[i][c];
        }
        out.add(
            check(
                field,
                "topShare",
                Optional.of(ordered.get(c)),
                times,
                v,
                at,
                nowShares[c],
                RATE_FLOOR,
                0,
                false));
      }
    }
    if (f.semantic().isPresent() && f.semantic().get().checked() > 0) {
      Function<FieldProfile, Double> invalid =
          x ->
              x.semantic()
                  .filter(s -> s.checked() > 0)
                  .map(s -> 1 - s.validShare())
                  .orElse(Double.NaN);
      out.add(
          check(
              field,
              "invalidRate",
              Optional.empty(),
              times,
              values(past, invalid),
              at,
              invalid.apply(f),
              RATE_FLOOR,
              0,
              false));
    }
    distances(f, past, times, at, out);
  }

  /**
   * Each value's share of a field's non-null values: from its frequent-items sketch (0 for a value
   * it does not track), else from its top values (unknown for a value they do not list).
   */
  private static double[] shares(FieldProfile x, List<String> values) {
    double[] out = new double[values.size()];
    Arrays.fill(out, Double.NaN);
    if (x.nonNull() == 0) {
      return out;
    }
    Optional<byte[]> items = x.sketches().items();
    if (items.isPresent()) {
      var sketch = dev.wick.profiler.internal.Sketches.items(items.get(), x.path());
      double total = sketch.getStreamLength();
      for (int i = 0; i < out.length; i++) {
        out[i] = total == 0 ? Double.NaN : Math.min(1.0, sketch.getEstimate(values.get(i)) / total);
      }
      return out;
    }
    for (ValueCount v : x.topValues()) {
      int i = values.indexOf(v.value());
      if (i >= 0) {
        out[i] = (double) v.count() / x.nonNull();
      }
    }
    return out;
  }

  private void distances(
      FieldProfile f,
      List<FieldProfile> past,
      List<Instant> times,
      Instant at,
      List<MetricCheck> out) {
    boolean numeric = f.kind().hasDistribution();
    Function<FieldProfile, Optional<byte[]>> sketch =
        numeric ? x -> x.sketches().kll() : x -> x.sketches().items();
    if (!numeric && !f.kind().isCategorical()) {
      return;
    }
    Optional<byte[]> mine = sketch.apply(f);
    List<byte[]> window = new ArrayList<>();
    for (FieldProfile x : past) {
      if (x != null) {
        sketch.apply(x).ifPresent(window::add);
      }
    }
    if (mine.isEmpty() || window.isEmpty()) {
      return;
    }
    Optional<Distances.Reference> ref =
        numeric ? Distances.numeric(window, f.path()) : Distances.categorical(window, f.path());
    if (ref.isEmpty()) {
      return;
    }
    List<String> names = Distances.names(numeric);
    double[][] series = new double[names.size()][past.size()];
    for (int i = 0; i < past.size(); i++) {
      FieldProfile x = past.get(i);
      Optional<byte[]> s = x == null ? Optional.empty() : sketch.apply(x);
      double[] d = s.map(b -> ref.get().distances(b)).orElse(null);
      for (int m = 0; m < names.size(); m++) {
        series[m][i] = d == null ? Double.NaN : d[m];
      }
    }
    double[] now = ref.get().distances(mine.get());
    for (int m = 0; m < names.size(); m++) {
      out.add(
          check(
              Optional.of(f.path()),
              names.get(m),
              Optional.empty(),
              times,
              series[m],
              at,
              now[m],
              DISTANCE_FLOOR,
              0,
              true));
    }
  }

  private static double[] values(List<FieldProfile> past, Function<FieldProfile, Double> metric) {
    double[] v = new double[past.size()];
    for (int i = 0; i < v.length; i++) {
      FieldProfile x = past.get(i);
      v[i] = x == null ? Double.NaN : metric.apply(x);
    }
    return v;
  }

  private MetricCheck check(
      Optional<String> field,
      String metric,
      Optional<String> category,
      List<Instant> times,
      double[] values,
      Instant at,
      double value,
      double absFloor,
      double relFloor,
      boolean upperOnly) {
    RobustBand.Band band =
        RobustBand.judge(
            times,
            values,
            at,
            value,
            threshold,
            absFloor,
            relFloor,
            upperOnly,
            seasonal,
            minHistory);
    List<MetricCheck.Point> series = new ArrayList<>();
    for (int i = 0; i < values.length; i++) {
      if (Double.isFinite(values[i])) {
        series.add(new MetricCheck.Point(times.get(i), values[i]));
      }
    }
    series.add(new MetricCheck.Point(at, value));
    boolean rate = RATES.contains(metric); // a share: its band stays within 0 and 1
    return new MetricCheck(
        field,
        metric,
        category,
        value,
        MetricCheck.Method.valueOf(band.method().name()),
        band.center(),
        rate ? Math.max(0.0, band.lower()) : band.lower(),
        rate ? Math.min(1.0, band.upper()) : band.upper(),
        band.anomalous(),
        series);
  }

  @Override
  public String toString() {
    return "Anomalies[window="
        + window
        + ", threshold="
        + threshold
        + ", minHistory="
        + minHistory
        + ", seasonal="
        + seasonal
        + ", fields="
        + fields
        + "]";
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Anomalies a
        && a.window == window
        && a.threshold == threshold
        && a.minHistory == minHistory
        && a.seasonal == seasonal
        && a.fields.equals(fields);
  }

  @Override
  public int hashCode() {
    return Objects.hash(window, threshold, minHistory, seasonal, fields);
  }
}
