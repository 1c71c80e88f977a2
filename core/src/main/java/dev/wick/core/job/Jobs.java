package dev.wick.core.job;

import dev.wick.core.ExitCode;
import dev.wick.core.WickException;
import dev.wick.core.spark.WickSpark;
import java.io.PrintStream;
import java.util.Optional;
import org.apache.spark.sql.SparkSession;

/**
 * Runs a {@link WickJob} for real, locally or under {@code spark-submit}.
 *
 * <p>Runtime arguments: {@code --wick.master=URL} (default: what spark-submit set, else {@code
 * local[*]}), {@code --wick.overwrite=true} (replace existing outputs), {@code --wick.verbose}
 * (stack traces). Exit codes are Wick's: 0 success, 2 usage or input error, 3 anything else.
 */
public final class Jobs {
  private Jobs() {}

  /** Runs the job and exits the JVM with its exit code. */
  public static void main(WickJob job, String[] args) {
    int code = run(job, args, System.out, System.err).code();
    System.exit(code);
  }

  /** Runs the job without exiting; the result's exit code says how it ended. */
  public static ExitCode run(WickJob job, String[] args, PrintStream out, PrintStream err) {
    boolean verbose = false;
    try {
      Args parsed = Args.parse(args);
      verbose = parsed.bool("wick.verbose", false);
      SparkSession spark =
          WickSpark.session(job.getClass().getSimpleName(), parsed.optional("wick.master"));
      SparkJobContext ctx = new SparkJobContext(spark, parsed.bool("wick.overwrite", false));
      job.run(ctx, parsed);
      for (String location : ctx.written()) {
        out.println("wrote " + location);
      }
      ctx.counterValues().forEach((k, v) -> out.println("counter " + k + " = " + v));
      if (!parsed.unread().isEmpty()) {
        err.println(
            "warning: the job never read the argument(s) --"
                + String.join(", --", parsed.unread())
                + "; check their spelling.");
      }
      return ExitCode.OK;
    } catch (WickException e) {
      err.println("error: " + e.getMessage());
      if (verbose) {
        e.printStackTrace(err);
      }
      return e.exitCode();
    } catch (Exception e) {
      err.println(
          "error: the job failed: " + Optional.ofNullable(e.getMessage()).orElse(e.toString()));
      if (verbose) {
        e.printStackTrace(err);
      }
      return ExitCode.INTERNAL;
    }
  }
}
