package dev.wick.core;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Failures that the machine Wick runs on caused, not Wick and not the data's meaning: the heap ran
 * out or is too small for Spark, a record is nested deeper than a thread's stack, the disk is full.
 * Each is explained as one sentence with its cause and its fix, exit 2: the user fixes them by
 * giving the JVM more (through {@code WICK_JAVA_OPTS}, which {@code ./wick} and {@code
 * examples/run} pass to Java) or by freeing space.
 *
 * <p>Spark reports a task's failure as an exception whose cause chain holds the task's own error
 * when it could be carried back, and otherwise only its text ({@code "...: java.lang.
 * StackOverflowError"}); both are read here.
 */
public final class EnvironmentFailure {
  private EnvironmentFailure() {}

  /** The most causes followed: a cause chain may loop. */
  private static final int MAX_DEPTH = 32;

  private static final String NO_SPACE = "No space left on device";

  private static final Pattern SMALL_HEAP =
      Pattern.compile("System memory (\\d+) must be at least (\\d+)");

  /** The sentence for a heap that ran out. */
  public static final String OUT_OF_MEMORY =
      "Java ran out of memory; give it more with WICK_JAVA_OPTS (such as WICK_JAVA_OPTS=-Xmx8g),"
          + " or work on a smaller input.";

  /** The sentence for a record nested deeper than a thread's stack. */
  public static final String STACK_OVERFLOW =
      "A record is nested too deeply for Java's thread stack (a StackOverflowError while reading"
          + " or comparing it); give threads a larger stack with WICK_JAVA_OPTS (such as"
          + " WICK_JAVA_OPTS=\"-Xmx4g -Xss64m\"), or flatten the input.";

  /** The sentence for a full disk. */
  public static final String DISK_FULL =
      "The disk ran out of space while Wick was writing (No space left on device), and nothing"
          + " was written; free space on that disk, or write the output (or Spark's scratch"
          + " folder, spark.local.dir) to another one.";

  /**
   * One sentence for {@code failure} when the environment caused it, as a {@link WickException}
   * with exit 2 that keeps {@code failure} as its cause; empty for any other failure.
   */
  public static Optional<WickException> explain(Throwable failure) {
    boolean oom = false;
    boolean stack = false;
    boolean full = false;
    int depth = 0;
    for (Throwable t = failure; t != null && depth < MAX_DEPTH; t = t.getCause(), depth++) {
      String m = t.getMessage() == null ? "" : t.getMessage();
      Matcher heap = SMALL_HEAP.matcher(m);
      if (heap.find()) {
        return Optional.of(
            WickException.usage(smallHeap(Long.parseLong(heap.group(1)), heap.group(2)), failure));
      }
      oom |= t instanceof OutOfMemoryError || m.contains("java.lang.OutOfMemoryError");
      stack |= t instanceof StackOverflowError || m.contains("java.lang.StackOverflowError");
      full |= m.contains(NO_SPACE);
    }
    if (full) {
      return Optional.of(WickException.usage(DISK_FULL, failure));
    }
    if (stack) {
      return Optional.of(WickException.usage(STACK_OVERFLOW, failure));
    }
    if (oom) {
      return Optional.of(WickException.usage(OUT_OF_MEMORY, failure));
    }
    return Optional.empty();
  }

  private static String smallHeap(long heapBytes, String neededBytes) {
    long needed = Long.parseLong(neededBytes);
    return "Java's heap ("
        + megabytes(heapBytes)
        + " MB) is too small for Spark, which needs at least "
        + megabytes(needed)
        + " MB; give Wick more with WICK_JAVA_OPTS (such as WICK_JAVA_OPTS=-Xmx4g).";
  }

  private static long megabytes(long bytes) {
    return (bytes + (1 << 20) - 1) >> 20;
  }
}
