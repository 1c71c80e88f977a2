package dev.wick.profiler;

/**
 * What an anomaly gate accepts besides anomalies, by name: whatever the flags, any anomalous metric
 * fails it ({@link AnomalyReport#gate}).
 *
 * @param allowSchemaChange whether a field appearing, disappearing or changing type since the
 *     previous profile passes
 * @param allowShortHistory whether a history too short to judge passes (reported, not judged)
 */
public record AnomalyThresholds(boolean allowSchemaChange, boolean allowShortHistory) {

  /** Anomalies, schema changes and a too-short history all fail. */
  public static AnomalyThresholds strict() {
    return new AnomalyThresholds(false, false);
  }

  /** These thresholds, accepting schema changes. */
  public AnomalyThresholds allowingSchemaChange() {
    return new AnomalyThresholds(true, allowShortHistory);
  }

  /** These thresholds, accepting a history too short to judge (the empty-input rule). */
  public AnomalyThresholds allowingEmpty() {
    return new AnomalyThresholds(allowSchemaChange, true);
  }
}
