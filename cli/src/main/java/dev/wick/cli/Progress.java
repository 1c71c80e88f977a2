package dev.wick.cli;

import dev.wick.core.report.Wording;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerStageCompleted;
import org.apache.spark.scheduler.SparkListenerStageSubmitted;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.sql.SparkSession;

/**
 * Shows progress on stderr while Spark works (the stages done, each running stage's tasks, and the
 * rows read so far), when there is a terminal; stays quiet otherwise (in pipes, files and CI logs).
 * The line is drawn at most ten times a second, so a run of many short tasks does not spend its
 * time drawing.
 */
final class Progress extends SparkListener {
  private static final ConcurrentHashMap<SparkSession, Boolean> ATTACHED =
      new ConcurrentHashMap<>();
  private final ConcurrentHashMap<Integer, int[]> stages = new ConcurrentHashMap<>();
  private final AtomicInteger completedStages = new AtomicInteger();
  private final AtomicLong rowsRead = new AtomicLong();
  private final AtomicLong drawnAt = new AtomicLong();

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
    if (event.taskMetrics() != null) {
      rowsRead.addAndGet(event.taskMetrics().inputMetrics().recordsRead());
    }
    int[] s = stages.get(event.stageId());
    if (s != null) {
      synchronized (s) {
        s[0]++;
      }
      long now = System.nanoTime();
      long last = drawnAt.get();
      if (now - last >= 100_000_000L && drawnAt.compareAndSet(last, now)) {
        render();
      }
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
    System.err.print("\r\033[K" + line(completedStages.get(), stages, rowsRead.get()));
    System.err.flush();
  }

  /**
   * The progress line: the stages done, each running stage's tasks done of its tasks, and the rows
   * read so far when any were.
   */
  static String line(int done, Map<Integer, int[]> running, long rows) {
    StringBuilder line = new StringBuilder("[wick] stages done: ").append(done);
    new TreeMap<>(running)
        .forEach(
            (id, s) ->
                line.append("  stage ")
                    .append(id)
                    .append(": ")
                    .append(s[0])
                    .append('/')
                    .append(s[1])
                    .append(" tasks"));
    if (rows > 0) {
      line.append("  rows read: ").append(Wording.count(rows));
    }
    return line.toString();
  }
}
