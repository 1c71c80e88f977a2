package dev.wick.cli;

import dev.wick.core.WickException;
import dev.wick.core.job.Sandbox;
import dev.wick.core.report.Wording;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code wick sandbox list|clean}: the runs that sandboxed jobs ({@code --wick.env=sandbox}) left.
 */
@Command(
    name = "sandbox",
    header = "List or clean the output of sandboxed job runs.",
    mixinStandardHelpOptions = true,
    description =
        "List or clean the output of sandboxed job runs: the outputs that jobs run with"
            + " --wick.env=sandbox write below ROOT/USER/RUN_ID/.",
    subcommands = {SandboxCommand.ListRuns.class, SandboxCommand.Clean.class})
final class SandboxCommand implements Runnable {
  @Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    throw WickException.usage(
        "Name a sandbox action: 'wick sandbox list' or 'wick sandbox clean --older-than 7d'.");
  }

  /** The sandbox root option shared by both actions. */
  static final class RootOption {
    @Option(
        names = "--root",
        paramLabel = "PATH",
        description =
            "The sandbox root (by default the folder WICK_SANDBOX_ROOT names, else wick-sandbox"
                + " in the working folder).")
    String root;

    String root() {
      if (root != null) {
        return root;
      }
      return Optional.ofNullable(System.getenv("WICK_SANDBOX_ROOT")).orElse("wick-sandbox");
    }
  }

  @Command(
      name = "list",
      mixinStandardHelpOptions = true,
      description = "List the runs in the sandbox, oldest first.")
  static final class ListRuns implements java.util.concurrent.Callable<Integer> {
    @Spec picocli.CommandLine.Model.CommandSpec spec;
    @Mixin RootOption root;
    @Mixin Verbosity verbosity;

    @Override
    public Integer call() {
      List<Sandbox.Run> runs = Sandbox.list(root.root(), new Configuration());
      PrintWriter out = spec.commandLine().getOut();
      if (runs.isEmpty()) {
        out.println("no sandbox runs under " + root.root());
        return 0;
      }
      out.printf(
          Locale.ROOT, "%-12s %-26s %-21s %10s  %s%n", "USER", "RUN", "STARTED", "SIZE", "JOB");
      for (Sandbox.Run r : runs) {
        out.printf(
            Locale.ROOT,
            "%-12s %-26s %-21s %10s  %s%n",
            r.user(),
            r.runId(),
            r.started().toString().substring(0, 19) + "Z",
            humanBytes(r.bytes()),
            r.job());
      }
      out.flush();
      return 0;
    }
  }

  @Command(
      name = "clean",
      mixinStandardHelpOptions = true,
      description = "Delete sandbox runs older than an age.")
  static final class Clean implements java.util.concurrent.Callable<Integer> {
    @Spec picocli.CommandLine.Model.CommandSpec spec;
    @Mixin RootOption root;
    @Mixin Verbosity verbosity;

    @Option(
        names = "--older-than",
        required = true,
        paramLabel = "AGE",
        description = "Delete runs started longer ago than this: 7d, 12h, 30m, 0s (0s: all runs).")
    String olderThan;

    @Option(names = "--user", paramLabel = "USER", description = "Only this user's runs.")
    String user;

    @Override
    public Integer call() {
      List<Sandbox.Run> deleted =
          Sandbox.clean(
              root.root(),
              Sandbox.parseAge(olderThan),
              Optional.ofNullable(user),
              new Configuration());
      PrintWriter out = spec.commandLine().getOut();
      for (Sandbox.Run r : deleted) {
        out.println("deleted " + Inputs.local(r.location()) + " (" + humanBytes(r.bytes()) + ")");
      }
      out.println(Wording.count(deleted.size(), "run") + " deleted from " + root.root());
      out.flush();
      return 0;
    }
  }

  static String humanBytes(long bytes) {
    if (bytes < 1024) {
      return bytes + " B";
    }
    String[] units = {"KiB", "MiB", "GiB", "TiB"};
    double v = bytes;
    int u = -1;
    while (v >= 1024 && u < units.length - 1) {
      v /= 1024;
      u++;
    }
    return String.format(Locale.ROOT, "%.1f %s", v, units[u]);
  }
}
