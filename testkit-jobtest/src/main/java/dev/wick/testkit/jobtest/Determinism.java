package dev.wick.testkit.jobtest;

import dev.wick.core.job.Io;
import dev.wick.core.report.Wording;
import dev.wick.testkit.jobtest.internal.RowComparator;
import dev.wick.testkit.jobtest.internal.RowDiff;
import dev.wick.testkit.jobtest.internal.RowDiffText;
import dev.wick.testkit.jobtest.internal.RowMatcher;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apache.spark.sql.SparkSession;

/**
 * The determinism check of {@link JobTest#runTwice()}: the settings of the second run (another
 * number of shuffle partitions, adaptive execution flipped, the inputs in reverse order over
 * another number of partitions), and the comparison of both runs' outputs as multisets of rows,
 * exactly.
 */
final class Determinism {
  static final String SHUFFLE_PARTITIONS = "spark.sql.shuffle.partitions";
  static final String ADAPTIVE = "spark.sql.adaptive.enabled";
  static final String LEAF_PARALLELISM = "spark.sql.leafNodeDefaultParallelism";

  private static final RowDiffText.Labels RUNS =
      new RowDiffText.Labels("run 1", "run 2", "only in run 1", "only in run 2");

  private Determinism() {}

  /**
   * The Spark settings and input layout of one run.
   *
   * @param inputPartitions the partitions of each input, 0 for the inputs as registered
   */
  record Settings(int shufflePartitions, boolean adaptive, int inputPartitions) {
    String describe() {
      return shufflePartitions
          + " shuffle partitions, adaptive execution "
          + (adaptive ? "on" : "off")
          + ", "
          + (inputPartitions == 0
              ? "inputs as registered"
              : "inputs in reverse order over " + inputPartitions + " partitions");
    }
  }

  /** The settings the session runs with now, inputs as registered. */
  static Settings current(SparkSession spark) {
    return new Settings(
        Integer.parseInt(spark.conf().get(SHUFFLE_PARTITIONS)),
        Boolean.parseBoolean(spark.conf().get(ADAPTIVE)),
        0);
  }

  /** Settings that differ from {@code first} in every respect. */
  static Settings varied(SparkSession spark, Settings first) {
    int shuffle = first.shufflePartitions() == 3 ? 5 : 3;
    int inputs = inputPartitions(spark) == 3 ? 5 : 3;
    return new Settings(shuffle, !first.adaptive(), inputs);
  }

  /**
   * The partitions of an in-memory input as registered (at most): {@code
   * spark.sql.leafNodeDefaultParallelism} when the session sets it, else the SparkContext's default
   * parallelism.
   */
  static int inputPartitions(SparkSession spark) {
    scala.Option<String> leaf = spark.conf().getOption(LEAF_PARALLELISM);
    return leaf.isDefined()
        ? Integer.parseInt(leaf.get().trim())
        : spark.sparkContext().defaultParallelism();
  }

  /** Puts back the session settings a run changed. */
  interface Restore extends AutoCloseable {
    @Override
    void close();
  }

  /** Sets {@code settings} on the session; closing restores what was there. */
  static Restore apply(SparkSession spark, Settings settings) {
    String shuffle = spark.conf().get(SHUFFLE_PARTITIONS);
    String adaptive = spark.conf().get(ADAPTIVE);
    spark.conf().set(SHUFFLE_PARTITIONS, settings.shufflePartitions());
    spark.conf().set(ADAPTIVE, settings.adaptive());
    return () -> {
      spark.conf().set(SHUFFLE_PARTITIONS, shuffle);
      spark.conf().set(ADAPTIVE, adaptive);
    };
  }

  /**
   * Fails when the two runs wrote different rows to some output or ended with different counter
   * values, naming the rows and counters that differ.
   */
  static void compare(
      String job, JobTest.Run first, JobTest.Run second, Settings one, Settings two) {
    List<String> sections = new ArrayList<>();
    for (Map.Entry<Io<?>, Registered.Captured> e : first.outputs().entrySet()) {
      Registered.Captured a = e.getValue();
      Registered.Captured b = second.outputs().get(e.getKey());
      RowDiff diff = RowMatcher.unordered(a.rows(), b.rows(), RowComparator.EXACT, List.of());
      if (!diff.isEmpty()) {
        sections.add(
            "output "
                + e.getKey().describe()
                + " ("
                + Wording.count(a.rows().size(), "row")
                + " in run 1, "
                + b.rows().size()
                + " in run 2): "
                + RowDiffText.summary(diff)
                + ".\n"
                + RowDiffText.body(diff, a.schema(), List.of(), RUNS));
      }
    }
    Set<String> names = new LinkedHashSet<>(first.counters().keySet());
    names.addAll(second.counters().keySet());
    List<String> counters = new ArrayList<>();
    for (String name : names) {
      Long a = first.counters().get(name);
      Long b = second.counters().get(name);
      if (!Objects.equals(a, b)) {
        counters.add(
            "  "
                + name
                + ": "
                + (a == null ? "(none)" : a)
                + " in run 1, "
                + (b == null ? "(none)" : b)
                + " in run 2");
      }
    }
    if (!counters.isEmpty()) {
      sections.add("counters:\n" + String.join("\n", counters) + "\n");
    }
    if (sections.isEmpty()) {
      return;
    }
    StringBuilder message =
        new StringBuilder(
            "\n"
                + job
                + " is not deterministic: two runs on the same inputs differ.\n"
                + "  run 1: "
                + one.describe()
                + "\n  run 2: "
                + two.describe()
                + "\nLook for first()/last() or row_number() over ties without a total order,"
                + " monotonically_increasing_id() as a key, or floating-point sums whose order"
                + " matters.\n");
    for (String s : sections) {
      message.append(s);
    }
    throw new AssertionError(message.toString());
  }
}
