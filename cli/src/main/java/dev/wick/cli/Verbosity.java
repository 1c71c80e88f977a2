package dev.wick.cli;

import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;

/** The {@code --verbose} option every subcommand shares. */
public final class Verbosity {
  @Option(
      names = {"-v", "--verbose"},
      description = "Print stack traces and Spark's own logging.")
  boolean verbose;

  static boolean isVerbose(ParseResult parseResult) {
    ParseResult p = parseResult;
    while (p != null) {
      if (p.hasMatchedOption("--verbose")) {
        return true;
      }
      p = p.subcommand();
    }
    return false;
  }
}
