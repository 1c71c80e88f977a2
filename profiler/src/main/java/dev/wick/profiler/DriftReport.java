package dev.wick.profiler;

import dev.wick.profiler.internal.DriftJson;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The drift between a baseline profile and a current one: one {@link FieldDrift} per field both
 * profiles have with the same kind, and the fields only one of them has (or whose kind changed).
 *
 * @param baselineSource where the baseline profile's data came from
 * @param currentSource where the current profile's data came from
 * @param baselineRows the baseline's row count
 * @param currentRows the current row count
 * @param fields the compared fields, in the current profile's order
 * @param onlyInBaseline fields the current profile lacks
 * @param onlyInCurrent fields the baseline lacks
 * @param kindChanged fields whose type changed so much that their kinds differ (not compared)
 */
public record DriftReport(
    String baselineSource,
    String currentSource,
    long baselineRows,
    long currentRows,
    List<FieldDrift> fields,
    List<String> onlyInBaseline,
    List<String> onlyInCurrent,
    List<String> kindChanged) {

  public DriftReport {
    Objects.requireNonNull(baselineSource, "baselineSource");
    Objects.requireNonNull(currentSource, "currentSource");
    fields = List.copyOf(fields);
    onlyInBaseline = List.copyOf(onlyInBaseline);
    onlyInCurrent = List.copyOf(onlyInCurrent);
    kindChanged = List.copyOf(kindChanged);
  }

  /** The drift of the field at {@code path}, if it was compared. */
  public Optional<FieldDrift> field(String path) {
    return fields.stream().filter(f -> f.path().equals(path)).findFirst();
  }

  /** True when both profiles have exactly the same fields and kinds. */
  public boolean sameFields() {
    return onlyInBaseline.isEmpty() && onlyInCurrent.isEmpty() && kindChanged.isEmpty();
  }

  /** The compared fields, most drifted first. */
  public List<FieldDrift> byScore() {
    return fields.stream()
        .sorted(Comparator.comparingDouble(FieldDrift::score).reversed())
        .toList();
  }

  /** The fields beyond {@code thresholds}, each with the reasons, in field order. */
  public List<DriftThresholds.Violation> violations(DriftThresholds thresholds) {
    return fields.stream().flatMap(f -> thresholds.check(f).stream()).toList();
  }

  /** This report as {@code drift.json} text. */
  public String toJson() {
    return DriftJson.write(this);
  }
}
