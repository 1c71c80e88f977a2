package dev.wick.core;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.util.ShutdownHookManager;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.config.Configurator;
import sun.misc.Signal;

/**
 * The one way a Wick process ends: with the exit code its front end decided, whoever ends the JVM.
 *
 * <p>Two others end it besides Wick. Spark's handler of a task's fatal error (a {@code
 * StackOverflowError}, an {@code OutOfMemoryError}) calls {@code System.exit} with Spark's own
 * codes (50, 52) from the task's thread, while the front end is still turning the failed job into
 * its sentence and exit code. And a signal ({@code Ctrl-C}, {@code kill}) ends it with 130 or 143
 * while a command may be writing. {@link #install} registers two shutdown hooks with Hadoop's
 * manager, which runs hooks one after the other by priority: the first runs before Spark's own
 * (which stop the Spark context) and the second after them but before the file systems close. When
 * the JVM ends other than through {@link #exit}, the first silences logging and, for Spark's exit,
 * waits for the front end to decide its code; the second abandons every open output (its staging
 * folder and lock go) and halts the JVM with the front end's code, or 128 plus the signal's number
 * after a signal, which prints one line: {@code interrupted; nothing was written}.
 */
public final class ProcessExit {
  private ProcessExit() {}

  /** Before Spark's shutdown hooks (Spark registers its own at 40 with Hadoop's manager). */
  private static final int FIRST_PRIORITY = 1_000;

  /** After Spark's hooks, before Hadoop's file systems close (at 10). */
  private static final int LAST_PRIORITY = 20;

  /** How long the first hook waits for the front end to decide after Spark ended the JVM. */
  private static final long DECISION_WAIT_SECONDS = 20;

  private static final CompletableFuture<Integer> DECIDED = new CompletableFuture<>();
  private static final Map<Object, Runnable> OPEN = new ConcurrentHashMap<>();
  private static final List<String> WRITTEN = new ArrayList<>();
  private static volatile boolean installed;

  /** Who began the JVM's shutdown: set once, by {@link #exit} or by the first hook. */
  private static final java.util.concurrent.atomic.AtomicReference<Boolean> BY_WICK =
      new java.util.concurrent.atomic.AtomicReference<>();

  private static volatile int signalCode;
  private static volatile boolean silenced;
  private static PrintStream rawErr = System.err;

  /**
   * Takes over the ends of this process: call once, first thing in a front end's {@code main}, and
   * end it with {@link #exit}. {@code err} is where the interrupt line goes.
   */
  public static synchronized void install(PrintStream err) {
    if (installed) {
      return;
    }
    installed = true;
    rawErr = err;
    ShutdownHookManager hooks = ShutdownHookManager.get();
    hooks.addShutdownHook(
        ProcessExit::beforeSpark, FIRST_PRIORITY, DECISION_WAIT_SECONDS + 5, TimeUnit.SECONDS);
    hooks.addShutdownHook(ProcessExit::afterSpark, LAST_PRIORITY, 30, TimeUnit.SECONDS);
    for (String name : List.of("INT", "TERM")) {
      try {
        Signal.handle(new Signal(name), ProcessExit::signalled);
      } catch (IllegalArgumentException | UnsupportedOperationException e) {
        // a signal this platform does not have, or one the JVM keeps for itself
      }
    }
  }

  /**
   * Ends the process with {@code code}: the front end's decision, which no other exit overrides.
   */
  public static void exit(int code) {
    DECIDED.complete(code);
    BY_WICK.compareAndSet(null, true);
    System.exit(code);
  }

  /**
   * Registers {@code abandon}, which undoes an open output's work (deletes its staging folder and
   * releases its lock), to run if the process ends before {@link #closed} is called with the same
   * {@code owner}.
   */
  public static void opened(Object owner, Runnable abandon) {
    OPEN.put(owner, abandon);
  }

  /** The output {@code owner} is committed ({@code written} names it) or closed. */
  public static void closed(Object owner, String written) {
    OPEN.remove(owner);
    if (written != null) {
      synchronized (WRITTEN) {
        WRITTEN.add(written);
      }
    }
  }

  /**
   * {@code stream}, dropping what is written to it once the process is ending on a signal or on
   * Spark's exit, so that a command's messages about a job its end cancelled do not follow the one
   * line that says what happened.
   */
  public static PrintStream guarded(PrintStream stream) {
    return new PrintStream(
        new OutputStream() {
          @Override
          public void write(int b) {
            if (!silenced) {
              stream.write(b);
            }
          }

          @Override
          public void write(byte[] b, int off, int len) {
            if (!silenced) {
              stream.write(b, off, len);
            }
          }

          @Override
          public void flush() {
            stream.flush();
          }
        },
        true);
  }

  private static void signalled(Signal signal) {
    signalCode = 128 + signal.getNumber();
    silence();
    String written;
    synchronized (WRITTEN) {
      written = WRITTEN.isEmpty() ? "nothing was written" : "wrote only " + WRITTEN;
    }
    rawErr.println("interrupted; " + written + ".");
    rawErr.flush();
    System.exit(signalCode);
  }

  private static void silence() {
    silenced = true;
    try {
      Configurator.setAllLevels(LogManager.ROOT_LOGGER_NAME, Level.OFF);
    } catch (RuntimeException | LinkageError e) {
      // no log4j core: nothing to silence
    }
  }

  private static void beforeSpark() {
    if (!BY_WICK.compareAndSet(null, false) && BY_WICK.get()) {
      return;
    }
    if (signalCode != 0) {
      return; // the signal handler has silenced logging and said what happened
    }
    // Spark ended the JVM from a task's thread: the front end is explaining the failed job.
    try {
      DECIDED.get(DECISION_WAIT_SECONDS, TimeUnit.SECONDS);
    } catch (Exception e) {
      // undecided: the second hook says so
    }
    silence();
  }

  private static void afterSpark() {
    if (Boolean.TRUE.equals(BY_WICK.get())) {
      return;
    }
    for (Runnable abandon : List.copyOf(OPEN.values())) {
      try {
        abandon.run();
      } catch (RuntimeException e) {
        // best effort: the next write of that output cleans up what is left
      }
    }
    int code;
    if (signalCode != 0) {
      code = signalCode;
    } else if (DECIDED.isDone()) {
      code = DECIDED.getNow(ExitCode.INTERNAL.code());
    } else {
      rawErr.println(
          "error: a Spark task ended the process with a fatal error before Wick could explain"
              + " it; run again with --verbose for details.");
      code = ExitCode.INTERNAL.code();
    }
    System.out.flush();
    rawErr.flush();
    Runtime.getRuntime().halt(code);
  }
}
