package dev.wick.cli;

import dev.wick.core.WickException;
import dev.wick.profiler.DriftThresholds;
import dev.wick.profiler.Profile;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * {@code wick profile}'s drift flags: {@code --baseline PROFILE} compares the new profile with an
 * earlier one, and {@code --max-drift LIMITS} gates on the comparison.
 */
final class BaselineOptions {
  @Option(
      names = "--baseline",
      paramLabel = "PROFILE",
      description = "An earlier profile.json (or its folder) to measure drift against.")
  String baseline;

  @Option(
      names = "--max-drift",
      paramLabel = "LIMITS",
      description =
          "With --baseline: exit with 1 when a field drifts more. LIMITS is a score (such as 0.1:"
              + " KS statistic or L-infinity) or limits by measure, such as"
              + " score=0.1,nulls=0.05,distinct=0.5.")
  String maxDrift;

  /** The drift limits, checked before any data is read; none without {@code --max-drift}. */
  DriftThresholds thresholds() {
    if (maxDrift != null && baseline == null) {
      throw WickException.usage(
          "--max-drift needs a profile to compare with; pass --baseline OLD/profile.json.");
    }
    return maxDrift == null ? DriftThresholds.none() : DriftThresholds.parse(maxDrift);
  }

  /** The baseline profile, when one was given. */
  Optional<Profile> read() {
    return Optional.ofNullable(baseline).map(b -> Profile.read(Path.of(b)));
  }
}
