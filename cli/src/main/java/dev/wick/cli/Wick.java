package dev.wick.cli;

import dev.wick.core.ExitCode;
import dev.wick.core.WickException;
import dev.wick.core.io.DatasetReader;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;

/**
 * The {@code wick} command. Exit codes: 0 success; 1 the check ran and failed; 2 usage or input
 * error; 3 anything else.
 */
@Command(
    name = "wick",
    mixinStandardHelpOptions = true,
    versionProvider = Wick.Version.class,
    description =
        "Keeps bad data out of Spark pipelines: inspect, sample, diff, profile, validate.",
    subcommands = {
      SchemaCommand.class,
      SampleCommand.class,
      DiffCommand.class,
      ValidateCommand.class,
      SandboxCommand.class,
      GenerateCommand.class,
      ProfileCommand.class,
      DriftCommand.class,
      CommandLine.HelpCommand.class
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:success",
      "1:the check ran and failed (diff beyond threshold, drift, invalid records)",
      "2:usage or input error",
      "3:anything else"
    })
public final class Wick implements Runnable {

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs {@code wick} with {@code args}, printing to the given streams; returns the exit code. */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    CommandLine cli = commandLine(out, err);
    return cli.execute(args);
  }

  static CommandLine commandLine(PrintStream out, PrintStream err) {
    CommandLine cli = new CommandLine(new Wick());
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));
    cli.setExitCodeExceptionMapper(
        e -> e instanceof WickException w ? w.exitCode().code() : ExitCode.INTERNAL.code());
    cli.setParameterExceptionHandler(
        (ex, args) -> {
          PrintWriter w = ex.getCommandLine().getErr();
          w.println("error: " + ex.getMessage());
          w.println(
              "Run 'wick "
                  + (ex.getCommandLine().getCommandName().equals("wick")
                      ? ""
                      : ex.getCommandLine().getCommandName() + " ")
                  + "--help' for usage.");
          return ExitCode.USAGE.code();
        });
    cli.setExecutionExceptionHandler(
        (thrown, commandLine, parseResult) -> {
          PrintWriter w = commandLine.getErr();
          boolean verbose = Verbosity.isVerbose(parseResult);
          // A corrupt file among good ones surfaces only when a task reads it.
          Exception failure =
              DatasetReader.explainScanFailure(thrown).<Exception>map(e -> e).orElse(thrown);
          if (failure instanceof WickException we) {
            w.println("error: " + we.getMessage());
            if (verbose) {
              failure.printStackTrace(w);
            }
            return we.exitCode().code();
          }
          w.println(
              "error: "
                  + Optional.ofNullable(failure.getMessage())
                      .map(String::strip)
                      .orElse(failure.toString())
                  + (verbose ? "" : " (run again with --verbose for details)"));
          if (verbose) {
            failure.printStackTrace(w);
          }
          return ExitCode.INTERNAL.code();
        });
    return cli;
  }

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** The version from the jar's manifest, or the development version. */
  static final class Version implements IVersionProvider {
    @Override
    public String[] getVersion() {
      String v = Wick.class.getPackage().getImplementationVersion();
      return new String[] {
        "wick " + (v == null ? "development build" : v),
        "Spark "
            + org.apache.spark.package$.MODULE$.SPARK_VERSION()
            + ", Java "
            + System.getProperty("java.version")
      };
    }
  }
}
