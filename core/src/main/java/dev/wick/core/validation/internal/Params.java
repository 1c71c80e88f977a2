package dev.wick.core.validation.internal;

import java.math.BigDecimal;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/** The parameters of a semantic type as written in a schema, checked with clear messages. */
final class Params {
  private final String type;
  private final Map<String, String> values;

  private Params(String type, Map<String, String> values) {
    this.type = type;
    this.values = values;
  }

  /**
   * Checks that {@code values} only has the {@code allowed} keys. Blank values count as absent (an
   * annotation element left at its default).
   */
  static Params of(String type, Map<String, String> values, String... allowed) {
    Set<String> known = Set.of(allowed);
    Set<String> unknown = new TreeSet<>(values.keySet());
    unknown.removeAll(known);
    if (!unknown.isEmpty()) {
      throw new IllegalArgumentException(
          "unknown parameter"
              + (unknown.size() > 1 ? "s " : " ")
              + String.join(", ", unknown)
              + "; "
              + type
              + (allowed.length == 0
                  ? " takes no parameters"
                  : " takes " + String.join(", ", new TreeSet<>(known))));
    }
    return new Params(type, values);
  }

  Optional<String> get(String key) {
    String v = values.get(key);
    return v == null || v.isBlank() ? Optional.empty() : Optional.of(v.trim());
  }

  /** The raw value, keeping surrounding spaces (for patterns). */
  Optional<String> raw(String key) {
    String v = values.get(key);
    return v == null || v.isEmpty() ? Optional.empty() : Optional.of(v);
  }

  String require(String key) {
    return get(key)
        .orElseThrow(() -> new IllegalArgumentException(type + " needs the parameter " + key));
  }

  Optional<BigDecimal> number(String key) {
    return get(key)
        .map(
            v -> {
              try {
                return new BigDecimal(v);
              } catch (NumberFormatException e) {
                throw new IllegalArgumentException(key + " '" + v + "' is not a number");
              }
            });
  }

  int positiveInt(String key, int defaultValue, int max) {
    Optional<String> v = get(key);
    if (v.isEmpty()) {
      return defaultValue;
    }
    try {
      int n = Integer.parseInt(v.get());
      if (n < 1 || n > max) {
        throw new IllegalArgumentException(
            key + " must be between 1 and " + max + ", got " + v.get());
      }
      return n;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(key + " '" + v.get() + "' is not a whole number");
    }
  }
}
