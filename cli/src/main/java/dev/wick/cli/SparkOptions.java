package dev.wick.cli;

import dev.wick.core.spark.WickSpark;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options of subcommands that run Spark: {@code --master}, {@code --conf} and {@code
 * --verbose}. Spark's logging is quiet (one line per warning, no stack trace; see {@link Logging})
 * unless verbose; progress goes to stderr when it is a terminal.
 */
public final class SparkOptions {
  @Mixin Verbosity verbosity;

  @Option(
      names = "--master",
      paramLabel = "URL",
      description = "Spark master (default: what spark-submit set, else local[*]).")
  String master;

  @Option(
      names = "--conf",
      paramLabel = "KEY=VALUE",
      description =
          "A Spark setting (repeatable): the shuffle partitions, or the settings of an Iceberg"
              + " catalog to read tables through (see the inputs page of the docs).")
  Map<String, String> conf = new LinkedHashMap<>();

  private SparkSession session;

  /** The session, created on first use. */
  public SparkSession spark() {
    if (session == null) {
      Logging.configure(verbosity.verbose);
      session = WickSpark.session("wick", Optional.ofNullable(master), conf);
      Progress.attach(session);
    }
    return session;
  }

  public boolean verbose() {
    return verbosity.verbose;
  }
}
