package dev.wick.bigdiff;

import dev.wick.core.schema.FieldPath;
import java.util.List;
import java.util.Map;

/** The settings of one diff, as {@link BigDiff} holds them (immutable). */
record DiffOptions(
    List<FieldPath> keys,
    List<FieldPath> ignored,
    List<FieldPath> unordered,
    Map<FieldPath, FieldPath> elementKeys,
    Map<FieldPath, Double> absoluteTolerance,
    Map<FieldPath, Double> relativeTolerance,
    DuplicateKeys duplicates,
    boolean includeSame,
    String lhsLabel,
    String rhsLabel) {

  DiffOptions {
    keys = List.copyOf(keys);
    ignored = List.copyOf(ignored);
    unordered = List.copyOf(unordered);
    elementKeys = Map.copyOf(elementKeys);
    absoluteTolerance = Map.copyOf(absoluteTolerance);
    relativeTolerance = Map.copyOf(relativeTolerance);
  }
}
