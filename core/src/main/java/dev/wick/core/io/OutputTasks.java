package dev.wick.core.io;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.spark.SparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerApplicationEnd;
import org.apache.spark.scheduler.SparkListenerEvent;
import org.apache.spark.scheduler.SparkListenerJobEnd;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.SparkListenerTaskStart;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The Spark tasks of each open {@link Output}'s jobs, so that a failed output deletes its staging
 * folder only once the last of them has ended.
 *
 * <p>When a job fails, Spark kills its other tasks but does not wait for them: a task deaf to the
 * interrupt goes on writing after the job has ended. Spark's status tracker cannot tell when it
 * ends: its store is fed by its own event queue, which runs behind the scheduler (and drops events
 * under load), and records task starts at most every 100 ms. The scheduler does send the end event
 * of every task it started, even after the task's stage was aborted, so this listener counts the
 * tasks started and ended per stage, and learns the stages of an output's jobs from the local
 * property {@value #OUTPUT} that the output sets on the threads that write. One listener serves a
 * SparkContext; its state is guarded by its own lock.
 */
final class OutputTasks extends SparkListener {
  /** The local property naming the output ({@link Output}'s run id) a job writes. */
  static final String OUTPUT = "wick.output";

  private static OutputTasks current; // guarded by OutputTasks.class

  private final SparkContext context;

  /** The stages and unfinished jobs of each open output. */
  private final Map<String, Jobs> outputs = new HashMap<>();

  /** The output of each unfinished job of an open output. */
  private final Map<Integer, String> jobOutputs = new HashMap<>();

  /** The number of running tasks of each stage that has any. */
  private final Map<Integer, Integer> running = new HashMap<>();

  private long markersPosted;
  private long markersSeen;
  private boolean ended;

  private static final class Jobs {
    final Set<Integer> stages = new HashSet<>();
    int unfinished;
  }

  /** Passed through the listener bus behind every event posted before it. */
  private record Marker(OutputTasks listener, long number) implements SparkListenerEvent {
    @Override
    public boolean logEvent() {
      return false;
    }
  }

  private OutputTasks(SparkContext context) {
    this.context = context;
  }

  /** The listener of {@code context}, registered with it on first use. */
  static synchronized OutputTasks of(SparkContext context) {
    if (current == null || current.context != context) {
      current = new OutputTasks(context);
      context.addSparkListener(current);
    }
    return current;
  }

  /** Runs {@code write} with the jobs it starts on this thread counted as {@code output}'s. */
  void write(String output, Runnable write) {
    String outer = context.getLocalProperty(OUTPUT);
    context.setLocalProperty(OUTPUT, output);
    try {
      write.run();
    } finally {
      context.setLocalProperty(OUTPUT, outer);
    }
  }

  /** Starts counting the jobs of {@code output}. */
  synchronized void open(String output) {
    outputs.put(output, new Jobs());
  }

  /** Stops counting the jobs of {@code output}. */
  synchronized void close(String output) {
    outputs.remove(output);
  }

  /** How long a failed output waits for Spark's tasks to end before deleting its staging folder. */
  private static final long WAIT_MILLIS = 10_000;

  /**
   * Waits, up to {@link #WAIT_MILLIS}, until every Spark task of {@code output}'s writes has ended.
   * When a write fails, Spark fails its job as soon as one task fails and kills the others, which
   * may still be writing (closing a file, creating the next one) after the job has ended; deleting
   * the staging folder under them would leave a task to write into, or recreate, what was deleted.
   */
  void awaitEnded(String output) {
    try {
      await(output, System.nanoTime() + WAIT_MILLIS * 1_000_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException e) {
      // A stopped session runs no task: the staging folder can go.
    }
  }

  /**
   * Waits until every job of {@code output} and every task of their stages has ended, the
   * SparkContext has stopped, or {@code deadline} ({@link System#nanoTime()}) has passed.
   */
  void await(String output, long deadline) throws InterruptedException {
    long marker;
    synchronized (this) {
      marker = ++markersPosted;
    }
    if (context.isStopped()) {
      return;
    }
    // The bus delivers events in order: once the marker is here, so are the starts of every job
    // and task the output's writes began, which all came before their failure reached the output.
    context.listenerBus().post(new Marker(this, marker));
    synchronized (this) {
      while (!ended && (markersSeen < marker || busy(output))) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          return;
        }
        TimeUnit.NANOSECONDS.timedWait(this, left);
      }
    }
  }

  private boolean busy(String output) {
    Jobs jobs = outputs.get(output);
    return jobs != null
        && (jobs.unfinished > 0 || jobs.stages.stream().anyMatch(running::containsKey));
  }

  @Override
  public synchronized void onJobStart(SparkListenerJobStart start) {
    String output = start.properties() == null ? null : start.properties().getProperty(OUTPUT);
    Jobs jobs = output == null ? null : outputs.get(output);
    if (jobs != null) {
      jobs.unfinished++;
      jobOutputs.put(start.jobId(), output);
      for (Object stage : CollectionConverters.asJava(start.stageIds())) {
        jobs.stages.add((Integer) stage);
      }
    }
  }

  @Override
  public synchronized void onJobEnd(SparkListenerJobEnd end) {
    String output = jobOutputs.remove(end.jobId());
    Jobs jobs = output == null ? null : outputs.get(output);
    if (jobs != null) {
      jobs.unfinished--;
      notifyAll();
    }
  }

  @Override
  public synchronized void onTaskStart(SparkListenerTaskStart start) {
    running.merge(start.stageId(), 1, Integer::sum);
  }

  @Override
  public synchronized void onTaskEnd(SparkListenerTaskEnd end) {
    if (running.computeIfPresent(end.stageId(), (stage, n) -> n > 1 ? n - 1 : null) == null) {
      notifyAll();
    }
  }

  @Override
  public synchronized void onOtherEvent(SparkListenerEvent event) {
    if (event instanceof Marker m && m.listener() == this) {
      markersSeen = Math.max(markersSeen, m.number());
      notifyAll();
    }
  }

  @Override
  public synchronized void onApplicationEnd(SparkListenerApplicationEnd end) {
    ended = true;
    notifyAll();
  }
}
