package dev.wick.cli;

import dev.wick.profiler.Anomalies;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code wick anomalies}'s judging settings: which fields ({@code --fields}), against how many
 * earlier profiles ({@code --window}, {@code --min-history}) and how wide a band ({@code
 * --threshold}).
 */
final class AnomaliesOptions {
  @Option(
      names = "--fields",
      split = ",",
      paramLabel = "FIELD",
      description = "Judge only these fields and those below them (default: all).")
  List<String> fields = new ArrayList<>();

  @Option(
      names = "--window",
      paramLabel = "N",
      description = "How many earlier profiles to judge against (default: ${DEFAULT-VALUE}).")
  int window = 28;

  @Option(
      names = "--threshold",
      paramLabel = "SCALES",
      description =
          "How many robust standard deviations from the centre a band reaches (default:"
              + " ${DEFAULT-VALUE}).")
  double threshold = 5.0;

  @Option(
      names = "--min-history",
      paramLabel = "N",
      description = "How many earlier profiles judging needs (default: ${DEFAULT-VALUE}).")
  int minHistory = 7;

  /** The detector these settings describe; a setting out of range fails here. */
  Anomalies anomalies() {
    return Anomalies.defaults()
        .window(window)
        .threshold(threshold)
        .minHistory(minHistory)
        .fields(fields);
  }
}
