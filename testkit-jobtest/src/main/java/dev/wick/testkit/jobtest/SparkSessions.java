package dev.wick.testkit.jobtest;

import dev.wick.core.spark.WickSpark;
import java.util.Map;
import org.apache.spark.sql.SparkSession;

/**
 * The sessions tests run in: one shared local session per JVM, and sessions of it for tests, with
 * settings for the small data tests hold.
 */
final class SparkSessions {
  private SparkSessions() {}

  /**
   * The settings of a test session. A test's data is a few thousand rows at most, and at that size
   * a query's time is Spark's fixed cost per query, stage and task rather than the work: four
   * shuffle partitions and four partitions per in-memory input make twice the tasks of two, and the
   * formatted description of each plan Spark posts costs more than the plain one. Adaptive
   * execution stays on, as in production: on the empty and one-row inputs a property generates
   * most, it skips the stages of an empty side. Results do not depend on these settings; {@link
   * JobTest#runTwice()} varies the partitions and flips adaptive execution to find jobs whose
   * results do. A session whose artifacts (jars and files added to it) are isolated from other
   * sessions' runs its tasks in a class loader of its own, so that each new session compiles the
   * code Spark generates for its queries again; a test session shares the compiled code instead
   * (set before the session's first use, when Spark reads it).
   */
  static final Map<String, String> TEST_SETTINGS =
      Map.of(
          "spark.sql.shuffle.partitions", "2",
          "spark.sql.leafNodeDefaultParallelism", "2",
          "spark.sql.ui.explainMode", "simple",
          "spark.sql.artifact.isolation.enabled", "false");

  private static SparkSession shared;
  private static SparkSession standalone;

  /**
   * Wick's shared local session ({@code WickSpark.local(2)}), whose SparkContext every test session
   * shares. Kept here because {@code WickSpark.local} (a builder's {@code getOrCreate}) hands back
   * the thread's active session, which under {@link SparkTest} is the test's own; the thread's
   * active session is left as it was.
   */
  static synchronized SparkSession shared() {
    if (shared == null || shared.sparkContext().isStopped()) {
      scala.Option<SparkSession> active = SparkSession.getActiveSession();
      SparkSession.clearActiveSession();
      try {
        shared = WickSpark.local(2);
      } finally {
        restore(active.isDefined() ? active.get() : null);
      }
    }
    return shared;
  }

  /**
   * A session of its own for one test: it shares the shared session's SparkContext and cached data,
   * but has its own SQL settings (the {@link #TEST_SETTINGS} to begin with), temporary views and
   * functions.
   */
  static SparkSession isolated() {
    SparkSession session = shared().newSession();
    TEST_SETTINGS.forEach(session.conf()::set);
    return session;
  }

  /**
   * The thread's active session if it is alive, else one test session kept for the runs outside
   * {@link SparkTest}.
   */
  static SparkSession current() {
    scala.Option<SparkSession> active = SparkSession.getActiveSession();
    if (active.isDefined() && !active.get().sparkContext().isStopped()) {
      return active.get();
    }
    return standalone();
  }

  /** The test session kept for the runs outside {@link SparkTest}. */
  static synchronized SparkSession standalone() {
    if (standalone == null || standalone.sparkContext().isStopped()) {
      standalone = isolated();
    }
    return standalone;
  }

  /** Makes {@code session} the thread's active session and returns the one it replaces. */
  static SparkSession activate(SparkSession session) {
    scala.Option<SparkSession> previous = SparkSession.getActiveSession();
    SparkSession.setActiveSession(session);
    return previous.isDefined() ? previous.get() : null;
  }

  /** Restores the active session {@link #activate} replaced. */
  static void restore(SparkSession previous) {
    if (previous == null) {
      SparkSession.clearActiveSession();
    } else {
      SparkSession.setActiveSession(previous);
    }
  }
}
