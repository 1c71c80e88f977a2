package dev.wick.testkit.jobtest;

import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * The JUnit Jupiter side of {@link SparkTest}: a session per test method (per class for constructor
 * and {@code @BeforeAll} parameters), injected into {@code SparkSession} parameters and made active
 * during the test; after the test, a {@link JobTest} built but never run fails it.
 */
public final class SparkExtension
    implements BeforeEachCallback, AfterEachCallback, ParameterResolver {
  private static final ExtensionContext.Namespace NAMESPACE =
      ExtensionContext.Namespace.create(SparkExtension.class);
  private static final String SESSION = "session";
  private static final String PREVIOUS = "previous";

  @Override
  public void beforeEach(ExtensionContext context) {
    SparkSession previous = SparkSessions.activate(session(context));
    if (previous != null) {
      context.getStore(NAMESPACE).put(PREVIOUS, new Held(previous));
    }
    JobTestTracker.open();
  }

  @Override
  public void afterEach(ExtensionContext context) {
    List<JobTest> neverRun = JobTestTracker.close();
    Held previous = context.getStore(NAMESPACE).remove(PREVIOUS, Held.class);
    SparkSessions.restore(previous == null ? null : previous.session());
    AssertionError failure = JobTestTracker.neverRun(neverRun);
    // A test that already failed may well have stopped before its .run(): report that failure.
    if (failure != null && context.getExecutionException().isEmpty()) {
      throw failure;
    }
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == SparkSession.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return session(context);
  }

  /** The session of the test method, or of the class outside a test method. */
  private static SparkSession session(ExtensionContext context) {
    return context
        .getStore(NAMESPACE)
        .getOrComputeIfAbsent(SESSION, k -> new Held(SparkSessions.isolated()), Held.class)
        .session();
  }

  /**
   * Holds a session in the store. A SparkSession is {@code Closeable}, and newer JUnit versions
   * close closeable store values after the test: closing a session stops the shared SparkContext.
   */
  private record Held(SparkSession session) {}
}
