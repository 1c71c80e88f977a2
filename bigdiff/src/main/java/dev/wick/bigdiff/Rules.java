package dev.wick.bigdiff;

import dev.wick.core.schema.DataType;
import dev.wick.core.schema.DataType.ArrayType;
import dev.wick.core.schema.DataType.MapType;
import dev.wick.core.schema.DataType.RecordType;
import dev.wick.core.schema.Field;
import dev.wick.core.schema.FieldPath;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The per-field comparison rules of a diff, as {@link DiffOptions} holds them: unordered arrays,
 * element keys, tolerances (which apply to every number, date or timestamp at or below their path),
 * text rules, NaN equality and comparators. {@link BigDiff}'s setters change them through the
 * {@code withX} copies; {@code Alignment} checks them against the schemas.
 */
record Rules(
    List<FieldPath> unordered,
    Map<FieldPath, FieldPath> elementKeys,
    Tolerances tolerances,
    Set<FieldPath> ignoreCase,
    Set<FieldPath> trim,
    boolean nanEqual,
    Comparators comparators) {

  /** No rules: every value compares exactly, NaN equal to NaN. */
  static final Rules NONE =
      new Rules(
          List.of(),
          Map.of(),
          new Tolerances(Map.of(), Map.of(), Map.of()),
          Set.of(),
          Set.of(),
          true,
          new Comparators(Map.of(), Map.of()));

  Rules {
    unordered = List.copyOf(unordered);
    elementKeys = Map.copyOf(elementKeys);
    ignoreCase = Set.copyOf(ignoreCase);
    trim = Set.copyOf(trim);
  }

  /**
   * The tolerances by the path they are set at: absolute and relative for numbers, a duration for
   * dates and timestamps.
   */
  record Tolerances(
      Map<FieldPath, Double> absolute,
      Map<FieldPath, Double> relative,
      Map<FieldPath, Duration> time) {

    Tolerances {
      absolute = Map.copyOf(absolute);
      relative = Map.copyOf(relative);
      time = Map.copyOf(time);
    }

    Tolerances withAbsolute(Map<FieldPath, Double> next) {
      return new Tolerances(next, relative, time);
    }

    Tolerances withRelative(Map<FieldPath, Double> next) {
      return new Tolerances(absolute, next, time);
    }

    Tolerances withTime(Map<FieldPath, Duration> next) {
      return new Tolerances(absolute, relative, next);
    }
  }

  /** The user's comparators, by the path of their field and by the type of their values. */
  record Comparators(
      Map<FieldPath, FieldComparator> byField,
      Map<Class<? extends DataType>, FieldComparator> byType) {

    Comparators {
      byField = Map.copyOf(byField);
      byType = Map.copyOf(byType);
    }

    Comparators withByField(Map<FieldPath, FieldComparator> next) {
      return new Comparators(next, byType);
    }

    Comparators withByType(Map<Class<? extends DataType>, FieldComparator> next) {
      return new Comparators(byField, next);
    }
  }

  Rules withUnordered(List<FieldPath> next) {
    return new Rules(next, elementKeys, tolerances, ignoreCase, trim, nanEqual, comparators);
  }

  Rules withElementKeys(Map<FieldPath, FieldPath> next) {
    return new Rules(unordered, next, tolerances, ignoreCase, trim, nanEqual, comparators);
  }

  Rules withTolerances(Tolerances next) {
    return new Rules(unordered, elementKeys, next, ignoreCase, trim, nanEqual, comparators);
  }

  Rules withIgnoreCase(Set<FieldPath> next) {
    return new Rules(unordered, elementKeys, tolerances, next, trim, nanEqual, comparators);
  }

  Rules withTrim(Set<FieldPath> next) {
    return new Rules(unordered, elementKeys, tolerances, ignoreCase, next, nanEqual, comparators);
  }

  Rules withNanEqual(boolean next) {
    return new Rules(unordered, elementKeys, tolerances, ignoreCase, trim, next, comparators);
  }

  Rules withComparators(Comparators next) {
    return new Rules(unordered, elementKeys, tolerances, ignoreCase, trim, nanEqual, next);
  }

  /**
   * The comparator registered for the value at {@code path}: the field's own, else its type's
   * unless a rule of the field's own (a tolerance, a text rule) governs it.
   */
  Optional<FieldComparator> comparatorFor(FieldPath path, DataType type) {
    FieldComparator own = comparators.byField().get(path);
    if (own != null) {
      return Optional.of(own);
    }
    return hasOwnRule(type, path)
        ? Optional.empty()
        : Optional.ofNullable(comparators.byType().get(type.getClass()));
  }

  /** Whether a rule of its own (tolerance, case, whitespace) governs the value at {@code path}. */
  private boolean hasOwnRule(DataType type, FieldPath path) {
    return (type.isNumeric() && (absoluteFor(path).isPresent() || relativeFor(path).isPresent()))
        || (isText(type) && (ignoresCase(path) || trims(path)))
        || (isTime(type) && timeFor(path).isPresent());
  }

  /** The time tolerance for dates and timestamps at {@code path}: the one set nearest above it. */
  Optional<Duration> timeFor(FieldPath path) {
    return nearest(tolerances.time(), path);
  }

  /** Whether strings at {@code path} compare ignoring case. */
  boolean ignoresCase(FieldPath path) {
    return ignoreCase.stream().anyMatch(path::startsWith);
  }

  /** Whether strings at {@code path} compare without surrounding whitespace. */
  boolean trims(FieldPath path) {
    return trim.stream().anyMatch(path::startsWith);
  }

  /** The element key of the array at {@code arrayPath}, when its elements match by key. */
  Optional<FieldPath> elementKey(FieldPath arrayPath) {
    return Optional.ofNullable(elementKeys.get(arrayPath));
  }

  /** The absolute tolerance for numbers at {@code path}: the one set nearest above or at it. */
  Optional<Double> absoluteFor(FieldPath path) {
    return nearest(tolerances.absolute(), path);
  }

  /** The relative tolerance for numbers at {@code path}. */
  Optional<Double> relativeFor(FieldPath path) {
    return nearest(tolerances.relative(), path);
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
    for (FieldPath c : comparators.byField().keySet()) {
      if (c.startsWith(path)) {
        return true;
      }
    }
    if (contains(type, t -> comparators.byType().containsKey(t.getClass()))) {
      return true;
    }
    if (!nanEqual && contains(type, Rules::isFloating)) {
      return true;
    }
    if (contains(type, Rules::isTime) && overlaps(tolerances.time().keySet(), path)) {
      return true;
    }
    if (contains(type, Rules::isText) && (overlaps(ignoreCase, path) || overlaps(trim, path))) {
      return true;
    }
    if (containsNumber(type)) {
      for (FieldPath t : tolerances.absolute().keySet()) {
        if (t.startsWith(path) || path.startsWith(t)) {
          return true;
        }
      }
      for (FieldPath t : tolerances.relative().keySet()) {
        if (t.startsWith(path) || path.startsWith(t)) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean overlaps(Set<FieldPath> rules, FieldPath path) {
    return rules.stream().anyMatch(t -> t.startsWith(path) || path.startsWith(t));
  }

  static boolean isFloating(DataType t) {
    return t instanceof DataType.FloatType || t instanceof DataType.DoubleType;
  }

  static boolean isTime(DataType t) {
    return t instanceof DataType.DateType || t instanceof DataType.TimestampType;
  }

  static boolean isText(DataType t) {
    return t instanceof DataType.StringType;
  }

  /** Whether {@code type} is, or holds at any depth, a value that {@code test} accepts. */
  static boolean contains(DataType type, Predicate<DataType> test) {
    if (test.test(type)) {
      return true;
    } else if (type instanceof ArrayType a) {
      return contains(a.element(), test);
    } else if (type instanceof MapType m) {
      return contains(m.value(), test);
    } else if (type instanceof RecordType r) {
      return r.fields().stream().map(Field::type).anyMatch(t -> contains(t, test));
    }
    return false;
  }

  private static <T> Optional<T> nearest(Map<FieldPath, T> rules, FieldPath path) {
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
