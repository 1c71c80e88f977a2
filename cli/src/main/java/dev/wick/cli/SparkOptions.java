package dev.wick.cli;

import dev.wick.core.spark.WickSpark;
import java.util.Optional;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options of subcommands that run Spark: {@code --master} and {@code --verbose}. Spark's
 * logging is quiet (one line per warning, no stack trace; see {@link Logging}) unless verbose;
 * progress goes to stderr when it is a terminal.
 */
public final class SparkOptions {
  @Mixin Verbosity verbosity;

  @Option(
      names = "--master",
      paramLabel = "URL",
      description = "Spark master (default: what spark-submit set, else local[*]).")
  String master;

  private SparkSession session;

  /** The session, created on first use. */
  public SparkSession spark() {
    if (session == null) {
      Logging.configure(verbosity.verbose);
      session = WickSpark.session("wick", Optional.ofNullable(master));
      Progress.attach(session);
    }
    return session;
  }

  public boolean verbose() {
    return verbosity.verbose;
  }
}
