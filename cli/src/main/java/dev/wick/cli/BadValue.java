package dev.wick.cli;

import picocli.CommandLine.TypeConversionException;

/**
 * A converter's refusal of a flag's value, as one sentence naming the problem and the fix; the CLI
 * prints it as it is, without picocli's prefix.
 */
final class BadValue extends TypeConversionException {
  private static final long serialVersionUID = 1L;

  BadValue(String sentence) {
    super(sentence);
  }
}
