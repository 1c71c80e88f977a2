package dev.wick.testkit.jobtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/** {@link SparkTest} in JUnit Jupiter and jqwik. */
@SparkTest
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SparkExtensionTest {
  private SparkSession fromBeforeEach;

  @BeforeEach
  void setUp(SparkSession spark) {
    fromBeforeEach = spark;
  }

  @Test
  @Order(1)
  void eachTestGetsItsOwnSessionOfTheSharedContext(SparkSession spark) {
    SparkSession shared = SparkSessions.shared();
    assertThat(spark).isNotSameAs(shared).isSameAs(fromBeforeEach);
    assertThat(spark.sparkContext()).isSameAs(shared.sparkContext());
    assertThat(SparkSession.getActiveSession().get()).isSameAs(spark);
    assertThat(spark.conf().get("spark.sql.session.timeZone")).isEqualTo("UTC");
    spark.conf().set("spark.sql.shuffle.partitions", "7");
    spark.range(3).createOrReplaceTempView("leaky_view");
    assertThat(spark.catalog().tableExists("leaky_view")).isTrue();
    assertThat(shared.catalog().tableExists("leaky_view")).isFalse();
  }

  @Test
  @Order(2)
  void settingsAndViewsOfOneTestDoNotReachTheNext() {
    // Runs its own pair of tests, so that it holds whether or not another test ran before it.
    ExtensionSamples.LEAKS.clear();
    TestExecutionSummary summary = launch(ExtensionSamples.JupiterLeaks.class);
    assertThat(summary.getFailures()).isEmpty();
    assertThat(summary.getTestsSucceededCount()).isEqualTo(2);
    assertThat(ExtensionSamples.LEAKS).containsExactly("set 7 true", "saw 2 false");
  }

  @Test
  void aJobTestBuiltButNeverRunFailsTheTest() {
    TestExecutionSummary summary = launch(ExtensionSamples.JupiterNeverRun.class);
    assertThat(summary.getTestsFailedCount()).isEqualTo(1);
    assertThat(summary.getFailures().get(0).getException())
        .isInstanceOf(AssertionError.class)
        .hasMessage(
            "A JobTest of a job lambda --day=2024-05-01 was built but never run; end its chain"
                + " with .run() or .runWithFiles().");
  }

  @Test
  void severalForgottenJobTestsAreNamedTogether() {
    TestExecutionSummary summary = launch(ExtensionSamples.JupiterSeveralNeverRun.class);
    assertThat(summary.getTestsFailedCount()).isEqualTo(1);
    assertThat(summary.getFailures().get(0).getException())
        .hasMessage(
            "2 JobTests were built but never run (NoOpJob; NoOpJob --x=1); end each chain with"
                + " .run() or .runWithFiles().");
  }

  @Test
  void aTestThatFailedBeforeItsRunReportsItsOwnFailure() {
    TestExecutionSummary summary = launch(ExtensionSamples.JupiterFailsBeforeRun.class);
    assertThat(summary.getTestsFailedCount()).isEqualTo(1);
    Throwable failure = summary.getFailures().get(0).getException();
    assertThat(failure).hasMessage("the test's own failure");
    assertThat(failure.getSuppressed()).isEmpty();
  }

  @Test
  void aJqwikPropertyThatNeverRunsItsJobTestFails() {
    TestExecutionSummary summary = launch(ExtensionSamples.JqwikNeverRun.class);
    assertThat(summary.getTestsFailedCount()).isEqualTo(1);
    assertThat(summary.getFailures().get(0).getException())
        .hasMessageStartingWith("3 JobTests were built but never run (a job lambda --n=")
        .hasMessageEndingWith("); end each chain with .run() or .runWithFiles().");
  }

  @Test
  void jqwikPropertiesGetASessionEachSharedByTheirTries() {
    ExtensionSamples.SEEN.clear();
    TestExecutionSummary summary = launch(ExtensionSamples.JqwikSessions.class);
    assertThat(summary.getFailures()).isEmpty();
    assertThat(summary.getTestsSucceededCount()).isEqualTo(2);
    List<SparkSession> seen = List.copyOf(ExtensionSamples.SEEN);
    // first: 4 tries, each seeing the injected session and the JobTest's; second: 2 tries. jqwik
    // runs the properties in an order of its own.
    assertThat(seen).hasSize(10).doesNotContain(SparkSessions.shared());
    Map<SparkSession, Long> uses =
        seen.stream().collect(Collectors.groupingBy(s -> s, Collectors.counting()));
    assertThat(uses.values()).containsExactlyInAnyOrder(8L, 2L);
  }

  @Test
  void aTestsSessionStartsWithTheSettingsForSmallData(SparkSession spark) {
    assertThat(spark.conf().get("spark.sql.shuffle.partitions")).isEqualTo("2");
    assertThat(spark.conf().get("spark.sql.leafNodeDefaultParallelism")).isEqualTo("2");
    assertThat(spark.conf().get("spark.sql.ui.explainMode")).isEqualTo("simple");
    assertThat(spark.conf().get("spark.sql.artifact.isolation.enabled")).isEqualTo("false");
    assertThat(spark.conf().get("spark.sql.adaptive.enabled")).isEqualTo("true");
    // Two partitions for an in-memory input of 1,000 rows.
    assertThat(spark.createDataFrame(rows(1_000), SCHEMA).rdd().getNumPartitions()).isEqualTo(2);
    // The shared session keeps Wick's local settings.
    assertThat(SparkSessions.shared().conf().get("spark.sql.shuffle.partitions")).isEqualTo("4");
  }

  @Test
  void withoutAnActiveSessionAJobTestRunsInTheTestSession(SparkSession spark) {
    List<SparkSession> seen = new java.util.ArrayList<>();
    SparkSession.clearActiveSession();
    try {
      JobTest.of((ctx, args) -> seen.add(ctx.spark())).run();
      JobTest.of((ctx, args) -> seen.add(ctx.spark())).run();
      assertThat(SparkSession.getActiveSession().isDefined()).isFalse();
    } finally {
      SparkSession.setActiveSession(spark);
    }
    SparkSession test = JobTest.testSession();
    assertThat(seen).containsExactly(test, test);
    assertThat(test)
        .isNotSameAs(spark)
        .isNotSameAs(SparkSessions.shared())
        .isSameAs(JobTest.testSession());
    assertThat(test.sparkContext()).isSameAs(spark.sparkContext());
    assertThat(test.conf().get("spark.sql.shuffle.partitions")).isEqualTo("2");
    assertThat(test.conf().get("spark.sql.leafNodeDefaultParallelism")).isEqualTo("2");
  }

  private static final org.apache.spark.sql.types.StructType SCHEMA =
      new org.apache.spark.sql.types.StructType().add("n", "long");

  private static List<org.apache.spark.sql.Row> rows(int n) {
    List<org.apache.spark.sql.Row> out = new java.util.ArrayList<>();
    for (long i = 0; i < n; i++) {
      out.add(org.apache.spark.sql.RowFactory.create(i % 10));
    }
    return out;
  }

  private static TestExecutionSummary launch(Class<?> testClass) {
    Launcher launcher = LauncherFactory.create();
    SummaryGeneratingListener listener = new SummaryGeneratingListener();
    launcher.execute(
        LauncherDiscoveryRequestBuilder.request().selectors(selectClass(testClass)).build(),
        listener);
    return listener.getSummary();
  }
}
