package dev.wick.testkit.generators.internal;

import dev.wick.core.WickException;
import dev.wick.profiler.Profile;
import java.util.Objects;

/**
 * A profile that generated values follow, field by field (see {@code BulkGeneration.like}), and how
 * often a profiled top value must have been seen to be copied.
 *
 * @param profile the profile of real data
 * @param minCount the least count of a top value that may be copied
 */
public record ProfileShape(Profile profile, long minCount) {
  public ProfileShape {
    Objects.requireNonNull(profile, "profile");
    requireMinCount(minCount);
  }

  /** Refuses a minimum count below 1 with one sentence. */
  static void requireMinCount(long minCount) {
    if (minCount < 1) {
      throw WickException.usage(
          "The minimum count of a copied value must be at least 1, got "
              + minCount
              + "; pass a count such as 5.");
    }
  }

  /** What a domain builder draws with; fresh values come from pools seeded with {@code seed}. */
  LikeProfile drawing(long seed) {
    return new LikeProfile(profile, minCount, seed);
  }
}
