package dev.wick.bigdiff;

import dev.wick.core.schema.DataType;
import dev.wick.core.schema.DataType.ArrayType;
import dev.wick.core.schema.DataType.MapType;
import dev.wick.core.schema.DataType.RecordType;
import dev.wick.core.schema.Field;
import dev.wick.core.schema.FieldPath;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The per-field comparison rules: tolerances (which apply to every number at or below their path)
 * and unordered arrays.
 */
record Rules(
    Map<FieldPath, Double> absolute,
    Map<FieldPath, Double> relative,
    Set<FieldPath> unordered,
    Map<FieldPath, FieldPath> elementKeys) {

  Rules {
    absolute = Map.copyOf(absolute);
    relative = Map.copyOf(relative);
    unordered = Set.copyOf(unordered);
    elementKeys = Map.copyOf(elementKeys);
  }

  /** The element key of the array at {@code arrayPath}, when its elements match by key. */
  Optional<FieldPath> elementKey(FieldPath arrayPath) {
    return Optional.ofNullable(elementKeys.get(arrayPath));
  }

  /** The absolute tolerance for numbers at {@code path}: the one set nearest above or at it. */
  Optional<Double> absoluteFor(FieldPath path) {
    return nearest(absolute, path);
  }

  /** The relative tolerance for numbers at {@code path}. */
  Optional<Double> relativeFor(FieldPath path) {
    return nearest(relative, path);
  }

  boolean isUnordered(FieldPath arrayPath) {
    return unordered.contains(arrayPath);
  }

  /**
   * True when the value at {@code path} cannot be compared with a plain null-safe equality: it
   * holds a map (Spark cannot compare maps), an unordered array, or numbers under a tolerance.
   */
  boolean needsDeepComparison(DataType type, FieldPath path) {
    if (containsMap(type)) {
      return true;
    }
    for (FieldPath u : unordered) {
      if (u.startsWith(path)) {
        return true;
      }
    }
    for (FieldPath u : elementKeys.keySet()) {
      if (u.startsWith(path)) {
        return true;
      }
    }
    if (containsNumber(type)) {
      for (FieldPath t : absolute.keySet()) {
        if (t.startsWith(path) || path.startsWith(t)) {
          return true;
        }
      }
      for (FieldPath t : relative.keySet()) {
        if (t.startsWith(path) || path.startsWith(t)) {
          return true;
        }
      }
    }
    return false;
  }

  private static Optional<Double> nearest(Map<FieldPath, Double> rules, FieldPath path) {
    FieldPath best = null;
    for (FieldPath p : rules.keySet()) {
      if (path.startsWith(p) && (best == null || p.steps().size() > best.steps().size())) {
        best = p;
      }
    }
    return best == null ? Optional.empty() : Optional.of(rules.get(best));
  }

  static boolean containsMap(DataType type) {
    if (type instanceof MapType) {
      return true;
    } else if (type instanceof ArrayType a) {
      return containsMap(a.element());
    } else if (type instanceof RecordType r) {
      return r.fields().stream().map(Field::type).anyMatch(Rules::containsMap);
    }
    return false;
  }

  static boolean containsNumber(DataType type) {
    if (type.isNumeric()) {
      return true;
    } else if (type instanceof ArrayType a) {
      return containsNumber(a.element());
    } else if (type instanceof MapType m) {
      return containsNumber(m.value());
    } else if (type instanceof RecordType r) {
      return r.fields().stream().map(Field::type).anyMatch(Rules::containsNumber);
    }
    return false;
  }
}
