package dev.wick.testkit.jobtest;

import dev.wick.core.job.Io;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

/**
 * Test classes that {@link SparkExtensionTest} runs in a nested JUnit Platform launcher, to see
 * what the extension reports. The build's test run does not pick them up (the file's name matches
 * no test pattern).
 */
final class ExtensionSamples {
  private ExtensionSamples() {}

  /** Sessions seen by the jqwik samples, in order. */
  static final List<SparkSession> SEEN = Collections.synchronizedList(new ArrayList<>());

  /** Builds a JobTest and forgets to run it. */
  @SparkTest
  static class JupiterNeverRun {
    @Test
    void forgetsToRun() {
      JobTest.of((ctx, args) -> {}).args("--day=2024-05-01").input(Io.text("in"), List.of("a"));
    }
  }

  /** Builds a JobTest, then fails before running it. */
  @SparkTest
  static class JupiterFailsBeforeRun {
    @Test
    void failsFirst() {
      JobTest.of((ctx, args) -> {});
      throw new AssertionError("the test's own failure");
    }
  }

  /** Builds and runs two JobTests, forgets a third and a fourth. */
  @SparkTest
  static class JupiterSeveralNeverRun {
    @Test
    void runsSome() {
      JobTest.of((ctx, args) -> {}).run();
      JobTest.of(ExtensionSamples.NoOpJob.class);
      JobTest.of(ExtensionSamples.NoOpJob.class).args("--x=1");
    }
  }

  /** What {@link JupiterLeaks#checks} saw of the first test's setting and view, in order. */
  static final List<String> LEAKS = Collections.synchronizedList(new ArrayList<>());

  /** The first test changes a setting and registers a view; the second looks for both. */
  @SparkTest
  @org.junit.jupiter.api.TestMethodOrder(org.junit.jupiter.api.MethodOrderer.OrderAnnotation.class)
  static class JupiterLeaks {
    @Test
    @org.junit.jupiter.api.Order(1)
    void leaves(SparkSession spark) {
      spark.conf().set("spark.sql.shuffle.partitions", "7");
      spark.range(3).createOrReplaceTempView("leaky_view");
      LEAKS.add(
          "set "
              + spark.conf().get("spark.sql.shuffle.partitions")
              + " "
              + spark.catalog().tableExists("leaky_view"));
    }

    @Test
    @org.junit.jupiter.api.Order(2)
    void checks(SparkSession spark) {
      LEAKS.add(
          "saw "
              + spark.conf().get("spark.sql.shuffle.partitions")
              + " "
              + spark.catalog().tableExists("leaky_view"));
    }
  }

  /** A job that does nothing. */
  static final class NoOpJob implements dev.wick.core.job.WickJob {
    @Override
    public void run(dev.wick.core.job.JobContext ctx, dev.wick.core.job.Args args) {}
  }

  /** A property that builds a JobTest in every try and never runs it. */
  @SparkTest
  static class JqwikNeverRun {
    @Property(tries = 3)
    void forgetsToRun(@ForAll @IntRange(min = 1, max = 9) int n) {
      JobTest.of((ctx, args) -> {}).args("--n=" + n);
    }
  }

  /** Two properties that record their sessions. */
  @SparkTest
  static class JqwikSessions {
    @Property(tries = 4)
    void first(@ForAll @IntRange(min = 1, max = 9) int n, SparkSession spark) {
      SEEN.add(spark);
      if (SparkSession.getActiveSession().get() != spark) {
        throw new AssertionError("the injected session is not the active one");
      }
      JobTest.of((ctx, args) -> SEEN.add(ctx.spark())).run();
    }

    @Property(tries = 2)
    void second(@ForAll @IntRange(min = 1, max = 9) int n, SparkSession spark) {
      SEEN.add(spark);
    }
  }
}
