package dev.wick.cli;

import dev.wick.core.WickException;
import dev.wick.core.io.DatasetReader;
import dev.wick.core.io.Locations;
import java.nio.file.Path;
import java.util.Optional;
import org.apache.spark.sql.SparkSession;

/** Checks and spellings of the locations a command reads and writes. */
final class Inputs {
  private Inputs() {}

  /**
   * Refuses two inputs that are one dataset: comparing a dataset with itself is a mistake (a wrong
   * path), not a check.
   */
  static void refuseSame(SparkSession session, String flagA, String a, String flagB, String b) {
    if (qualified(session, a).equals(qualified(session, b))) {
      throw WickException.usage(
          flagA
              + " and "
              + flagB
              + " are the same dataset ("
              + a
              + "); pass the baseline as "
              + flagA
              + " and the candidate as "
              + flagB
              + ".");
    }
  }

  private static String qualified(SparkSession session, String location) {
    if (DatasetReader.isTable(location)) {
      return location; // two versions of one Delta or Iceberg table are two datasets
    }
    String q =
        Locations.qualified(location, session.sparkContext().hadoopConfiguration()).toString();
    return q.endsWith("/") ? q.substring(0, q.length() - 1) : q;
  }

  /** A local file URI as a plain path, so that it can be pasted into a browser or shell. */
  static String local(String location) {
    return location.startsWith("file:") ? location.substring("file:".length()) : location;
  }

  /**
   * The first of {@code inputs} that is, or holds, the local path {@code target}; tables and remote
   * stores are never local paths, so never named.
   */
  static java.util.Optional<String> holding(
      java.nio.file.Path target, java.util.List<String> inputs) {
    for (String input : inputs) {
      if (input == null || input.contains("://") || input.contains(":") && !input.startsWith("/")) {
        continue;
      }
      Path in = Path.of(input).toAbsolutePath().normalize();
      if (target.equals(in) || target.startsWith(in)) {
        return Optional.of(input);
      }
    }
    return Optional.empty();
  }
}
