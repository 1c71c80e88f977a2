package dev.wick.profiler;

import dev.wick.core.WickException;
import dev.wick.core.results.Metric;
import dev.wick.profiler.internal.ProfileMerger;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A summary of every profiled field of a dataset, made in one pass by {@link Profiler}. It keeps
 * the sketches behind its statistics, so two profiles can be {@link #merge(Profile) merged} (the
 * profile of two days is the merge of their profiles) and {@link Drift compared} without the data.
 *
 * @param source where the data came from (a path or {@code table:NAME}), for people
 * @param createdAt when the profile was made (ISO-8601 instant)
 * @param rowCount the number of rows
 * @param top how many top values each field keeps
 * @param fields the field profiles, in schema order (depth first)
 */
public record Profile(
    String source, String createdAt, long rowCount, int top, List<FieldProfile> fields) {

  public Profile {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(createdAt, "createdAt");
    fields = List.copyOf(fields);
    if (rowCount < 0) {
      throw new IllegalArgumentException("rowCount must be >= 0, got " + rowCount);
    }
  }

  /** The profile of the field at {@code path}, if it was profiled. */
  public Optional<FieldProfile> field(String path) {
    return fields.stream().filter(f -> f.path().equals(path)).findFirst();
  }

  /** The profiled field paths, in order. */
  public List<String> paths() {
    return fields.stream().map(FieldProfile::path).toList();
  }

  /**
   * The profile of both datasets together, from the two profiles' counts and sketches alone. Both
   * must profile the same fields with the same types; the result's quantiles, distinct counts and
   * top values carry the sketches' usual error.
   */
  public Profile merge(Profile other) {
    if (!paths().equals(other.paths())) {
      throw WickException.usage(
          "Profiles of "
              + source
              + " and "
              + other.source
              + " cover different fields ("
              + paths()
              + " and "
              + other.paths()
              + "); only profiles of the same fields can be merged.");
    }
    int mergedTop = Math.max(top, other.top);
    List<FieldProfile> merged = new ArrayList<>();
    for (int i = 0; i < fields.size(); i++) {
      merged.add(ProfileMerger.mergeField(fields.get(i), other.fields.get(i), mergedTop));
    }
    String mergedSource = source.equals(other.source) ? source : source + " + " + other.source;
    return new Profile(
        mergedSource, Instant.now().toString(), rowCount + other.rowCount, mergedTop, merged);
  }

  /** This profile as {@code profile.json} text. */
  public String toJson() {
    return ProfileJson.write(this);
  }

  /**
   * Reads a profile from JSON text; {@code where} names its origin in the error (exit 2) raised for
   * text that is not a Wick profile.
   */
  public static Profile parse(String json, String where) {
    return ProfileJson.read(json, where);
  }

  /**
   * Reads {@code profile.json}, or the {@code profile.json} inside a profile folder, failing with a
   * clear usage error when it is missing or is not a Wick profile.
   */
  public static Profile read(Path fileOrFolder) {
    return ProfileJson.read(fileOrFolder);
  }

  /**
   * The numbers of this profile for a results table, named as {@code wick anomalies} judges them:
   * the rows ({@code dataset}), and per field its {@code nullRate}, its {@code distinct} estimate,
   * and for numbers and times its {@code min}, {@code max}, {@code mean}, {@code stddev} and
   * quantiles ({@code p05} to {@code p95}).
   */
  public List<Metric> metrics() {
    List<Metric> out = new ArrayList<>();
    out.add(Metric.of("dataset", "rows", rowCount));
    for (FieldProfile f : fields) {
      out.add(Metric.of(f.path(), "nullRate", f.nullRate()));
      f.distinct().ifPresent(d -> out.add(Metric.of(f.path(), "distinct", d.estimate())));
      f.numeric()
          .filter(n -> n.n() > 0)
          .ifPresent(
              n -> {
                out.add(Metric.of(f.path(), "min", n.min()));
                out.add(Metric.of(f.path(), "max", n.max()));
                out.add(Metric.of(f.path(), "mean", n.mean()));
                out.add(Metric.of(f.path(), "stddev", n.stddev()));
                for (String q : Anomalies.QUANTILES) {
                  Double v = n.quantiles().get(q);
                  if (v != null) {
                    out.add(Metric.of(f.path(), q, v));
                  }
                }
              });
    }
    return out;
  }
}
