package dev.wick.bigdiff;

import dev.wick.core.schema.DataType;
import dev.wick.core.schema.FieldPath;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;

/** The settings of one diff, as {@link BigDiff} holds them (immutable). */
record DiffOptions(
    List<FieldPath> keys,
    List<FieldPath> ignored,
    List<FieldPath> unordered,
    Map<FieldPath, FieldPath> elementKeys,
    Map<FieldPath, Double> absoluteTolerance,
    Map<FieldPath, Double> relativeTolerance,
    Map<FieldPath, Duration> timeTolerance,
    Set<FieldPath> ignoreCase,
    Set<FieldPath> trim,
    boolean nanEqual,
    Map<FieldPath, FieldComparator> fieldComparators,
    Map<Class<? extends DataType>, FieldComparator> typeComparators,
    List<String> lhsWhere,
    List<String> rhsWhere,
    OptionalDouble sample,
    long seed,
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
    timeTolerance = Map.copyOf(timeTolerance);
    ignoreCase = Set.copyOf(ignoreCase);
    trim = Set.copyOf(trim);
    lhsWhere = List.copyOf(lhsWhere);
    rhsWhere = List.copyOf(rhsWhere);
    fieldComparators = Map.copyOf(fieldComparators);
    typeComparators = Map.copyOf(typeComparators);
  }
}
