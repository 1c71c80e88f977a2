package dev.wick.core.results;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

/**
 * One run of a Wick command, as the rows it appends to a results table name it.
 *
 * @param id a new random id per run, shared by all its rows
 * @param time when the run started
 * @param command the command ({@code check}, {@code diff}, ...)
 * @param dataset the input judged (a diff's or drift's new side)
 * @param datasetVersion the version or snapshot read, when the input is a Delta or Iceberg table
 * @param baseline the side compared against (a diff's old side, drift's old profile), if any
 * @param baselineVersion the baseline's version or snapshot, when it is such a table
 * @param label a name the user gives the run's series (a job, a schedule), if any
 */
public record Run(
    String id,
    Instant time,
    String command,
    String dataset,
    Optional<String> datasetVersion,
    Optional<String> baseline,
    Optional<String> baselineVersion,
    Optional<String> label) {
  public Run {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(time, "time");
    Objects.requireNonNull(command, "command");
    Objects.requireNonNull(dataset, "dataset");
    Objects.requireNonNull(datasetVersion, "datasetVersion");
    Objects.requireNonNull(baseline, "baseline");
    Objects.requireNonNull(baselineVersion, "baselineVersion");
    Objects.requireNonNull(label, "label");
  }

  /** A run of {@code command} over {@code dataset} starting now, with a new id. */
  public static Run of(String command, String dataset) {
    return new Run(
        UUID.randomUUID().toString(),
        Instant.now(),
        command,
        dataset,
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        Optional.empty());
  }

  /** This run, its dataset read at {@code version} (empty when not a lakehouse table). */
  public Run datasetVersion(Optional<String> version) {
    return new Run(id, time, command, dataset, version, baseline, baselineVersion, label);
  }

  /** This run, compared against {@code baseline} read at {@code version}. */
  public Run baseline(String baseline, Optional<String> version) {
    return new Run(
        id, time, command, dataset, datasetVersion, Optional.of(baseline), version, label);
  }

  /** This run, in the series {@code label}. */
  public Run label(Optional<String> label) {
    return new Run(id, time, command, dataset, datasetVersion, baseline, baselineVersion, label);
  }
}
