package dev.wick.cli;

import dev.wick.bigdiff.DuplicateKeys;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;

/** Reads {@code --duplicates fail|report}, in any case. */
final class DuplicatesConverter implements ITypeConverter<DuplicateKeys> {
  @Override
  public DuplicateKeys convert(String value) {
    return switch (value.trim().toLowerCase(Locale.ROOT)) {
      case "fail" -> DuplicateKeys.FAIL;
      case "report" -> DuplicateKeys.REPORT;
      default -> throw new BadValue("--duplicates must be fail or report, got '" + value + "'.");
    };
  }
}
