package dev.wick.cli;

import dev.wick.core.io.Format;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * The options of a command that reads one dataset: {@code --in}, and {@code --in-format} when its
 * files' extensions do not tell ({@code --format} is its old spelling, kept hidden).
 */
final class InputOptions {
  @Option(
      names = "--in",
      required = true,
      paramLabel = "PATH",
      description = "The dataset: table:NAME for a catalog table, else a file, folder or glob.")
  String in;

  private Format format;

  @Option(
      names = "--in-format",
      paramLabel = "FORMAT",
      converter = FormatConverter.class,
      description =
          "The input's format when its file extensions do not tell: avro, parquet, orc, json, csv"
              + " or text.")
  void inFormat(Format f) {
    format = f;
  }

  @Option(names = "--format", hidden = true, converter = FormatConverter.class)
  void format(Format f) {
    format = f;
  }

  /** The format given with --in-format, if any. */
  Optional<Format> format() {
    return Optional.ofNullable(format);
  }
}
