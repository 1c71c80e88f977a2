package dev.wick.cli;

import dev.wick.core.WickException;
import dev.wick.core.results.ResultsTable;
import dev.wick.profiler.ProfileHistory;
import picocli.CommandLine.Option;

/**
 * The history folder and label every {@code wick history} action takes: {@code --history} and
 * {@code --label}.
 */
final class HistoryLocation {
  @Option(
      names = "--history",
      required = true,
      paramLabel = "LOCATION",
      description =
          "The history folder, or (for 'list') a results table that --results-table appended"
              + " to, named as there.")
  String history;

  @Option(names = "--label", paramLabel = "LABEL", description = "Only the entries of this label.")
  String label;

  /** Whether the location is a results table rather than a folder of profiles. */
  boolean results() {
    return ResultsTable.holdsResults(history, new org.apache.hadoop.conf.Configuration());
  }

  /** The history, narrowed to the label when one was given; refused for a results table. */
  ProfileHistory history() {
    if (results()) {
      throw WickException.usage(
          history
              + " is a results table, which only 'wick history list' and 'wick anomalies' read;"
              + " prune or merge its rows with SQL on the table.");
    }
    ProfileHistory h = ProfileHistory.at(history);
    return label == null ? h : h.label(label);
  }
}
