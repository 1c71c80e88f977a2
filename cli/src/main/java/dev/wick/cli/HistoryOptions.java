package dev.wick.cli;

import dev.wick.core.io.Output;
import dev.wick.profiler.HistoryEntry;
import dev.wick.profiler.Profile;
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

  /** Refuses an existing entry (unless overwriting) or one inside an input, before any scan. */
  static void check(SparkSession session, HistoryEntry entry, boolean overwrite, List<String> in) {
    Output.create(session, entry.location(), overwrite, in).close();
  }

  /** Writes {@code profile} as {@code entry}; returns where it went. */
  static String write(
      SparkSession session,
      HistoryEntry entry,
      Profile profile,
      boolean overwrite,
      List<String> in) {
    try (Output o = Output.create(session, entry.location(), overwrite, in)) {
      entry.write(o, profile);
      return Inputs.local(o.commit());
    }
  }
}
