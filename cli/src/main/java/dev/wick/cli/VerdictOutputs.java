package dev.wick.cli;

import dev.wick.core.gate.Verdict;
import dev.wick.core.results.Metric;
import dev.wick.core.results.Run;
import java.util.List;
import java.util.function.Supplier;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * Where a gated command's verdict goes besides the console and the exit code: {@code --junit-xml}
 * ({@link JUnitXmlOption}), {@code --results-table} ({@link ResultsTableOption}) and {@code
 * --notify} ({@link NotifyOptions}), one value per command. All three are checked before any work
 * and published together, in that order, once the command's outputs are written, so the
 * notification's report path exists and the table holds the run before anyone is told of it.
 */
final class VerdictOutputs {
  @Spec(Spec.Target.MIXEE)
  CommandSpec command;

  @Mixin JUnitXmlOption junit;

  @Mixin ResultsTableOption results;

  @Mixin NotifyOptions notify;

  /**
   * Refuses, before any work, what could not be written or sent: see each option's check. {@code
   * out} is the command's output folder, null when it writes none.
   */
  void check(boolean overwrite, List<String> inputs, String out) {
    junit.check(overwrite, inputs, out);
    notify.check();
    results.check(inputs, out);
  }

  /**
   * {@link #check(boolean, List, String)} for a command that reaches a verdict only with {@code
   * needed}, which {@code judges} says was given.
   */
  void check(boolean overwrite, List<String> inputs, String out, boolean judges, String needed) {
    junit.check(overwrite, inputs, out);
    notify.check(judges, needed);
    results.check(inputs, out);
  }

  /** Refuses a results table of other columns, starting Spark only when one was named. */
  void checkTable(Supplier<SparkSession> spark) {
    results.checkTable(spark);
  }

  /** Whether a results table was named. */
  boolean appends() {
    return results.location != null;
  }

  /**
   * Writes the JUnit XML, appends {@code metrics} of {@code run} to the results table, and sends
   * the notification with the report {@code report} in {@code folder} (none when {@code folder} is
   * null), each only when asked for.
   */
  void publish(
      Verdict verdict,
      String folder,
      String report,
      SparkSession spark,
      Run run,
      List<Metric> metrics) {
    junit.write(verdict);
    results.append(spark, run, metrics);
    notify.send(
        verdict, folder, report, command.commandLine().getOut(), command.commandLine().getErr());
  }
}
