package dev.wick.profiler;

import dev.wick.core.WickException;
import dev.wick.profiler.internal.DriftMath;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Compares two profiles field by field, from their sketches alone (no data is read): the
 * Kolmogorov-Smirnov test for distributions, chi-square and L-infinity for categorical values, and
 * the change in null rate and distinct count for every field.
 *
 * <p>Profiles of different schemas are compared on the fields they share; the report names the
 * others, and they fail its gate unless schema changes are allowed. Profiles that share no field at
 * all cannot be compared (a usage error).
 */
public final class Drift {
  private Drift() {}

  /** The drift from {@code baseline} to {@code current}. */
  public static DriftReport compare(Profile baseline, Profile current) {
    Map<String, FieldProfile> before = new LinkedHashMap<>();
    baseline.fields().forEach(f -> before.put(f.path(), f));
    List<FieldDrift> fields = new ArrayList<>();
    List<String> onlyInCurrent = new ArrayList<>();
    List<DriftReport.TypeChange> kindChanged = new ArrayList<>();
    List<DriftReport.TypeChange> typeChanged = new ArrayList<>();
    for (FieldProfile now : current.fields()) {
      FieldProfile then = before.remove(now.path());
      if (then == null) {
        onlyInCurrent.add(now.path());
      } else if (then.kind() != now.kind()) {
        kindChanged.add(new DriftReport.TypeChange(now.path(), then.type(), now.type()));
      } else {
        if (!then.type().equals(now.type())) {
          typeChanged.add(new DriftReport.TypeChange(now.path(), then.type(), now.type()));
        }
        fields.add(field(then, now));
      }
    }
    if (fields.isEmpty()) {
      throw WickException.usage(
          "Profiles of "
              + baseline.source()
              + " and "
              + current.source()
              + " share no field of the same kind (baseline: "
              + describe(baseline.paths())
              + "; current: "
              + describe(current.paths())
              + "); compare profiles of the same dataset.");
    }
    return new DriftReport(
        baseline.source(),
        current.source(),
        baseline.rowCount(),
        current.rowCount(),
        fields,
        new ArrayList<>(before.keySet()),
        onlyInCurrent,
        kindChanged,
        typeChanged);
  }

  private static String describe(List<String> paths) {
    if (paths.isEmpty()) {
      return "no fields";
    }
    return paths.size() <= 5
        ? String.join(", ", paths)
        : String.join(", ", paths.subList(0, 5)) + ", ... (" + paths.size() + " fields)";
  }

  /** The drift of one field present in both profiles with the same kind. */
  static FieldDrift field(FieldProfile then, FieldProfile now) {
    Optional<FieldDrift.KsTest> ks = Optional.empty();
    Optional<FieldDrift.CategoricalTest> categorical = Optional.empty();
    double score = 0.0;
    String path = now.path();
    if (now.kind().hasDistribution()) {
      Optional<byte[]> a = then.sketches().kll();
      Optional<byte[]> b = now.sketches().kll();
      if (a.isPresent() && b.isPresent()) {
        ks = DriftMath.ks(a.get(), b.get(), path);
        // Only the gap the sketches cannot explain: profiles of the same data never drift.
        score = ks.map(t -> Math.max(0.0, t.statistic() - t.sketchError())).orElse(0.0);
      }
    } else if (now.kind().isCategorical()) {
      Optional<byte[]> a = then.sketches().items();
      Optional<byte[]> b = now.sketches().items();
      if (a.isPresent() && b.isPresent()) {
        categorical = DriftMath.categorical(a.get(), b.get(), path);
        score = categorical.map(FieldDrift.CategoricalTest::linf).orElse(0.0);
      }
    }
    return new FieldDrift(
        path,
        now.kind(),
        score,
        ks,
        categorical,
        then.nullRate(),
        now.nullRate(),
        then.distinct().map(Distinct::estimate),
        now.distinct().map(Distinct::estimate));
  }
}
