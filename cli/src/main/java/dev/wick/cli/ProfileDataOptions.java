package dev.wick.cli;

import dev.wick.core.WickException;
import dev.wick.core.explain.Explanation;
import dev.wick.core.io.Source;
import dev.wick.profiler.DriftRegion;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code --in DATA} with {@code --explain}: for the commands that judge profiles without data
 * ({@code drift}, {@code anomalies}), the data a profile was made of, read only to find where a
 * field's move sits in it. Each flag needs the other.
 */
final class ProfileDataOptions {
  @Option(
      names = "--in",
      paramLabel = "PATH",
      description =
          "The data the judged (current or newest) profile was made of, for --explain: a profile"
              + " alone cannot be cut into slices.")
  String data;

  @Mixin ExplainOptions explain;

  /**
   * Refuses {@code --explain} without the data, and the data without {@code --explain}, before any
   * work; {@code side} names the judged profile ({@code current}, {@code newest}), {@code what}
   * what is explained ({@code the drift}).
   */
  void check(String side, String what) {
    if (explain.on() && data == null) {
      throw WickException.usage(
          "--explain cuts the "
              + side
              + " data into slices, which a profile alone cannot give; pass the data the "
              + side
              + " profile was made of with --in PATH.");
    }
    if (data != null && !explain.on()) {
      throw WickException.usage(
          "--in is read only to explain where "
              + what
              + " sits; add --explain, or leave --in out.");
    }
  }

  /** The command's {@code inputs} and, when given, the data. */
  List<String> inputs(List<String> inputs) {
    List<String> all = new ArrayList<>(inputs);
    if (data != null) {
      all.add(data);
    }
    return all;
  }

  /** True when the data was given, and so an explanation asked for. */
  boolean on() {
    return data != null;
  }

  /**
   * Where each region's rows sit in the data, each printed as an {@code explain:} line on {@code
   * out}.
   */
  Map<String, Explanation> explain(SparkSession spark, List<DriftRegion> regions, PrintWriter out) {
    Map<String, Explanation> explained =
        DriftRegion.explain(explain.explainer(Source.of(data).read(spark)), regions);
    explained.values().forEach(e -> out.println("explain: " + e.line()));
    return explained;
  }
}
