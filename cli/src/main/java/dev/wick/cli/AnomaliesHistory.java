package dev.wick.cli;

import dev.wick.core.WickException;
import dev.wick.core.results.ResultsTable;
import dev.wick.core.results.RunResult;
import dev.wick.profiler.Anomalies;
import dev.wick.profiler.AnomalyReport;
import dev.wick.profiler.HistoryEntry;
import dev.wick.profiler.ProfileHistory;
import dev.wick.profiler.TimedProfile;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.SparkSession;

/**
 * What {@code wick anomalies --history} judges: the newest profile of a history folder with the
 * earlier ones it needs, or the newest run of a results table judged against its earlier runs.
 */
final class AnomaliesHistory {
  private AnomaliesHistory() {}

  /** The newest profile of the history at or before {@code upTo}, and the earlier ones it needs. */
  static List<TimedProfile> profiles(
      String history,
      String label,
      Anomalies anomalies,
      Optional<Instant> upTo,
      Configuration conf) {
    ProfileHistory h = ProfileHistory.at(history);
    if (label != null) {
      h = h.label(label);
    }
    List<HistoryEntry> entries = new ArrayList<>(h.entries(conf));
    upTo.ifPresent(t -> entries.removeIf(e -> e.at().isAfter(t)));
    if (entries.isEmpty()) {
      throw WickException.usage(
          "History "
              + history
              + " holds no profile"
              + scope(label, upTo)
              + "; add one with 'wick profile --in DATA --history "
              + history
              + "'.");
    }
    HistoryEntry newest = entries.get(entries.size() - 1);
    if (label == null) {
      h = h.label(newest.label().orElse(null));
    }
    return h.load(conf, Optional.of(newest.at()), anomalies.profilesNeeded());
  }

  /** The newest run of the results table at or before {@code upTo}, judged against its earlier. */
  static AnomalyReport fromResults(
      String history,
      String label,
      Anomalies anomalies,
      Optional<Instant> upTo,
      Supplier<SparkSession> spark,
      boolean explain) {
    if (explain) {
      throw WickException.usage(
          "--explain finds where a profile's move sits; the results table "
              + history
              + " holds no profiles, so judge a history of profiles to explain.");
    }
    List<RunResult> runs =
        ResultsTable.at(history)
            .history(spark.get(), Optional.ofNullable(label), upTo, anomalies.profilesNeeded() - 1);
    if (runs.isEmpty()) {
      throw WickException.usage(
          "Results table "
              + history
              + " holds no run"
              + scope(label, upTo)
              + "; append runs with --results-table "
              + history
              + ".");
    }
    return anomalies.detectRuns(runs);
  }

  /** Which entries of a history were looked for: those of the label, at or before the time. */
  private static String scope(String label, Optional<Instant> upTo) {
    return (label == null ? "" : " with label " + label)
        + upTo.map(t -> " at or before " + t).orElse("");
  }
}
