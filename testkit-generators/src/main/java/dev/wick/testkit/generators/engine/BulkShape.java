package dev.wick.testkit.generators.engine;

import dev.wick.core.schema.FieldPath;
import dev.wick.profiler.Profile;
import java.io.Serializable;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a bulk generation adds to a schema's domains, in a form Spark tasks can carry: the key
 * fields kept unique (identifiers always are), and the profile whose distributions the records
 * follow, if any.
 *
 * @param keys the paths of the fields named as keys
 * @param like the profile's JSON, or null
 * @param minCount how often a profiled top value must have been seen to be copied
 */
record BulkShape(List<String> keys, String like, long minCount) implements Serializable {
  private static final long serialVersionUID = 1L;

  static final BulkShape NONE = new BulkShape(List.of(), null, LikeProfile.DEFAULT_MIN_COUNT);

  BulkShape {
    keys = List.copyOf(keys);
  }

  BulkShape withKeys(List<String> paths) {
    return new BulkShape(paths, like, minCount);
  }

  BulkShape withLike(Profile profile, long min) {
    return new BulkShape(keys, profile == null ? null : profile.toJson(), min);
  }

  /** What one task draws with: its unique keys and profile, from {@code seed}. */
  Task task(long seed) {
    Set<FieldPath> paths = keys.stream().map(FieldPath::parse).collect(Collectors.toSet());
    LikeProfile profile =
        like == null ? null : new LikeProfile(Profile.parse(like, "the profile"), minCount, seed);
    return new Task(new UniqueKeys(paths, true, seed), profile);
  }

  /**
   * The per-task state of a bulk generation.
   *
   * @param keys the unique keys, told each record's index before it is drawn
   * @param like the profile the values follow, or null
   */
  record Task(UniqueKeys keys, LikeProfile like) {}
}
