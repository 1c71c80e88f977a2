package dev.wick.cli;

import dev.wick.checks.Suggestions;
import picocli.CommandLine.Option;

/**
 * {@code wick suggest}'s margins: how far each suggested bound lies from the profiled statistic
 * ({@code --null-margin}, {@code --range-margin}, {@code --distinct-factor}, {@code
 * --freshness-margin}).
 */
final class SuggestMargins {
  @Option(
      names = "--null-margin",
      paramLabel = "SHARE",
      description =
          "The least each completeness bound lies below the profile's filled share (default:"
              + " ${DEFAULT-VALUE}).",
      defaultValue = "0.01")
  double nullMargin;

  @Option(
      names = "--range-margin",
      paramLabel = "SHARE",
      description =
          "How far ranges reach beyond min and max, as a share of max - min (default:"
              + " ${DEFAULT-VALUE}).",
      defaultValue = "0.1")
  double rangeMargin;

  @Option(
      names = "--distinct-factor",
      paramLabel = "FACTOR",
      description =
          "How far distinct-count bounds reach beyond the profile's: its lower bound divided and"
              + " its upper bound multiplied by FACTOR, at least 1.1 (default: ${DEFAULT-VALUE},"
              + " half to double).",
      defaultValue = "2")
  double distinctFactor;

  @Option(
      names = "--freshness-margin",
      paramLabel = "SHARE",
      description =
          "How much older than at profiling the newest timestamp or date may get, as a share of"
              + " its age then (default: ${DEFAULT-VALUE}, twice the age).",
      defaultValue = "1")
  double freshnessMargin;

  /** {@code suggestions} with these margins. */
  Suggestions apply(Suggestions suggestions) {
    return suggestions
        .nullMargin(nullMargin)
        .rangeMargin(rangeMargin)
        .distinctFactor(distinctFactor)
        .freshnessMargin(freshnessMargin);
  }
}
