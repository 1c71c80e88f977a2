package dev.wick.cli;

import dev.wick.core.WickException;
import dev.wick.core.io.Source;
import dev.wick.testkit.generators.BulkGeneration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.Option;

/**
 * {@code wick generate --values-from FIELD[:COLUMN]=PATH}: fields whose values are drawn from
 * another dataset's, so that generated datasets join.
 */
final class ValuesFromOptions {
  @Option(
      names = "--values-from",
      paramLabel = "FIELD[:COLUMN]=PATH",
      description =
          "Draw FIELD's values from the distinct values of COLUMN (default: FIELD) of the dataset"
              + " at PATH, such as the ids of another generated dataset, so that the two join"
              + " (repeatable).")
  Map<String, String> valuesFrom = new LinkedHashMap<>();

  /**
   * {@code generation} drawing each named field from its dataset, read with {@code session}; adds
   * each dataset's path to {@code inputs}, which the output must not touch.
   */
  BulkGeneration apply(BulkGeneration generation, SparkSession session, List<String> inputs) {
    for (Map.Entry<String, String> from : valuesFrom.entrySet()) {
      String field = from.getKey();
      String column = field;
      int colon = field.indexOf(':');
      if (colon >= 0) {
        column = field.substring(colon + 1);
        field = field.substring(0, colon);
      }
      if (field.isBlank() || column.isBlank() || from.getValue().isBlank()) {
        throw WickException.usage(
            "--values-from "
                + from.getKey()
                + "="
                + from.getValue()
                + " names no field, column or path; write --values-from FIELD=PATH or"
                + " FIELD:COLUMN=PATH.");
      }
      generation = generation.valuesOf(field, Source.of(from.getValue()).read(session), column);
      inputs.add(from.getValue());
    }
    return generation;
  }
}
