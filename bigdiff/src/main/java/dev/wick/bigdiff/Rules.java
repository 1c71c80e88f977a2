package dev.wick.bigdiff;

import dev.wick.core.schema.DataType;
import dev.wick.core.schema.DataType.ArrayType;
import dev.wick.core.schema.DataType.MapType;
import dev.wick.core.schema.DataType.RecordType;
import dev.wick.core.schema.Field;
import dev.wick.core.schema.FieldPath;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * The per-field comparison rules of a diff, as {@link DiffOptions} holds them: unordered arrays,
 * element keys, and the comparators by the path they are set at and by the type of their values.
 * {@link BigDiff}'s setters change them through the {@code withX} copies; {@code Alignment} checks
 * them against the schemas.
 *
 * <p>A value's comparator is, in this order: the user's {@link FieldComparator} set at its very
 * path; else the {@link Builtin}s (tolerances, text rules) that apply to its type, each kind the
 * one set nearest at or above its path, combined; else the user's comparator for its type; else
 * none (plain equality). NaN inequality, a setting of the whole diff, joins the built-ins (also one
 * registered for the type) and the plain equality of floating point values.
 *
 * @param byPath the comparators by the path they are set at: the user's (at most one a path, for
 *     the value at that path) and built-ins (for every value at or below it)
 * @param byType the comparators registered for the type of their values (the user's or built-ins)
 * @param nanEqual whether a NaN equals a NaN
 */
record Rules(
    List<FieldPath> unordered,
    Map<FieldPath, FieldPath> elementKeys,
    Map<FieldPath, List<FieldComparator>> byPath,
    Map<Class<? extends DataType>, FieldComparator> byType,
    boolean nanEqual) {

  /** No rules: every value compares exactly, NaN equal to NaN. */
  static final Rules NONE = new Rules(List.of(), Map.of(), Map.of(), Map.of(), true);

  Rules {
    unordered = List.copyOf(unordered);
    elementKeys = Map.copyOf(elementKeys);
    Map<FieldPath, List<FieldComparator>> copy = new LinkedHashMap<>();
    byPath.forEach((p, cs) -> copy.put(p, List.copyOf(cs)));
    byPath = Collections.unmodifiableMap(copy);
    byType = Map.copyOf(byType);
  }

  Rules withUnordered(List<FieldPath> next) {
    return new Rules(next, elementKeys, byPath, byType, nanEqual);
  }

  Rules withElementKeys(Map<FieldPath, FieldPath> next) {
    return new Rules(unordered, next, byPath, byType, nanEqual);
  }

  Rules withNanEqual(boolean next) {
    return new Rules(unordered, elementKeys, byPath, byType, next);
  }

  /**
   * These rules with {@code comparator} set at {@code path}: a user's comparator replaces the
   * user's one there; a built-in joins the others there, once.
   */
  Rules withComparator(FieldPath path, FieldComparator comparator) {
    List<FieldComparator> at = new ArrayList<>(byPath.getOrDefault(path, List.of()));
    if (comparator instanceof Builtin) {
      if (at.contains(comparator)) {
        return this;
      }
    } else {
      at.removeIf(c -> !(c instanceof Builtin));
    }
    at.add(comparator);
    Map<FieldPath, List<FieldComparator>> next = new LinkedHashMap<>(byPath);
    next.put(path, at);
    return new Rules(unordered, elementKeys, next, byType, nanEqual);
  }

  /** These rules with {@code comparator} for every value of {@code type}, replacing another. */
  Rules withTypeComparator(Class<? extends DataType> type, FieldComparator comparator) {
    Map<Class<? extends DataType>, FieldComparator> next = new LinkedHashMap<>(byType);
    next.put(type, comparator);
    return new Rules(unordered, elementKeys, byPath, next, nanEqual);
  }

  /** The built-ins of one kind by the path they are set at. */
  <T extends Builtin> Map<FieldPath, T> builtins(Class<T> kind) {
    Map<FieldPath, T> out = new LinkedHashMap<>();
    byPath.forEach(
        (p, cs) ->
            cs.stream()
                .filter(kind::isInstance)
                .findFirst()
                .ifPresent(c -> out.put(p, kind.cast(c))));
    return out;
  }

  /** The user's comparators by the path of their field. */
  Map<FieldPath, FieldComparator> fieldComparators() {
    Map<FieldPath, FieldComparator> out = new LinkedHashMap<>();
    byPath.forEach(
        (p, cs) ->
            cs.stream()
                .filter(c -> !(c instanceof Builtin))
                .findFirst()
                .ifPresent(c -> out.put(p, c)));
    return out;
  }

  /**
   * The comparator of the value at {@code path}, of {@code type}: the user's for the field, else
   * the built-ins governing it (a {@link Builtin}), else the user's for its type, else NaN
   * inequality when set and the value is floating point; empty for plain equality. NaN inequality
   * joins the built-ins, also a built-in registered for the type.
   */
  Optional<FieldComparator> comparatorFor(FieldPath path, DataType type) {
    Optional<FieldComparator> own =
        byPath.getOrDefault(path, List.of()).stream()
            .filter(c -> !(c instanceof Builtin))
            .findFirst();
    if (own.isPresent()) {
      return own;
    }
    List<Builtin> builtins = new ArrayList<>(builtinsFor(path, type));
    if (builtins.isEmpty()) {
      FieldComparator byItsType = byType.get(type.getClass());
      if (byItsType instanceof Builtin b) {
        builtins.add(b);
      } else if (byItsType != null) {
        return Optional.of(byItsType);
      }
    }
    NanUnequal nan = new NanUnequal();
    if (!nanEqual && nan.appliesTo(type)) {
      builtins.add(nan);
    }
    return builtins.isEmpty() ? Optional.empty() : Optional.of(Builtin.combined(builtins));
  }

  /**
   * The built-ins that govern the value at {@code path}, of {@code type}: of each kind that applies
   * to the type, the one set at the longest path at or above {@code path}; in a fixed order.
   */
  private List<Builtin> builtinsFor(FieldPath path, DataType type) {
    Map<String, Builtin> best = new TreeMap<>();
    Map<String, Integer> depth = new HashMap<>();
    byPath.forEach(
        (p, cs) -> {
          if (!path.startsWith(p)) {
            return;
          }
          for (FieldComparator c : cs) {
            if (c instanceof Builtin b && b.appliesTo(type)) {
              String kind = b.getClass().getName();
              if (!best.containsKey(kind) || p.steps().size() > depth.get(kind)) {
                best.put(kind, b);
                depth.put(kind, p.steps().size());
              }
            }
          }
        });
    return List.copyOf(best.values());
  }

  /** The element key of the array at {@code arrayPath}, when its elements match by key. */
  Optional<FieldPath> elementKey(FieldPath arrayPath) {
    return Optional.ofNullable(elementKeys.get(arrayPath));
  }

  boolean isUnordered(FieldPath arrayPath) {
    return unordered.contains(arrayPath);
  }

  /**
   * True when the value at {@code path} cannot be compared with a plain null-safe equality: it
   * holds a map (Spark cannot compare maps), an unordered or keyed array, or values a comparator
   * governs.
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
    for (Map.Entry<FieldPath, List<FieldComparator>> e : byPath.entrySet()) {
      FieldPath p = e.getKey();
      for (FieldComparator c : e.getValue()) {
        if (c instanceof Builtin b
            ? (p.startsWith(path) || path.startsWith(p)) && contains(type, b::appliesTo)
            : p.startsWith(path)) {
          return true;
        }
      }
    }
    if (contains(type, t -> byType.containsKey(t.getClass()))) {
      return true;
    }
    return !nanEqual && contains(type, Rules::isFloating);
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
