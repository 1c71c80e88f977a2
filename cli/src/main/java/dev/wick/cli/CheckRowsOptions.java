package dev.wick.cli;

import dev.wick.core.WickException;
import java.util.OptionalDouble;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code wick check}'s row-level outputs: {@code --split} or {@code --mark}, and the share of
 * invalid rows its gate allows ({@code --max-invalid-fraction}).
 */
final class CheckRowsOptions {
  @Option(
      names = "--split",
      description =
          "Also write valid/ and invalid/ (with a reasons column) in the input's format: the"
              + " rows that pass every row-level check, and those that fail one.")
  boolean split;

  @Option(
      names = "--mark",
      description = "Also write marked/: every row, with a reasons column (null when it passes).")
  boolean mark;

  @Mixin MaxInvalidFractionOption invalidBound;

  /** Whether the rows are written, split or marked. */
  boolean on() {
    return split || mark;
  }

  /**
   * The largest invalid fraction given, after refusing options that cannot go together: both
   * outputs, or a bound with no rows written to count.
   */
  OptionalDouble maxInvalidFraction() {
    if (split && mark) {
      throw WickException.usage(
          "--split and --mark both write the rows; give one of them: --split for valid/ and"
              + " invalid/, --mark for every row in marked/.");
    }
    OptionalDouble fraction = invalidBound.fraction();
    if (fraction.isPresent() && !on()) {
      throw WickException.usage(
          "--max-invalid-fraction judges the rows the checks split or mark; add --split or"
              + " --mark.");
    }
    return fraction;
  }
}
