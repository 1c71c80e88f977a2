package dev.wick.profiler;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A profile with the time it stands for and the partition it profiles: one point of a history.
 *
 * @param at the time the profile stands for
 * @param label the partition it profiles ({@code country=DE}), if any
 * @param profile the profile
 */
public record TimedProfile(Instant at, Optional<String> label, Profile profile) {
  public TimedProfile {
    Objects.requireNonNull(at, "at");
    Objects.requireNonNull(label, "label");
    Objects.requireNonNull(profile, "profile");
  }

  /** A profile at {@code at} with no label. */
  public static TimedProfile of(Instant at, Profile profile) {
    return new TimedProfile(at, Optional.empty(), profile);
  }
}
