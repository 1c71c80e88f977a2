package dev.wick.core.spark;

import dev.wick.core.WickException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Spark jobs run side by side from one command: each submitted job runs on its own daemon thread,
 * so that one job's planning on the driver, and its last stage's idle cores, overlap another's
 * tasks. {@link #close()} waits for every job, failed or not, so nothing still runs (or writes)
 * once the block that started them has ended.
 *
 * <pre>{@code
 * try (SideBySide jobs = SideBySide.start("wick-checks", 2)) {
 *   Future<Long> distinct = jobs.submit(() -> keys.distinct().count());
 *   Row aggregates = data.agg(...).first();
 *   long d = SideBySide.result(distinct);
 * }
 * }</pre>
 */
public final class SideBySide implements AutoCloseable {
  private final ExecutorService pool;
  private final List<Future<?>> started = new ArrayList<>();

  private SideBySide(ExecutorService pool) {
    this.pool = pool;
  }

  /** Up to {@code threads} jobs at once, on threads named {@code name}. */
  public static SideBySide start(String name, int threads) {
    return new SideBySide(
        Executors.newFixedThreadPool(
            threads,
            task -> {
              Thread t = new Thread(task, name);
              t.setDaemon(true);
              return t;
            }));
  }

  /** Starts {@code job}; its result (or failure) comes from {@link #result(Future)}. */
  public <T> Future<T> submit(Callable<T> job) {
    Future<T> f = pool.submit(job);
    started.add(f);
    return f;
  }

  /** A job's result once it has ended, its failure rethrown as it was thrown. */
  public static <T> T result(Future<T> f) {
    try {
      return f.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw WickException.internal("Interrupted while waiting for a Spark job.", e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      if (e.getCause() instanceof Error err) {
        throw err;
      }
      throw WickException.internal("A Spark job failed: " + e.getCause(), e.getCause());
    }
  }

  /**
   * Waits for every started job to end. A failure is not rethrown here: it is reported by {@link
   * #result(Future)}, or superseded by the failure that ended the block.
   */
  @Override
  public void close() {
    try {
      for (Future<?> f : started) {
        try {
          f.get();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        } catch (ExecutionException e) {
          // reported by result(), or superseded by the failure that got us here
        }
      }
    } finally {
      pool.shutdown();
    }
  }
}
