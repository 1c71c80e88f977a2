package dev.wick.cli;

import picocli.CommandLine.Option;

/** {@code --allow-empty}: a gate passes even though an input has no rows. */
final class AllowEmptyOption {
  @Option(
      names = "--allow-empty",
      description =
          "With a gate: pass even though an input has no rows (by default that is an input error,"
              + " exit 2).")
  boolean allowEmpty;
}
