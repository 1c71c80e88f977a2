package dev.wick.testkit.generators.engine;

import dev.wick.core.schema.FieldPath;
import java.io.Serializable;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a bulk generation adds to a schema's domains, in a form Spark tasks can carry: the key
 * fields kept unique (identifiers always are).
 *
 * @param keys the paths of the fields named as keys
 */
record BulkShape(List<String> keys) implements Serializable {
  private static final long serialVersionUID = 1L;

  static final BulkShape NONE = new BulkShape(List.of());

  BulkShape {
    keys = List.copyOf(keys);
  }

  BulkShape withKeys(List<String> paths) {
    return new BulkShape(paths);
  }

  /** The keys of a task, whose values derive from {@code seed} and each record's index. */
  UniqueKeys uniqueKeys(long seed) {
    Set<FieldPath> paths = keys.stream().map(FieldPath::parse).collect(Collectors.toSet());
    return new UniqueKeys(paths, true, seed);
  }
}
