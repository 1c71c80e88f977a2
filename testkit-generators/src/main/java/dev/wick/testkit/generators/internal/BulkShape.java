package dev.wick.testkit.generators.internal;

import dev.wick.core.schema.FieldPath;
import dev.wick.profiler.Profile;
import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a bulk generation adds to a schema's domains, in a form Spark tasks can carry: the key
 * fields kept unique (identifiers always are), the profile whose distributions the records follow,
 * if any, and the fields whose values are drawn from a given list (shared with another dataset).
 *
 * @param keys the paths of the fields named as keys
 * @param like the profile's JSON, or null
 * @param minCount how often a profiled top value must have been seen to be copied
 * @param shared per field path, the values (in Wick's Java form) its values are drawn from
 */
record BulkShape(List<String> keys, String like, long minCount, Map<String, List<Object>> shared)
    implements Serializable {
  private static final long serialVersionUID = 2L;

  static final BulkShape NONE =
      new BulkShape(List.of(), null, LikeProfile.DEFAULT_MIN_COUNT, Map.of());

  BulkShape {
    keys = List.copyOf(keys);
    shared = Map.copyOf(shared);
  }

  BulkShape withKeys(List<String> paths) {
    return new BulkShape(paths, like, minCount, shared);
  }

  BulkShape withLike(Profile profile, long min) {
    return new BulkShape(keys, profile == null ? null : profile.toJson(), min, shared);
  }

  BulkShape withShared(String path, List<Object> values) {
    Map<String, List<Object>> more = new LinkedHashMap<>(shared);
    more.put(path, List.copyOf(values));
    return new BulkShape(keys, like, minCount, more);
  }

  /** What one task draws with: its unique keys, profile and shared values, from {@code seed}. */
  Task task(long seed) {
    Set<FieldPath> paths = keys.stream().map(FieldPath::parse).collect(Collectors.toSet());
    LikeProfile profile =
        like == null ? null : new LikeProfile(Profile.parse(like, "the profile"), minCount, seed);
    Map<FieldPath, List<Object>> values = new LinkedHashMap<>();
    shared.forEach((path, list) -> values.put(FieldPath.parse(path), list));
    return new Task(new UniqueKeys(paths, true, seed), profile, values);
  }

  /**
   * The per-task state of a bulk generation.
   *
   * @param keys the unique keys, told each record's index before it is drawn
   * @param like the profile the values follow, or null
   * @param shared per field path, the values its values are drawn from
   */
  record Task(UniqueKeys keys, LikeProfile like, Map<FieldPath, List<Object>> shared) {}
}
