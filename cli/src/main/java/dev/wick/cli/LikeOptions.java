package dev.wick.cli;

import dev.wick.core.WickException;
import dev.wick.profiler.Profile;
import dev.wick.testkit.generators.BulkGeneration;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;

/** {@code --like PROFILE} and {@code --min-count N}: generated data shaped like a profile. */
final class LikeOptions {
  @Option(
      names = "--like",
      paramLabel = "PROFILE",
      description =
          "A profile (profile.json or its folder, from wick profile) whose per-field distributions"
              + " the records follow; correlations between fields are not reproduced.")
  String like;

  @Option(
      names = "--min-count",
      paramLabel = "N",
      description =
          "With --like, copy only top values seen at least N times (default "
              + BulkGeneration.DEFAULT_MIN_COUNT
              + "); redacted fields copy none.")
  Long minCount;

  /** The generation shaped like the profile, when one was given. */
  BulkGeneration apply(BulkGeneration generation) {
    if (minCount != null && like == null) {
      throw WickException.usage("--min-count applies to --like; pass --like PROFILE or drop it.");
    }
    if (like == null) {
      return generation;
    }
    if (minCount != null && minCount < 1) {
      throw WickException.usage(
          "--min-count must be at least 1, got " + minCount + "; pass a count such as 5.");
    }
    BulkGeneration shaped = generation.like(Profile.read(Path.of(like)));
    return minCount == null ? shaped : shaped.minCount(minCount);
  }

  /** The profile, an input the output must not touch. */
  List<String> inputs() {
    return like == null ? List.of() : List.of(like);
  }
}
