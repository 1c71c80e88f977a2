package dev.wick.cli;

import dev.wick.profiler.Profiler;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code wick profile}'s profiler settings: which fields ({@code --fields}), how many top values
 * ({@code --top}) and whose top values stay out ({@code --redact}).
 */
final class ProfilerOptions {
  @Option(
      names = "--fields",
      split = ",",
      paramLabel = "FIELD",
      description = "Profile only these fields and those below them (default: all).")
  List<String> fields = new ArrayList<>();

  @Option(
      names = "--top",
      paramLabel = "N",
      description = "How many top values to list per field (default: ${DEFAULT-VALUE}).")
  int top = 10;

  @Option(
      names = "--redact",
      split = ",",
      paramLabel = "FIELD",
      description = "Keep these fields' statistics but not their top values (personal data).")
  List<String> redact = new ArrayList<>();

  /** The profiler these settings describe; a setting out of range fails here. */
  Profiler profiler() {
    return Profiler.defaults().fields(fields).redact(redact).top(top);
  }
}
