package dev.wick.cli;

import dev.wick.core.WickException;
import dev.wick.core.io.Output;
import dev.wick.core.report.Wording;
import dev.wick.core.results.ResultsTable;
import dev.wick.profiler.HistoryEntry;
import dev.wick.profiler.Profile;
import dev.wick.profiler.ProfileHistory;
import dev.wick.profiler.ProfileReport;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code wick history list|prune|merge}: the profiles that 'wick profile --history' keeps. */
@Command(
    name = "history",
    header = "List, prune or merge the profiles of a history.",
    mixinStandardHelpOptions = true,
    description =
        "List, prune or merge the profiles of a history folder that 'wick profile --history'"
            + " writes and 'wick anomalies' judges.",
    subcommands = {
      HistoryCommand.ListEntries.class,
      HistoryCommand.Prune.class,
      HistoryCommand.Merge.class
    })
final class HistoryCommand implements Runnable {
  @Override
  public void run() {
    throw WickException.usage(
        "Name a history action: 'wick history list', 'wick history prune --keep 90d' or 'wick"
            + " history merge --from T1 --to T2 --out DIR'.");
  }

  @Command(
      name = "list",
      mixinStandardHelpOptions = true,
      description = "List the entries, oldest first.")
  static final class ListEntries implements Callable<Integer> {
    @Spec picocli.CommandLine.Model.CommandSpec spec;
    @Mixin HistoryLocation where;
    @Mixin SparkOptions spark;

    @Override
    public Integer call() {
      if (where.results()) {
        return listRuns();
      }
      List<HistoryEntry> entries = where.history().entries(new Configuration());
      PrintWriter out = spec.commandLine().getOut();
      for (HistoryEntry e : entries) {
        out.println(e.at() + "  " + e.label().orElse("-") + "  " + Inputs.local(e.location()));
      }
      out.println(Wording.count(entries.size(), "profile") + " in " + where.history);
      out.flush();
      return 0;
    }

    /** The runs of a results table, oldest first: time, command, label, dataset, metrics. */
    private int listRuns() {
      Dataset<Row> runs = ResultsTable.at(where.history).runs(spark.spark());
      if (where.label != null) {
        runs = runs.where(functions.col("label").equalTo(where.label));
      }
      List<Row> rows = runs.collectAsList();
      PrintWriter out = spec.commandLine().getOut();
      for (Row r : rows) {
        out.println(
            r.<java.sql.Timestamp>getAs("run_time").toInstant()
                + "  "
                + r.<String>getAs("command")
                + "  "
                + (r.isNullAt(r.fieldIndex("label")) ? "-" : r.<String>getAs("label"))
                + "  "
                + r.<String>getAs("dataset")
                + "  "
                + Wording.count(r.<Long>getAs("metrics"), "metric")
                + (r.<Long>getAs("failed") > 0 ? ", " + r.<Long>getAs("failed") + " failed" : ""));
      }
      out.println(Wording.count(rows.size(), "run") + " in " + where.history);
      out.flush();
      return 0;
    }
  }

  @Command(
      name = "prune",
      mixinStandardHelpOptions = true,
      description = "Delete entries older than an age.")
  static final class Prune implements Callable<Integer> {
    @Spec picocli.CommandLine.Model.CommandSpec spec;
    @Mixin HistoryLocation where;
    @Mixin Verbosity verbosity;

    @Option(
        names = "--keep",
        required = true,
        paramLabel = "AGE",
        description = "Keep the entries of this last stretch of time: 90d, 12h, 30m (0s: none).")
    String keep;

    @Option(
        names = "--at",
        paramLabel = "TIME",
        description = "Count the age back from this time (default: now).")
    String at;

    @Override
    public Integer call() {
      Instant now = at == null ? Instant.now() : ProfileHistory.parseTime(at);
      List<HistoryEntry> removed =
          where.history().prune(new Configuration(), ProfileHistory.parseKeep(keep), now);
      PrintWriter out = spec.commandLine().getOut();
      removed.forEach(e -> out.println("deleted " + Inputs.local(e.location())));
      out.println(Wording.count(removed.size(), "profile") + " deleted from " + where.history);
      out.flush();
      return 0;
    }
  }

  @Command(
      name = "merge",
      mixinStandardHelpOptions = true,
      description =
          "Merge the entries from --from (inclusive) to --to (exclusive) into one profile, through"
              + " their sketches, and write it (profile.json, profile.html) to --out.")
  static final class Merge implements Callable<Integer> {
    @Spec picocli.CommandLine.Model.CommandSpec spec;
    @Mixin HistoryLocation where;
    @Mixin SparkOptions spark;
    @Mixin OutputOptions output;

    @Option(
        names = "--from",
        required = true,
        paramLabel = "TIME",
        description = "The first time merged.")
    String from;

    @Option(
        names = "--to",
        required = true,
        paramLabel = "TIME",
        description = "The time after the last one merged.")
    String to;

    @Override
    public Integer call() {
      Instant start = ProfileHistory.parseTime(from);
      Instant end = ProfileHistory.parseTime(to);
      Profile merged = where.history().merge(new Configuration(), start, end);
      String written;
      try (Output o =
          Output.create(spark.spark(), output.out, output.overwrite, List.of(where.history))) {
        ProfileReport.of(merged).writeTo(o);
        written = Inputs.local(o.commit());
      }
      PrintWriter out = spec.commandLine().getOut();
      out.printf(
          "Merged %s of %s from %s to %s into %s.%n",
          Wording.count(merged.rowCount(), "row"), where.history, start, end, written);
      out.flush();
      return 0;
    }
  }
}
