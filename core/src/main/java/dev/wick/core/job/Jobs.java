package dev.wick.core.job;

import dev.wick.core.EnvironmentFailure;
import dev.wick.core.ExitCode;
import dev.wick.core.ProcessExit;
import dev.wick.core.WickException;
import dev.wick.core.io.DatasetReader;
import dev.wick.core.io.Locations;
import dev.wick.core.io.OutputRedirect;
import dev.wick.core.spark.WickSpark;
import java.io.PrintStream;
import java.util.Optional;
import java.util.function.UnaryOperator;
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
    ProcessExit.install(System.err);
    ProcessExit.exit(
        run(job, args, ProcessExit.guarded(System.out), ProcessExit.guarded(System.err)).code());
  }

  /** A job's context and, in a sandbox, what watches and redirects its writes. */
  private record Prepared(SparkJobContext ctx, Optional<Sandbox> sandbox) {}

  /**
   * The job's context: production by default; under {@code --wick.env=sandbox} every output is
   * rewritten below {@code --wick.sandbox.root} (default {@code $WICK_SANDBOX_ROOT}, else {@code
   * wick-sandbox} in the working folder) per user and run, and the mapping is printed.
   */
  private static Prepared context(WickJob job, Args args, SparkSession spark) {
    boolean overwrite = args.bool("wick.overwrite", false);
    String env = args.string("wick.env", "prod");
    switch (env) {
      case "prod":
        return new Prepared(new SparkJobContext(spark, overwrite), Optional.empty());
      case "sandbox":
        String root =
            args.optional("wick.sandbox.root")
                .or(() -> Optional.ofNullable(System.getenv("WICK_SANDBOX_ROOT")))
                .orElse("wick-sandbox");
        String user = args.string("wick.sandbox.user", System.getProperty("user.name", "unknown"));
        Sandbox sandbox =
            Sandbox.open(
                root,
                user,
                job.getClass().getName(),
                args.toArgList(),
                spark.sparkContext().hadoopConfiguration());
        return new Prepared(
            new SparkJobContext(spark, overwrite, UnaryOperator.identity(), false),
            Optional.of(sandbox));
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
      Prepared prepared = context(job, parsed, spark);
      SparkJobContext ctx = prepared.ctx();
      if (prepared.sandbox().isPresent()) {
        runSandboxed(job, ctx, parsed, prepared.sandbox().get(), out);
      } else {
        job.run(ctx, parsed);
      }
      for (String location : ctx.written()) {
        out.println("wrote " + shown(location));
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
      WickException shown =
          EnvironmentFailure.explain(e).orElseGet(() -> SparkJobContext.withRuntimeFlags(e));
      err.println("error: " + shown.getMessage());
      if (verbose) {
        e.printStackTrace(err);
      }
      return shown.exitCode();
    } catch (Exception | Error e) {
      Optional<WickException> environment = EnvironmentFailure.explain(e);
      if (environment.isPresent()) {
        err.println("error: " + environment.get().getMessage());
        if (verbose) {
          e.printStackTrace(err);
        }
        return environment.get().exitCode();
      }
      if (e instanceof Error error) {
        err.println(
            "error: the job failed: " + error + (verbose ? "" : "; run with --wick.verbose."));
        if (verbose) {
          e.printStackTrace(err);
        }
        return ExitCode.INTERNAL;
      }
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

  /**
   * Runs the job with every {@link dev.wick.core.io.Output} of the session sent below the sandbox's
   * run folder, and fails the run when the job wrote anywhere else (through {@code ctx.spark()}
   * rather than its context).
   */
  private static void runSandboxed(
      WickJob job, SparkJobContext ctx, Args args, Sandbox sandbox, PrintStream out)
      throws Exception {
    SparkSession spark = ctx.spark();
    out.println("sandbox run " + sandbox.runLocation());
    SandboxGuard guard = new SandboxGuard(sandbox.runLocation());
    spark.listenerManager().register(guard);
    try (OutputRedirect redirect =
        OutputRedirect.install(
            spark,
            location -> {
              String rewritten = sandbox.rewrite(location);
              if (!rewritten.equals(location)) {
                out.println("sandbox: " + location + " -> " + rewritten);
              }
              return rewritten;
            })) {
      job.run(ctx, args);
    } finally {
      spark.sparkContext().listenerBus().waitUntilEmpty();
      spark.listenerManager().unregister(guard);
    }
    if (!guard.escapes().isEmpty()) {
      throw WickException.usage(
          "The sandboxed job wrote "
              + String.join(", ", guard.escapes())
              + " outside its sandbox "
              + sandbox.runLocation()
              + ", through the Spark session rather than its job context; write every output"
              + " with ctx.write(...) so that a sandboxed run stays in its sandbox.");
    }
  }

  /**
   * A written location as the run prints it: a local file as a plain path (which a shell or a
   * browser takes), anything else (another file system's URI, a table) as it is.
   */
  static String shown(String location) {
    return location.startsWith("file:")
        ? Locations.display(new org.apache.hadoop.fs.Path(location))
        : location;
  }
}
