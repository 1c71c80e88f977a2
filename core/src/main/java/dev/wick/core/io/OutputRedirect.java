package dev.wick.core.io;

import java.util.Map;
import java.util.Objects;
import java.util.WeakHashMap;
import java.util.function.UnaryOperator;
import org.apache.spark.sql.SparkSession;

/**
 * Rewrites the location of every {@link Output} opened on a session while it is installed: how a
 * sandboxed job run sends every write below its sandbox, whichever API the job writes with (the job
 * context, the typed API, a library that writes a report).
 *
 * <pre>{@code
 * try (OutputRedirect r = OutputRedirect.install(spark, sandbox::rewrite)) {
 *   job.run(ctx, args);
 * }
 * }</pre>
 */
public final class OutputRedirect implements AutoCloseable {
  private static final Map<SparkSession, UnaryOperator<String>> ACTIVE = new WeakHashMap<>();

  private final SparkSession spark;

  private OutputRedirect(SparkSession spark) {
    this.spark = spark;
  }

  /**
   * Sends every output opened on {@code spark} to {@code rewrite(location)} until closed; one
   * redirect per session at a time.
   */
  public static OutputRedirect install(SparkSession spark, UnaryOperator<String> rewrite) {
    Objects.requireNonNull(rewrite, "rewrite");
    synchronized (ACTIVE) {
      if (ACTIVE.containsKey(spark)) {
        throw new IllegalStateException("an output redirect is already installed on this session");
      }
      ACTIVE.put(spark, rewrite);
    }
    return new OutputRedirect(spark);
  }

  /** Where {@code location} goes on {@code spark}: rewritten while a redirect is installed. */
  static String apply(SparkSession spark, String location) {
    UnaryOperator<String> rewrite;
    synchronized (ACTIVE) {
      rewrite = ACTIVE.get(spark);
    }
    return rewrite == null ? location : rewrite.apply(location);
  }

  /** Whether a redirect is installed on {@code spark}. */
  public static boolean active(SparkSession spark) {
    synchronized (ACTIVE) {
      return ACTIVE.containsKey(spark);
    }
  }

  @Override
  public void close() {
    synchronized (ACTIVE) {
      ACTIVE.remove(spark);
    }
  }
}
