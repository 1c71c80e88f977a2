package dev.wick.core.job;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.catalyst.plans.logical.CommandResult;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.QueryExecution;
import org.apache.spark.sql.execution.command.CreateDataSourceTableAsSelectCommand;
import org.apache.spark.sql.execution.datasources.InsertIntoHadoopFsRelationCommand;
import org.apache.spark.sql.execution.datasources.SaveIntoDataSourceCommand;
import org.apache.spark.sql.util.QueryExecutionListener;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Watches every query of a sandboxed run for writes outside the run's folder: a job that writes
 * through {@code ctx.spark()} instead of its context escapes the sandbox's redirect, and the run
 * fails with a sentence naming where it wrote.
 */
final class SandboxGuard implements QueryExecutionListener {
  private final String runDir;
  private final List<String> escapes = new ArrayList<>();

  SandboxGuard(String runDir) {
    this.runDir = runDir.endsWith("/") ? runDir : runDir + "/";
  }

  @Override
  public void onSuccess(String funcName, QueryExecution qe, long durationNs) {
    inspect(qe);
  }

  @Override
  public void onFailure(String funcName, QueryExecution qe, Exception exception) {
    inspect(qe);
  }

  /** The locations written outside the run folder, in order. */
  synchronized List<String> escapes() {
    return List.copyOf(escapes);
  }

  private void inspect(QueryExecution qe) {
    walk(qe.logical());
  }

  private void walk(LogicalPlan plan) {
    if (plan instanceof CommandResult result) {
      walk(result.commandLogicalPlan());
    } else if (plan instanceof InsertIntoHadoopFsRelationCommand insert) {
      check(insert.outputPath());
    } else if (plan instanceof CreateDataSourceTableAsSelectCommand ctas) {
      escaped("table " + ctas.table().identifier().unquotedString());
    } else if (plan instanceof SaveIntoDataSourceCommand save) {
      scala.Option<String> path = save.options().get("path");
      if (path.isDefined()) {
        check(new Path(path.get()));
      }
    }
    for (LogicalPlan child : CollectionConverters.asJava(plan.children())) {
      walk(child);
    }
  }

  private void check(Path written) {
    String where = written.toString();
    String local = written.toUri().getPath();
    if (!(where + "/").startsWith(runDir) && !(local + "/").startsWith(pathOf(runDir))) {
      escaped(where);
    }
  }

  private synchronized void escaped(String where) {
    if (!escapes.contains(where)) {
      escapes.add(where);
    }
  }

  private static String pathOf(String location) {
    return new Path(location).toUri().getPath() + "/";
  }
}
