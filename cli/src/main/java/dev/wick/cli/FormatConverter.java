package dev.wick.cli;

import dev.wick.core.WickException;
import dev.wick.core.io.Format;
import picocli.CommandLine.ITypeConverter;

/** Reads a {@code --in-format}/{@code --out-format} value the way {@link Format#parse} does. */
final class FormatConverter implements ITypeConverter<Format> {
  @Override
  public Format convert(String value) {
    try {
      return Format.parse(value);
    } catch (WickException e) {
      throw new BadValue(e.getMessage());
    }
  }
}
