package dev.wick.sampler;

import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.FileSourceScanExec;
import org.apache.spark.sql.execution.QueryExecution;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.datasources.LogicalRelation;
import org.apache.spark.sql.execution.metric.SQLMetric;
import org.apache.spark.sql.util.QueryExecutionListener;
import scala.Option;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Learns how many records a one-pass sample read from Spark's own count of the rows its file scan
 * produced (the scan's "number of output rows" SQL metric), for an input that is a plain file read.
 *
 * <p>Why not {@code Dataset.observe} on the input: an observation sits between the scan and the
 * sampling filter, so Spark must turn every input record into a row before the filter drops 99% of
 * them; that costs about a third of the whole sample. The scan counts its rows anyway. When the
 * count cannot be read this way (the listener is not called in time, or the executed plan is not
 * one file scan), {@link #during} returns empty and the caller counts another way.
 */
final class ScanRowCount implements QueryExecutionListener {
  private final String observation;
  private final CompletableFuture<QueryExecution> finished = new CompletableFuture<>();

  private ScanRowCount(String observation) {
    this.observation = observation;
  }

  /** True when {@code input} is a plain read of files: its records are its scan's rows. */
  static boolean applies(Dataset<Row> input) {
    return input.queryExecution().optimizedPlan() instanceof LogicalRelation;
  }

  /**
   * Runs {@code action}, the one query that carries the observation named {@code observation}, and
   * returns the rows its single file scan produced.
   */
  static OptionalLong during(SparkSession spark, String observation, Runnable action) {
    ScanRowCount listener = new ScanRowCount(observation);
    spark.listenerManager().register(listener);
    try {
      action.run();
      return scannedRows(listener.finished.get(2, TimeUnit.MINUTES).executedPlan());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return OptionalLong.empty();
    } catch (ExecutionException | TimeoutException e) {
      return OptionalLong.empty();
    } finally {
      spark.listenerManager().unregister(listener);
    }
  }

  private static OptionalLong scannedRows(SparkPlan plan) {
    List<SparkPlan> leaves = CollectionConverters.asJava(plan.collectLeaves());
    if (leaves.size() != 1 || !(leaves.get(0) instanceof FileSourceScanExec scan)) {
      return OptionalLong.empty();
    }
    Option<SQLMetric> rows = scan.metrics().get("numOutputRows");
    return rows.isDefined() ? OptionalLong.of(rows.get().value()) : OptionalLong.empty();
  }

  @Override
  public void onSuccess(String funcName, QueryExecution qe, long durationNs) {
    if (qe.observedMetrics().contains(observation)) {
      finished.complete(qe);
    }
  }

  @Override
  public void onFailure(String funcName, QueryExecution qe, Exception exception) {
    // The action itself throws; nothing to count.
  }
}
