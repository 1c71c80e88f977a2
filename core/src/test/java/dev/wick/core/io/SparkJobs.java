package dev.wick.core.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.sql.SparkSession;

/** Counts the Spark jobs an action starts, for tests of how many passes a read or write takes. */
final class SparkJobs {
  private SparkJobs() {}

  private static final String MARKER = "wick.test.marker";

  /**
   * The number of Spark jobs {@code action} starts, counted between marker jobs of its own run
   * before and after it: the listener bus delivers events in order, so late events of earlier jobs
   * come before the first marker, and every job of the action before the last.
   */
  static int during(SparkSession spark, Runnable action) throws InterruptedException {
    AtomicInteger jobs = new AtomicInteger();
    AtomicInteger phase = new AtomicInteger();
    CountDownLatch done = new CountDownLatch(1);
    SparkListener listener =
        new SparkListener() {
          @Override
          public void onJobStart(SparkListenerJobStart start) {
            String marker =
                start.properties() == null ? null : start.properties().getProperty(MARKER);
            if ("before".equals(marker)) {
              phase.compareAndSet(0, 1);
            } else if ("after".equals(marker)) {
              phase.set(2);
              done.countDown();
            } else if (phase.get() == 1) {
              jobs.incrementAndGet();
            }
          }
        };
    spark.sparkContext().addSparkListener(listener);
    try {
      runMarker(spark, "before");
      action.run();
      runMarker(spark, "after");
      assertThat(done.await(30, TimeUnit.SECONDS)).isTrue();
    } finally {
      spark.sparkContext().removeSparkListener(listener);
    }
    return jobs.get();
  }

  private static void runMarker(SparkSession spark, String which) {
    spark.sparkContext().setLocalProperty(MARKER, which);
    try {
      spark.range(1).count();
    } finally {
      spark.sparkContext().setLocalProperty(MARKER, null);
    }
  }
}
