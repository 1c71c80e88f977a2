package dev.wick.cli;

import picocli.CommandLine.Option;

/**
 * The options of a command that writes a folder: {@code --out} and {@code --overwrite}. An output
 * that exists is refused unless {@code --overwrite}, and one inside an input always is. ({@code
 * wick drift}, whose output is optional, declares the same two flags without requiring {@code
 * --out}.)
 */
final class OutputOptions {
  @Option(
      names = "--out",
      required = true,
      paramLabel = "DIR",
      description =
          "The folder to write (refused if it exists, unless --overwrite, and if it is inside an"
              + " input).")
  String out;

  @Option(
      names = "--overwrite",
      description = "Replace the output if it exists (only a folder Wick or Spark wrote).")
  boolean overwrite;
}
