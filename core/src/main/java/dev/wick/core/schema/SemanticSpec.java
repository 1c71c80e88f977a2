package dev.wick.core.schema;

import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The semantic type attached to a field, by name and parameters: {@code country_code}, {@code
 * range(min=0, max=100)}, {@code regex(pattern=[a-z]+)}. A plain value: it is resolved to a
 * checking {@code dev.wick.core.validation.SemanticType} through the registry in {@code
 * dev.wick.core.validation.SemanticTypes}.
 *
 * <p>Its text form, used in Avro field properties ({@code "wick.semantic"}) and Spark field
 * metadata, is {@code name} or {@code name(key=value, ...)}.
 */
public record SemanticSpec(String name, Map<String, String> params) {

  public SemanticSpec {
    Objects.requireNonNull(name, "name");
    if (name.isBlank()) {
      throw new IllegalArgumentException("a semantic type name must not be blank");
    }
    params = params == null ? Map.of() : Map.copyOf(params);
  }

  public static SemanticSpec of(String name) {
    return new SemanticSpec(name, Map.of());
  }

  public static SemanticSpec of(String name, Map<String, String> params) {
    return new SemanticSpec(name, params);
  }

  /** Parses the text form {@code name} or {@code name(k=v, k2=v2)}; values may not contain ')'. */
  public static SemanticSpec parse(String text) {
    String s = text.trim();
    int open = s.indexOf('(');
    if (open < 0) {
      return of(s);
    }
    if (!s.endsWith(")")) {
      throw new IllegalArgumentException(
          "semantic type '" + text + "' opens '(' but does not end with ')'");
    }
    String name = s.substring(0, open).trim();
    String body = s.substring(open + 1, s.length() - 1);
    Map<String, String> params = new TreeMap<>();
    if (!body.isBlank()) {
      for (String part : splitTopLevel(body)) {
        int eq = part.indexOf('=');
        if (eq < 0) {
          throw new IllegalArgumentException(
              "semantic type '" + text + "': parameter '" + part.trim() + "' needs key=value");
        }
        params.put(part.substring(0, eq).trim(), unquote(part.substring(eq + 1).trim()));
      }
    }
    return new SemanticSpec(name, params);
  }

  private static java.util.List<String> splitTopLevel(String body) {
    java.util.List<String> parts = new java.util.ArrayList<>();
    StringBuilder current = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < body.length(); i++) {
      char c = body.charAt(i);
      if (c == '\'') {
        quoted = !quoted;
      }
      if (c == ',' && !quoted) {
        parts.add(current.toString());
        current.setLength(0);
      } else {
        current.append(c);
      }
    }
    parts.add(current.toString());
    return parts;
  }

  private static String unquote(String v) {
    return v.length() >= 2 && v.startsWith("'") && v.endsWith("'")
        ? v.substring(1, v.length() - 1)
        : v;
  }

  /** The text form; {@link #parse(String)} reads it back. */
  public String text() {
    if (params.isEmpty()) {
      return name;
    }
    return name
        + "("
        + new TreeMap<>(params)
            .entrySet().stream()
                .map(
                    e ->
                        e.getKey()
                            + "="
                            + (e.getValue().contains(",")
                                ? "'" + e.getValue() + "'"
                                : e.getValue()))
                .collect(Collectors.joining(", "))
        + ")";
  }

  @Override
  public String toString() {
    return text();
  }
}
