package dev.wick.core.job;

import dev.wick.core.WickException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A job's {@code --name=value} arguments with typed getters. A bare {@code --flag} means {@code
 * true}. Every problem (a missing argument, a value of the wrong type, a malformed argument) is a
 * usage error naming the argument. Arguments under {@code --wick.} configure the runtime and are
 * not the job's.
 */
public final class Args {
  private final Map<String, String> values;
  private final Set<String> read = ConcurrentHashMap.newKeySet();

  private Args(Map<String, String> values) {
    this.values = Collections.unmodifiableMap(values);
  }

  /** Parses {@code --name=value} and {@code --flag} arguments. */
  public static Args parse(String... args) {
    Map<String, String> values = new LinkedHashMap<>();
    for (String a : args) {
      if (!a.startsWith("--") || a.length() == 2) {
        throw WickException.usage(
            "Argument '" + a + "' is not of the form --name=value; write it as --name=value.");
      }
      int eq = a.indexOf('=');
      String name = eq < 0 ? a.substring(2) : a.substring(2, eq);
      String value = eq < 0 ? "true" : a.substring(eq + 1);
      if (name.isEmpty()) {
        throw WickException.usage("Argument '" + a + "' has no name; write it as --name=value.");
      }
      if (values.containsKey(name)) {
        throw WickException.usage("Argument --" + name + " is given twice; give it once.");
      }
      values.put(name, value);
    }
    return new Args(values);
  }

  /** The arguments as given, runtime ({@code wick.*}) ones included. */
  public Map<String, String> asMap() {
    return values;
  }

  /** The job's arguments without the runtime's {@code --wick.*} ones, as {@code --k=v} strings. */
  public List<String> toArgList() {
    List<String> out = new ArrayList<>();
    values.forEach(
        (k, v) -> {
          if (!k.startsWith("wick.")) {
            out.add("--" + k + "=" + v);
          }
        });
    return out;
  }

  public boolean has(String name) {
    read.add(name);
    return values.containsKey(name);
  }

  public Optional<String> optional(String name) {
    read.add(name);
    return Optional.ofNullable(values.get(name));
  }

  /** A required string argument. */
  public String string(String name) {
    return optional(name).orElseThrow(() -> missing(name));
  }

  public String string(String name, String defaultValue) {
    return optional(name).orElse(defaultValue);
  }

  public int integer(String name) {
    return parseInt(name, string(name));
  }

  public int integer(String name, int defaultValue) {
    return optional(name).map(v -> parseInt(name, v)).orElse(defaultValue);
  }

  public long longValue(String name) {
    return parseLong(name, string(name));
  }

  public long longValue(String name, long defaultValue) {
    return optional(name).map(v -> parseLong(name, v)).orElse(defaultValue);
  }

  public double doubleValue(String name) {
    return parseDouble(name, string(name));
  }

  public double doubleValue(String name, double defaultValue) {
    return optional(name).map(v -> parseDouble(name, v)).orElse(defaultValue);
  }

  public boolean bool(String name, boolean defaultValue) {
    return optional(name).map(v -> parseBool(name, v)).orElse(defaultValue);
  }

  /** A comma-separated list; empty when absent. */
  public List<String> list(String name) {
    return optional(name)
        .map(
            v ->
                v.isEmpty()
                    ? List.<String>of()
                    : Arrays.stream(v.split(",")).map(String::trim).toList())
        .orElse(List.of());
  }

  /** The job's arguments that were given but never read (runtime {@code wick.*} ones aside). */
  public Set<String> unread() {
    Set<String> out = new TreeSet<>(values.keySet());
    out.removeAll(read);
    out.removeIf(n -> n.startsWith("wick."));
    return out;
  }

  private WickException missing(String name) {
    Set<String> given = new TreeSet<>(values.keySet());
    given.removeIf(n -> n.startsWith("wick."));
    return WickException.usage(
        "Missing argument --"
            + name
            + "=VALUE; "
            + (given.isEmpty()
                ? "no arguments were given."
                : "given: --" + String.join(", --", given) + "."));
  }

  private static int parseInt(String name, String v) {
    try {
      return Integer.parseInt(v.trim());
    } catch (NumberFormatException e) {
      throw WickException.usage(
          "Argument --" + name + "=" + v + " is not an integer; give a whole number.");
    }
  }

  private static long parseLong(String name, String v) {
    try {
      return Long.parseLong(v.trim());
    } catch (NumberFormatException e) {
      throw WickException.usage(
          "Argument --" + name + "=" + v + " is not an integer; give a whole number.");
    }
  }

  private static double parseDouble(String name, String v) {
    try {
      return Double.parseDouble(v.trim());
    } catch (NumberFormatException e) {
      throw WickException.usage(
          "Argument --" + name + "=" + v + " is not a number; give a decimal number.");
    }
  }

  private static boolean parseBool(String name, String v) {
    return switch (v.trim().toLowerCase(java.util.Locale.ROOT)) {
      case "true", "yes", "1" -> true;
      case "false", "no", "0" -> false;
      default ->
          throw WickException.usage(
              "Argument --" + name + "=" + v + " is not a boolean; give true or false.");
    };
  }

  @Override
  public String toString() {
    return String.join(" ", toArgList());
  }
}
