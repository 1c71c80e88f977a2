package dev.wick.cli;

import dev.wick.core.WickException;
import dev.wick.core.explain.Explainer;
import dev.wick.core.io.DatasetReader;
import dev.wick.core.io.Output;
import dev.wick.core.io.Source;
import java.util.Map;
import java.util.Optional;

/**
 * The CLI's words for the library settings that errors name ({@link WickException#settings()}):
 * each library setting, named as its builder method, and the flag that sets it on the command line,
 * phrased to take the place of the library's words in the sentence (a noun for a noun, {@code "pass
 * --overwrite"} for {@code "allow overwriting"}). A library error that names a new setting needs
 * its entry here; {@code LibraryFlagsTest} fails until it has one.
 */
final class Flags {
  private static final Map<String, String> WORDS =
      Map.ofEntries(
          Map.entry(Output.OVERWRITE, "pass --overwrite"),
          Map.entry(DatasetReader.FORMAT, "pass --in-format"),
          Map.entry(Source.OPTION, "--in-option"),
          Map.entry(Source.WHERE, "--where"),
          Map.entry(Source.TRUST_SQL, "with --trust-sql"),
          Map.entry("ignore", "--ignore"),
          Map.entry("key", "name it with --key FIELD[,FIELD...]"),
          Map.entry("unordered", "--unordered"),
          Map.entry("duplicates", "pass --duplicates report"),
          Map.entry("tolerance", "--tolerance"),
          Map.entry("relativeTolerance", "--relative-tolerance"),
          Map.entry("sample", "--sample"),
          Map.entry("fields", "--fields"),
          Map.entry("redact", "--redact"),
          Map.entry("top", "--top"),
          Map.entry("reasonsColumn", "--reasons-column"),
          Map.entry("fraction", "--fraction"),
          Map.entry("count", "--count"),
          Map.entry("by", "--by"),
          Map.entry("strata", "--strata"),
          Map.entry("distribution", "--distribution"),
          Map.entry("checks", "check the path given to --checks"),
          Map.entry("references", "pass --ref NAME=PATH"),
          Map.entry("nullMargin", "--null-margin"),
          Map.entry("rangeMargin", "--range-margin"),
          Map.entry("distinctFactor", "--distinct-factor"),
          Map.entry("freshnessMargin", "--freshness-margin"),
          Map.entry("history", "--history"),
          Map.entry("at", "--at"),
          Map.entry("label", "--label"),
          Map.entry("window", "--window"),
          Map.entry("threshold", "--threshold"),
          Map.entry("minHistory", "--min-history"),
          Map.entry(Explainer.BY, "--explain-by"),
          Map.entry("explain", "--explain"));

  private Flags() {}

  /** The flag words for a library setting, if the CLI has a flag for it. */
  static Optional<String> of(String setting) {
    return Optional.ofNullable(WORDS.get(setting));
  }

  /** A library error in the CLI's words. */
  static String message(WickException e) {
    return e.message(Flags::of);
  }
}
