package dev.wick.cli;

import dev.wick.core.io.Format;
import java.util.Optional;
import picocli.CommandLine.Option;

/** The options of a command that reads one dataset: where it is, and its format if need be. */
final class InputOptions {
  @Option(
      names = "--in",
      required = true,
      paramLabel = "PATH",
      description = "The dataset: a file, a folder, a glob or table:NAME.")
  String in;

  @Option(
      names = "--format",
      paramLabel = "FORMAT",
      description =
          "The input's format when its file extensions do not tell: avro, parquet, orc, json, csv"
              + " or text.")
  String format;

  /** The format given with --format, if any. */
  Optional<Format> format() {
    return Optional.ofNullable(format).map(Format::parse);
  }
}
