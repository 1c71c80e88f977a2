package dev.wick.testkit.jobtest;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.lifecycle.AroundPropertyHook;
import net.jqwik.api.lifecycle.LifecycleContext;
import net.jqwik.api.lifecycle.ParameterResolutionContext;
import net.jqwik.api.lifecycle.PropertyExecutionResult;
import net.jqwik.api.lifecycle.PropertyExecutor;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;
import net.jqwik.api.lifecycle.ResolveParameterHook;
import org.apache.spark.sql.SparkSession;

/**
 * The jqwik side of {@link SparkTest}: each property gets a session of its own, shared by its
 * tries, injected into a {@code SparkSession} parameter (one without {@code @ForAll}) and made
 * active while the property runs; a {@link JobTest} built during the property but never run fails
 * it.
 */
public final class SparkPropertyHook implements AroundPropertyHook, ResolveParameterHook {
  private static final ThreadLocal<Deque<SparkSession>> SESSIONS =
      ThreadLocal.withInitial(ArrayDeque::new);

  @Override
  public PropertyExecutionResult aroundProperty(
      PropertyLifecycleContext context, PropertyExecutor property) {
    SparkSession session = SparkSessions.isolated();
    SparkSession previous = SparkSessions.activate(session);
    SESSIONS.get().push(session);
    JobTestTracker.open();
    PropertyExecutionResult result;
    List<JobTest> neverRun;
    try {
      result = property.execute();
    } finally {
      neverRun = JobTestTracker.close();
      SESSIONS.get().pop();
      SparkSessions.restore(previous);
    }
    AssertionError failure = JobTestTracker.neverRun(neverRun);
    if (failure != null && result.status() == PropertyExecutionResult.Status.SUCCESSFUL) {
      return result.mapToFailed(failure);
    }
    return result;
  }

  @Override
  public int aroundPropertyProximity() {
    // Close to the property: inside hooks that report or retry, around the tries themselves.
    return 10;
  }

  @Override
  public Optional<ParameterSupplier> resolve(
      ParameterResolutionContext parameter, LifecycleContext context) {
    if (parameter.typeUsage().getRawType() != SparkSession.class) {
      return Optional.empty();
    }
    return Optional.of(tryContext -> session());
  }

  /** The running property's session (jqwik runs a property's tries on the property's thread). */
  private static SparkSession session() {
    SparkSession session = SESSIONS.get().peek();
    if (session == null) {
      throw new IllegalStateException(
          "A SparkSession parameter was resolved outside a property run by SparkPropertyHook.");
    }
    return session;
  }
}
