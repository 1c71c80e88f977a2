package dev.wick.testkit.jobtest;

import dev.wick.core.spark.WickSpark;
import org.apache.spark.sql.SparkSession;

/** The sessions tests run in: one shared local session per JVM, and isolated views of it. */
final class SparkSessions {
  private SparkSessions() {}

  private static SparkSession shared;

  /**
   * Wick's shared local test session. Kept here because {@code WickSpark.local} (a builder's {@code
   * getOrCreate}) hands back the thread's active session, which under {@link SparkTest} is the
   * test's own.
   */
  static synchronized SparkSession shared() {
    if (shared == null || shared.sparkContext().isStopped()) {
      scala.Option<SparkSession> active = SparkSession.getActiveSession();
      SparkSession.clearActiveSession();
      try {
        shared = WickSpark.local(2);
      } finally {
        if (active.isDefined()) {
          SparkSession.setActiveSession(active.get());
        }
      }
    }
    return shared;
  }

  /**
   * A session of its own for one test: it shares the shared session's SparkContext and cached data,
   * but has its own SQL settings, temporary views and functions.
   */
  static SparkSession isolated() {
    return shared().newSession();
  }

  /** The thread's active session if it is alive, else the shared one. */
  static SparkSession current() {
    scala.Option<SparkSession> active = SparkSession.getActiveSession();
    if (active.isDefined() && !active.get().sparkContext().isStopped()) {
      return active.get();
    }
    return shared();
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
