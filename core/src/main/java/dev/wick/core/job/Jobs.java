package dev.wick.core.job;

import dev.wick.core.ExitCode;
import dev.wick.core.WickException;
import dev.wick.core.io.DatasetReader;
import dev.wick.core.spark.WickSpark;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.SparkSession;

/**
 * Runs a {@link WickJob} for real, locally or under {@code spark-submit}.
 *
 * <p>Runtime arguments: {@code --wick.master=URL} (default: what spark-submit set, else {@code
 * local[*]}), {@code --wick.overwrite=true} (replace existing outputs), {@code --wick.verbose}
 * (stack traces), {@code --wick.env=sandbox} (every output below a per-user, per-run sandbox
 * folder; see {@link Sandbox}). Exit codes are Wick's: 0 success, 2 usage or input error, 3
 * anything else.
 */
public final class Jobs {
  private Jobs() {}

  /** Runs the job and exits the JVM with its exit code. */
  public static void main(WickJob job, String[] args) {
    int code = run(job, args, System.out, System.err).code();
    System.exit(code);
  }

  /**
   * The job's context: production by default; under {@code --wick.env=sandbox} every output is
   * rewritten below {@code --wick.sandbox.root} (default {@code $WICK_SANDBOX_ROOT}, else {@code
   * wick-sandbox} in the working folder) per user and run, and the mapping is printed.
   */
  static SparkJobContext context(WickJob job, Args args, SparkSession spark, PrintStream out) {
    boolean overwrite = args.bool("wick.overwrite", false);
    String env = args.string("wick.env", "prod");
    switch (env) {
      case "prod":
        return new SparkJobContext(spark, overwrite);
      case "sandbox":
        String root =
            args.optional("wick.sandbox.root")
                .or(() -> Optional.ofNullable(System.getenv("WICK_SANDBOX_ROOT")))
                .orElse("wick-sandbox");
        String user = args.string("wick.sandbox.user", System.getProperty("user.name", "unknown"));
        List<String> jobArgs = new ArrayList<>();
        args.asMap()
            .forEach(
                (k, v) -> {
                  if (!k.startsWith("wick.")) {
                    jobArgs.add("--" + k + "=" + v);
                  }
                });
        Sandbox sandbox =
            Sandbox.open(
                root,
                user,
                job.getClass().getName(),
                jobArgs,
                spark.sparkContext().hadoopConfiguration());
        out.println("sandbox run " + sandbox.runLocation());
        return new SparkJobContext(
            spark,
            overwrite,
            location -> {
              String rewritten = sandbox.rewrite(location);
              out.println("sandbox: " + location + " -> " + rewritten);
              return rewritten;
            },
            false);
      default:
        throw WickException.usage(
            "Unknown environment --wick.env=" + env + "; use prod or sandbox.");
    }
  }

  /** Runs the job without exiting; the result's exit code says how it ended. */
  public static ExitCode run(WickJob job, String[] args, PrintStream out, PrintStream err) {
    boolean verbose = false;
    try {
      Args parsed = Args.parse(args);
      verbose = parsed.bool("wick.verbose", false);
      SparkSession spark =
          WickSpark.session(job.getClass().getSimpleName(), parsed.optional("wick.master"));
      SparkJobContext ctx = context(job, parsed, spark, out);
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
      Optional<WickException> unreadable = DatasetReader.explainScanFailure(e);
      if (unreadable.isPresent()) {
        err.println("error: " + unreadable.get().getMessage());
        return unreadable.get().exitCode();
      }
      err.println(
          "error: the job failed: " + Optional.ofNullable(e.getMessage()).orElse(e.toString()));
      if (verbose) {
        e.printStackTrace(err);
      }
      return ExitCode.INTERNAL;
    }
  }
}
