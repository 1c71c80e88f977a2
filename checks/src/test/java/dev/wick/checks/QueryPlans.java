package dev.wick.checks;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.QueryExecution;
import org.apache.spark.sql.util.QueryExecutionListener;

/** The optimized and executed plans of the queries an action runs, for tests of how it runs. */
final class QueryPlans {
  private QueryPlans() {}

  /** Something to run that may throw. */
  interface Action<T> {
    T run() throws Exception;
  }

  /**
   * An action's result and the plans of its queries: each query's name (the action's, such as
   * {@code count}), optimized plan and executed plan.
   */
  record Ran<T>(T result, List<String> plans) {}

  /**
   * Runs {@code action} and collects its queries' plans; waits, before and after, until every
   * listener has heard of the queries and stages so far, which Spark reports asynchronously.
   */
  static <T> Ran<T> during(SparkSession spark, Action<T> action) throws Exception {
    List<String> plans = new ArrayList<>();
    QueryExecutionListener listener =
        new QueryExecutionListener() {
          @Override
          public void onSuccess(String funcName, QueryExecution qe, long durationNs) {
            synchronized (plans) {
              plans.add(funcName + "\n" + qe.optimizedPlan() + "\n" + qe.executedPlan());
            }
          }

          @Override
          public void onFailure(String funcName, QueryExecution qe, Exception exception) {}
        };
    // Queries of earlier actions may still be on their way to listeners: let them arrive first.
    spark.sparkContext().listenerBus().waitUntilEmpty();
    spark.listenerManager().register(listener);
    T result;
    try {
      result = action.run();
      spark.sparkContext().listenerBus().waitUntilEmpty();
    } finally {
      spark.listenerManager().unregister(listener);
    }
    synchronized (plans) {
      return new Ran<>(result, List.copyOf(plans));
    }
  }
}
