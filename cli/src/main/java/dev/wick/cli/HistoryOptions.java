package dev.wick.cli;

import dev.wick.core.io.Output;
import dev.wick.profiler.HistoryEntry;
import dev.wick.profiler.ProfileHistory;
import java.time.Instant;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.Option;

/**
 * {@code wick profile}'s history flags: {@code --history DIR} adds the profile to a history, at
 * {@code --at TIME} (default now), for the partition {@code --label}.
 */
final class HistoryOptions {
  @Option(
      names = "--history",
      paramLabel = "DIR",
      description =
          "Also add the profile to this history folder (local or any Hadoop file system), as an"
              + " entry named after --at and --label; an existing entry is replaced only with"
              + " --overwrite.")
  String history;

  @Option(
      names = "--at",
      paramLabel = "TIME",
      description =
          "With --history: the time the profile stands for, such as 2026-12-01 or"
              + " 2026-12-01T06:00:00Z (default: now; whole seconds, UTC).")
  String at;

  @Option(
      names = "--label",
      paramLabel = "LABEL",
      description =
          "With --history: the partition the profile covers, such as country=DE (letters, digits"
              + " and . _ = -); anomalies compare only entries of one label.")
  String label;

  /** The entry to write, checked before any data is read; null without {@code --history}. */
  HistoryEntry entry() {
    if (history == null) {
      if (at != null || label != null) {
        throw dev.wick.core.WickException.usage(
            (at != null ? "--at" : "--label")
                + " says where a profile goes in a history; pass --history DIR too.");
      }
      return null;
    }
    Instant when = at == null ? Instant.now() : ProfileHistory.parseTime(at);
    ProfileHistory h = ProfileHistory.at(history);
    return (label == null ? h : h.label(label)).entry(when);
  }

  /**
   * The output of {@code entry}, opened before any scan so that an existing entry (unless
   * overwriting) or one inside an input is refused first.
   */
  static Output open(SparkSession session, HistoryEntry entry, boolean overwrite, List<String> in) {
    return Output.create(session, entry.location(), overwrite, in);
  }
}
