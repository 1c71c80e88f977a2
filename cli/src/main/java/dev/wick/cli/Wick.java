package dev.wick.cli;

import dev.wick.core.EnvironmentFailure;
import dev.wick.core.ExitCode;
import dev.wick.core.ProcessExit;
import dev.wick.core.WickException;
import dev.wick.core.io.DatasetReader;
import dev.wick.core.io.Source;
import dev.wick.core.report.DidYouMean;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
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
        "Keeps bad data out of Spark pipelines: inspect, sample, diff, profile, validate, check, generate.",
    subcommands = {
      SchemaCommand.class,
      ShowCommand.class,
      SampleCommand.class,
      DiffCommand.class,
      ValidateCommand.class,
      CheckCommand.class,
      SuggestCommand.class,
      SandboxCommand.class,
      GenerateCommand.class,
      ProfileCommand.class,
      DriftCommand.class,
      AnomaliesCommand.class,
      HistoryCommand.class,
      CommandLine.HelpCommand.class
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:success",
      "1:the check ran and failed (diff beyond threshold, drift, invalid records, a failed check)",
      "2:usage or input error",
      "3:anything else"
    })
public final class Wick implements Runnable {

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  public static void main(String[] args) {
    ProcessExit.install(System.err);
    ProcessExit.exit(run(args, ProcessExit.guarded(System.out), ProcessExit.guarded(System.err)));
  }

  /**
   * Runs {@code wick} with {@code args}, printing to the given streams; returns the exit code.
   * Every {@link Throwable} ends in an exit code: a {@link WickException} in its own, a failure the
   * environment caused (out of memory, a full disk, a stack too small: {@link EnvironmentFailure})
   * in 2, anything else in 3, each with one sentence.
   */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    return run(args, out, err, System::getenv);
  }

  /**
   * {@link #run(String[], PrintStream, PrintStream)} reading environment variables from {@code
   * env}.
   */
  static int run(String[] args, PrintStream out, PrintStream err, Function<String, String> env) {
    boolean verbose = Logging.verbose(args);
    Logging.configure(verbose);
    CommandLine cli = commandLine(out, err, env);
    try {
      return cli.execute(args);
    } catch (Throwable thrown) {
      Throwable t = explained(thrown);
      PrintWriter w = cli.getErr();
      w.println("error: " + (t instanceof WickException we ? Flags.message(we) : explain(t)));
      if (verbose) {
        t.printStackTrace(w);
      }
      w.flush();
      return exitCode(t);
    }
  }

  /**
   * The exit code of a failure: a {@link WickException}'s own, 2 for one the environment caused,
   * else 3.
   */
  static int exitCode(Throwable t) {
    return explained(t) instanceof WickException w ? w.exitCode().code() : ExitCode.INTERNAL.code();
  }

  /**
   * The failure to report for {@code thrown}: the environment's sentence when the environment
   * caused it, a corrupt file's when a scan met one, else {@code thrown} itself.
   */
  static Throwable explained(Throwable thrown) {
    Optional<WickException> environment = EnvironmentFailure.explain(thrown);
    if (environment.isPresent()) {
      return environment.get();
    }
    // A WickException already names the SQL that failed (a check's predicate).
    Optional<WickException> data =
        thrown instanceof WickException ? Optional.empty() : Source.explainDataFailure(thrown);
    if (data.isPresent()) {
      return data.get();
    }
    return DatasetReader.explainScanFailure(thrown).<Throwable>map(e -> e).orElse(thrown);
  }

  /** One line for a failure that is not a {@link WickException}. */
  static String explain(Throwable t) {
    String message = Optional.ofNullable(t.getMessage()).map(String::strip).orElse("");
    int nl = message.indexOf('\n');
    if (nl >= 0) {
      message = message.substring(0, nl).strip();
    }
    String what = t.getClass().getSimpleName() + (message.isEmpty() ? "" : ": " + message);
    return "wick failed unexpectedly (" + what + "); run again with --verbose for details.";
  }

  private static final java.util.regex.Pattern DECIMAL =
      java.util.regex.Pattern.compile(
          "[+-]?(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(?:[eE][+-]?[0-9]+)?|[+-]?(?:NaN|Infinity)");

  /**
   * A number option's value as people write numbers. Java's {@code Double.valueOf} also takes
   * {@code 2d}, {@code 1f} and hexadecimal, so {@code --freshness-margin 2d} (meant as two days)
   * would silently read as 2. NaN and Infinity pass, for the options' own range checks to name.
   */
  private static Double decimal(String text) {
    if (!DECIMAL.matcher(text.strip()).matches()) {
      throw new CommandLine.TypeConversionException(
          "'" + text + "' is not a decimal number such as 0.5 or 2");
    }
    return Double.valueOf(text.strip());
  }

  static CommandLine commandLine(PrintStream out, PrintStream err) {
    return commandLine(out, err, System::getenv);
  }

  /**
   * The command line, its options reading environment variables (a webhook's secret address) from
   * {@code env}.
   */
  static CommandLine commandLine(PrintStream out, PrintStream err, Function<String, String> env) {
    CommandLine.IFactory defaults = CommandLine.defaultFactory();
    CommandLine cli =
        new CommandLine(
            new Wick(),
            new CommandLine.IFactory() {
              @Override
              public <K> K create(Class<K> type) throws Exception {
                return type == NotifyOptions.class
                    ? type.cast(new NotifyOptions(env))
                    : defaults.create(type);
              }
            });
    // For every subcommand's number options (registered here, it reaches them all).
    cli.registerConverter(Double.class, Wick::decimal);
    cli.registerConverter(Double.TYPE, Wick::decimal);
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));
    cli.setExitCodeExceptionMapper(Wick::exitCode);
    cli.setParameterExceptionHandler(
        (ex, args) -> {
          PrintWriter w = ex.getCommandLine().getErr();
          if (ex.getCause() instanceof BadValue converter) {
            // Wick's converters say what is wrong and how to fix it in one sentence.
            w.println("error: " + converter.getMessage());
            return ExitCode.USAGE.code();
          }
          String message =
              unknownOption(ex)
                  .orElse(
                      Optional.ofNullable(ex.getMessage())
                          .orElse("bad arguments")
                          .strip()
                          .split("\n")[0]);
          String command = ex.getCommandLine().getCommandName();
          w.println(
              "error: "
                  + message.replaceFirst("[.\\s]+$", "")
                  + "; run 'wick "
                  + (command.equals("wick") ? "" : qualifiedName(ex.getCommandLine()) + " ")
                  + "--help' for usage.");
          return ExitCode.USAGE.code();
        });
    cli.setExecutionExceptionHandler(
        (thrown, commandLine, parseResult) -> {
          PrintWriter w = commandLine.getErr();
          boolean verbose = Verbosity.isVerbose(parseResult);
          // A corrupt file among good ones surfaces only when a task reads it.
          Throwable failure = explained(thrown);
          if (failure instanceof WickException we) {
            w.println("error: " + Flags.message(we));
          } else {
            w.println("error: " + explain(failure));
          }
          if (verbose) {
            failure.printStackTrace(w);
          }
          return exitCode(failure);
        });
    return cli;
  }

  /**
   * {@code Unknown option '--keys' (did you mean '--key'?)} when the arguments hold an option the
   * command does not have, naming the nearest of its visible long options when one is close (a
   * one-letter name is a slip of any other one-letter name, so none is suggested). It comes before
   * a missing required option, which is often the one mistyped; picocli's own message lists every
   * unmatched argument, the option's value too.
   */
  private static Optional<String> unknownOption(CommandLine.ParameterException ex) {
    List<String> unmatched =
        ex instanceof CommandLine.UnmatchedArgumentException u
            ? u.getUnmatched()
            : Optional.ofNullable(ex.getCommandLine().getParseResult())
                .map(CommandLine.ParseResult::unmatched)
                .orElse(List.of());
    CommandLine.Model.CommandSpec spec = ex.getCommandLine().getCommandSpec();
    List<String> known =
        spec.options().stream()
            .filter(o -> !o.hidden())
            .flatMap(o -> Arrays.stream(o.names()))
            .filter(n -> n.startsWith("--"))
            .toList();
    return unmatched.stream()
        .filter(a -> a.length() > 1 && a.startsWith("-") && !DECIMAL.matcher(a).matches())
        .findFirst()
        .map(a -> a.contains("=") ? a.substring(0, a.indexOf('=')) : a)
        .map(flag -> "Unknown option '" + flag + "'" + DidYouMean.suggestion(flag, known));
  }

  /** A subcommand's name as typed after {@code wick}: {@code sandbox clean}. */
  private static String qualifiedName(CommandLine c) {
    String name = c.getCommandName();
    for (CommandLine p = c.getParent(); p != null && p.getParent() != null; p = p.getParent()) {
      name = p.getCommandName() + " " + name;
    }
    return name;
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
