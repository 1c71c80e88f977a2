package dev.wick.testkit.jobtest;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Remembers the {@link JobTest}s built during a test that have not run yet, so that the extension
 * can fail a test that built one and forgot {@code .run()}. Scopes are per thread and nest; outside
 * a scope (no extension) nothing is tracked.
 */
final class JobTestTracker {
  private static final ThreadLocal<Deque<List<JobTest>>> SCOPES =
      ThreadLocal.withInitial(ArrayDeque::new);

  private JobTestTracker() {}

  /** Starts tracking on this thread. */
  static void open() {
    SCOPES.get().push(new ArrayList<>());
  }

  /** Stops the innermost tracking scope and returns the JobTests built in it and never run. */
  static List<JobTest> close() {
    Deque<List<JobTest>> scopes = SCOPES.get();
    List<JobTest> open = scopes.isEmpty() ? List.of() : scopes.pop();
    if (scopes.isEmpty()) {
      SCOPES.remove();
    }
    return List.copyOf(open);
  }

  static void built(JobTest test) {
    Deque<List<JobTest>> scopes = SCOPES.get();
    if (scopes.isEmpty()) {
      SCOPES.remove();
      return;
    }
    scopes.peek().add(test);
  }

  static void ran(JobTest test) {
    for (List<JobTest> scope : SCOPES.get()) {
      scope.removeIf(t -> t == test);
    }
  }

  /** The failure for JobTests never run, or null when there are none. */
  static AssertionError neverRun(List<JobTest> tests) {
    if (tests.isEmpty()) {
      return null;
    }
    if (tests.size() == 1) {
      return new AssertionError(
          "A JobTest of "
              + tests.get(0).describe()
              + " was built but never run; end its chain with .run() or .runWithFiles().");
    }
    List<String> names = tests.stream().map(JobTest::describe).toList();
    return new AssertionError(
        tests.size()
            + " JobTests were built but never run ("
            + String.join("; ", names)
            + "); end each chain with .run() or .runWithFiles().");
  }
}
