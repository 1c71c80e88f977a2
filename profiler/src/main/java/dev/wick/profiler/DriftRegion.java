package dev.wick.profiler;

import dev.wick.core.explain.Explainer;
import dev.wick.core.explain.Explanation;
import dev.wick.core.report.Wording;
import dev.wick.core.schema.FieldPath;
import dev.wick.core.spark.Columns;
import dev.wick.profiler.internal.Sketches;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import org.apache.datasketches.kll.KllDoublesSketch;
import org.apache.datasketches.quantilescommon.QuantileSearchCriteria;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.functions;

/**
 * Where a field's distribution moved most from the baseline to the current profile, as a condition
 * on the current rows: the values at or below (or above) the point where the two distributions'
 * CDFs are furthest apart, the categories whose share grew most, or the nulls when the null rate
 * rose more than the distribution moved. The rows it selects are the current side's share of the
 * drift, which an explanation then looks for in other columns ({@code wick drift --explain}).
 *
 * @param field the field path
 * @param description the region in words, with its share now and before
 * @param rows the condition that selects the current rows in the region
 */
public record DriftRegion(String field, String description, Column rows) {

  /** How many categories a region names at most. */
  public static final int MAX_CATEGORIES = 20;

  /**
   * The region of {@code drift}, from the two profiles of its field; empty for a field the data
   * cannot be cut by (inside an array, a record or a collection) or whose profiles hold nothing to
   * compare.
   */
  public static Optional<DriftRegion> of(
      FieldDrift drift, FieldProfile baseline, FieldProfile current) {
    FieldPath path = FieldPath.parse(drift.path());
    if (!path.isStructPath()
        || drift.kind() == FieldKind.RECORD
        || drift.kind() == FieldKind.COLLECTION) {
      return Optional.empty();
    }
    Column column = Columns.column(path);
    if (drift.nullRateChange() > 0 && drift.nullRateChange() >= drift.score()) {
      return Optional.of(
          region(
              drift.path(),
              "is null",
              drift.currentNullRate(),
              drift.baselineNullRate(),
              "rows",
              column.isNull()));
    }
    if (drift.kind().hasDistribution()) {
      return numeric(drift.path(), column, baseline, current);
    }
    if (drift.kind().isCategorical()) {
      return categories(drift.path(), column, baseline, current);
    }
    return Optional.empty();
  }

  /**
   * The regions of the fields worth explaining: with thresholds, each field that broke one;
   * without, the (at most three) fields that moved most, with a score or a null-rate change of at
   * least 0.1.
   */
  public static List<DriftRegion> toExplain(
      DriftReport drift, Profile baseline, Profile current, Optional<DriftThresholds> thresholds) {
    List<FieldDrift> chosen;
    if (thresholds.isPresent()) {
      java.util.Set<String> broken = new java.util.HashSet<>();
      drift.fields().stream()
          .flatMap(f -> thresholds.get().check(f).stream())
          .forEach(v -> broken.add(v.subject()));
      chosen = drift.fields().stream().filter(f -> broken.contains(f.path())).toList();
    } else {
      chosen =
          drift.byScore().stream()
              .filter(f -> f.score() >= NOTABLE || f.nullRateChange() >= NOTABLE)
              .limit(3)
              .toList();
    }
    List<DriftRegion> regions = new ArrayList<>();
    for (FieldDrift f : chosen) {
      Optional<FieldProfile> before = baseline.field(f.path());
      Optional<FieldProfile> now = current.field(f.path());
      if (before.isPresent() && now.isPresent()) {
        of(f, before.get(), now.get()).ifPresent(regions::add);
      }
    }
    return regions;
  }

  /**
   * The regions of the fields of {@code report}'s anomalies, each where the field moved most from
   * the {@code previous} profile to the newest ({@code newest}); the row count, which is no field,
   * has none.
   */
  public static List<DriftRegion> ofAnomalies(
      AnomalyReport report, Profile previous, Profile newest) {
    DriftReport drift = Drift.compare(previous, newest);
    List<DriftRegion> regions = new ArrayList<>();
    report.anomalies().stream()
        .flatMap(c -> c.field().stream())
        .distinct()
        .forEach(
            path -> {
              Optional<FieldDrift> f = drift.field(path);
              Optional<FieldProfile> before = previous.field(path);
              Optional<FieldProfile> now = newest.field(path);
              if (f.isPresent() && before.isPresent() && now.isPresent()) {
                of(f.get(), before.get(), now.get()).ifPresent(regions::add);
              }
            });
    return regions;
  }

  /** The score or null-rate change from which an unjudged drift is worth explaining. */
  public static final double NOTABLE = 0.1;

  /**
   * Where each region's current rows sit in the data the current profile was made of, by {@code
   * field drifted}; a region is never cut by its own field.
   */
  public static Map<String, Explanation> explain(Explainer explainer, List<DriftRegion> regions) {
    Map<String, Explainer.Failure> failures = new java.util.LinkedHashMap<>();
    for (DriftRegion r : regions) {
      failures.put(r.field() + " drifted", Explainer.Failure.of(r.rows(), r.field()));
    }
    return failures.isEmpty() ? Map.of() : explainer.explainAll(failures);
  }

  /** The side of the point where the two CDFs are furthest apart that the current data gained. */
  private static Optional<DriftRegion> numeric(
      String field, Column column, FieldProfile baseline, FieldProfile current) {
    if (baseline.sketches().kll().isEmpty() || current.sketches().kll().isEmpty()) {
      return Optional.empty();
    }
    KllDoublesSketch before = Sketches.kll(baseline.sketches().kll().get(), field);
    KllDoublesSketch now = Sketches.kll(current.sketches().kll().get(), field);
    if (before.isEmpty() || now.isEmpty()) {
      return Optional.empty();
    }
    TreeSet<Double> points = new TreeSet<>();
    for (int i = 1; i < 200; i++) {
      points.add(before.getQuantile(i / 200.0, QuantileSearchCriteria.INCLUSIVE));
      points.add(now.getQuantile(i / 200.0, QuantileSearchCriteria.INCLUSIVE));
    }
    double at = Double.NaN;
    double gap = 0;
    for (double x : points) {
      double d =
          now.getRank(x, QuantileSearchCriteria.INCLUSIVE)
              - before.getRank(x, QuantileSearchCriteria.INCLUSIVE);
      if (Math.abs(d) > Math.abs(gap)) {
        gap = d;
        at = x;
      }
    }
    if (Double.isNaN(at)) {
      return Optional.empty();
    }
    double nowShare = now.getRank(at, QuantileSearchCriteria.INCLUSIVE);
    double beforeShare = before.getRank(at, QuantileSearchCriteria.INCLUSIVE);
    boolean below = gap > 0;
    Column value = comparable(column, current.type());
    String text = value(at, current.type());
    return Optional.of(
        region(
            field,
            (below ? "at most " : "above ") + text,
            below ? nowShare : 1 - nowShare,
            below ? beforeShare : 1 - beforeShare,
            "values",
            below ? value.leq(functions.lit(at)) : value.gt(functions.lit(at))));
  }

  /** The categories whose share of the values grew most. */
  private static Optional<DriftRegion> categories(
      String field, Column column, FieldProfile baseline, FieldProfile current) {
    if (current.topValues().isEmpty() || current.nonNull() == 0) {
      return Optional.empty();
    }
    Map<String, Double> before = new HashMap<>();
    long baseValues = Math.max(1, baseline.nonNull());
    baseline.topValues().forEach(v -> before.put(v.value(), (double) v.count() / baseValues));
    record Growth(String value, double now, double before) {
      double gain() {
        return now - before;
      }
    }
    List<Growth> grown = new ArrayList<>();
    for (ValueCount v : current.topValues()) {
      double now = (double) v.count() / current.nonNull();
      grown.add(new Growth(v.value(), now, before.getOrDefault(v.value(), 0.0)));
    }
    grown.sort(Comparator.comparingDouble(Growth::gain).reversed());
    if (grown.isEmpty() || grown.get(0).gain() <= 0) {
      return Optional.empty();
    }
    double largest = grown.get(0).gain();
    List<Growth> region =
        grown.stream().filter(g -> g.gain() >= largest / 2).limit(MAX_CATEGORIES).toList();
    double nowShare = region.stream().mapToDouble(Growth::now).sum();
    double beforeShare = region.stream().mapToDouble(Growth::before).sum();
    List<String> values = region.stream().map(Growth::value).toList();
    return Optional.of(
        region(
            field,
            values.size() == 1 ? "= " + values.get(0) : "in (" + String.join(", ", values) + ")",
            nowShare,
            beforeShare,
            "values",
            column.cast("string").isin(values.toArray())));
  }

  /** A region, described with its share of the current {@code unit} and the baseline's. */
  private static DriftRegion region(
      String field, String where, double now, double before, String unit, Column rows) {
    return new DriftRegion(
        field,
        "'"
            + field
            + "' "
            + where
            + " ("
            + Wording.percent(now)
            + " of the current "
            + unit
            + ", "
            + Wording.percent(before)
            + " before)",
        rows);
  }

  /** The column as the profile's sketches hold it: dates as days, timestamps as microseconds. */
  private static Column comparable(Column column, String type) {
    if (type.startsWith("date")) {
      return functions.unix_date(column);
    }
    if (type.startsWith("timestamp")) {
      return functions.unix_micros(column.cast("timestamp"));
    }
    return column;
  }

  /** A value of the sketch in the field's own terms: a date, a time to the second, a number. */
  private static String value(double v, String type) {
    if (type.startsWith("date")) {
      return LocalDate.ofEpochDay((long) Math.floor(v)).toString();
    }
    if (type.startsWith("timestamp")) {
      return Instant.EPOCH
          .plus((long) Math.floor(v), ChronoUnit.MICROS)
          .truncatedTo(ChronoUnit.SECONDS)
          .toString();
    }
    return Wording.number(v);
  }
}
