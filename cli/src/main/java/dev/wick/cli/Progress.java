package dev.wick.cli;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerStageCompleted;
import org.apache.spark.scheduler.SparkListenerStageSubmitted;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.sql.SparkSession;

/**
 * Shows stage and task progress on stderr while Spark works, when stderr is a terminal; stays quiet
 * otherwise (in pipes, files and CI logs).
 */
final class Progress extends SparkListener {
  private static final ConcurrentHashMap<SparkSession, Boolean> ATTACHED =
      new ConcurrentHashMap<>();
  private final ConcurrentHashMap<Integer, int[]> stages = new ConcurrentHashMap<>();
  private final AtomicInteger completedStages = new AtomicInteger();

  static void attach(SparkSession spark) {
    if (System.console() == null || System.getenv("WICK_NO_PROGRESS") != null) {
      return;
    }
    if (ATTACHED.putIfAbsent(spark, Boolean.TRUE) == null) {
      spark.sparkContext().addSparkListener(new Progress());
    }
  }

  @Override
  public void onStageSubmitted(SparkListenerStageSubmitted event) {
    stages.put(event.stageInfo().stageId(), new int[] {0, event.stageInfo().numTasks()});
    render();
  }

  @Override
  public void onTaskEnd(SparkListenerTaskEnd event) {
    int[] s = stages.get(event.stageId());
    if (s != null) {
      synchronized (s) {
        s[0]++;
      }
      render();
    }
  }

  @Override
  public void onStageCompleted(SparkListenerStageCompleted event) {
    stages.remove(event.stageInfo().stageId());
    completedStages.incrementAndGet();
    if (stages.isEmpty()) {
      System.err.print("\r\033[K");
    } else {
      render();
    }
  }

  private void render() {
    StringBuilder line =
        new StringBuilder("\r\033[K[wick] stages done: ").append(completedStages.get());
    stages.forEach(
        (id, s) ->
            line.append("  stage ")
                .append(id)
                .append(": ")
                .append(s[0])
                .append('/')
                .append(s[1])
                .append(" tasks"));
    System.err.print(line);
    System.err.flush();
  }
}
