package dev.wick.core.results;

import java.util.List;
import java.util.Objects;

/**
 * One run read back from a results table: the run, and the numbers it appended.
 *
 * @param run the run (its id, time, command, dataset and label)
 * @param metrics its rows, one per metric
 */
public record RunResult(Run run, List<Metric> metrics) {
  public RunResult {
    Objects.requireNonNull(run, "run");
    metrics = List.copyOf(metrics);
  }
}
