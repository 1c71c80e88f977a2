package dev.wick.cli;

import dev.wick.core.WickException;
import java.util.OptionalDouble;
import picocli.CommandLine.Option;

/**
 * {@code --max-invalid-fraction}: the largest share of invalid rows a gate allows, for the commands
 * that judge rows one by one ({@code validate}, {@code check --split} and {@code --mark}).
 */
final class MaxInvalidFractionOption {
  @Option(
      names = "--max-invalid-fraction",
      paramLabel = "X",
      description = "Fail (exit 1) when more than this fraction of rows (0 to 1) is invalid.")
  Double maxInvalidFraction;

  /** The fraction given, checked to be between 0 and 1, or empty when none is. */
  OptionalDouble fraction() {
    if (maxInvalidFraction == null) {
      return OptionalDouble.empty();
    }
    if (!(maxInvalidFraction >= 0 && maxInvalidFraction <= 1)) {
      throw WickException.usage(
          "--max-invalid-fraction is "
              + maxInvalidFraction
              + "; give a fraction between 0 and 1, such as 0.01 for 1%.");
    }
    return OptionalDouble.of(maxInvalidFraction);
  }
}
