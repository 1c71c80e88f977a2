package dev.wick.benchmarks;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import java.util.List;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * What a property over a JobTest costs: a {@value JobTestJoinProperties#TRIES}-try jqwik property
 * that runs the artist-plays job of {@link JobTestJoinCase} through {@code JobTest.run} on
 * generated plays, run through jqwik's engine under {@code @SparkTest}, against the same property
 * running the job body directly on DataFrames of the same plays (same seed, same tries, same
 * checks). A second variant runs the JobTest property in the benchmark's {@code WickSpark.local}
 * session instead of the property's own (a session with the settings for small test data).
 */
final class JobTestPropertyCase implements BenchCase {
  private final Launcher launcher = LauncherFactory.create();

  @Override
  public String name() {
    return "jobtest-property";
  }

  @Override
  public long defaultRows() {
    return JobTestJoinProperties.TRIES;
  }

  @Override
  public void setUp(BenchEnv env) {}

  @Override
  public Variant ours() {
    return new Variant(
        JobTestJoinProperties.TRIES + "-try property, JobTest.run", () -> run("throughJobTest"));
  }

  @Override
  public List<Variant> oursVariants() {
    return List.of(
        ours(),
        new Variant(
            JobTestJoinProperties.TRIES
                + "-try property, JobTest.run in the WickSpark.local session",
            () -> run("throughJobTestInTheDefaultSession")));
  }

  @Override
  public List<Variant> baselines() {
    return List.of(
        new Variant(
            JobTestJoinProperties.TRIES + "-try property, job body directly",
            () -> run("bodyDirectly")));
  }

  private static java.lang.reflect.Method property(String name) {
    for (java.lang.reflect.Method m : JobTestJoinProperties.class.getDeclaredMethods()) {
      if (m.getName().equals(name)) {
        return m;
      }
    }
    throw new IllegalArgumentException("no property " + name);
  }

  private void run(String method) {
    LauncherDiscoveryRequest request =
        LauncherDiscoveryRequestBuilder.request()
            .selectors(selectMethod(JobTestJoinProperties.class, property(method)))
            .configurationParameter("jqwik.database", "benchmarks/target/.jqwik-database")
            .configurationParameter("jqwik.reporting.onlyfailures", "true")
            .build();
    SummaryGeneratingListener listener = new SummaryGeneratingListener();
    launcher.execute(request, listener);
    TestExecutionSummary summary = listener.getSummary();
    if (summary.getTestsSucceededCount() != 1 || summary.getTotalFailureCount() != 0) {
      Throwable cause =
          summary.getFailures().isEmpty() ? null : summary.getFailures().get(0).getException();
      throw new IllegalStateException(
          "property "
              + method
              + " did not pass ("
              + summary.getTestsSucceededCount()
              + " succeeded, "
              + summary.getTotalFailureCount()
              + " failed)",
          cause);
    }
  }
}
