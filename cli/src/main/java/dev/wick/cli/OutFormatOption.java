package dev.wick.cli;

import dev.wick.core.io.Format;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * {@code --out-format}: the format of the datasets a command writes, when not its default (each
 * command's description says which it is and which formats it takes).
 */
final class OutFormatOption {
  private Format format;

  @Option(
      names = "--out-format",
      paramLabel = "FORMAT",
      converter = FormatConverter.class,
      description = "The format of the written datasets: avro, parquet, orc, json or csv.")
  void set(Format f) {
    format = f;
  }

  /** The format given, if any. */
  Optional<Format> format() {
    return Optional.ofNullable(format);
  }
}
