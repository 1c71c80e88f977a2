package dev.wick.cli;

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
      description = "The history folder.")
  String history;

  @Option(names = "--label", paramLabel = "LABEL", description = "Only the entries of this label.")
  String label;

  /** The history, narrowed to the label when one was given. */
  ProfileHistory history() {
    ProfileHistory h = ProfileHistory.at(history);
    return label == null ? h : h.label(label);
  }
}
