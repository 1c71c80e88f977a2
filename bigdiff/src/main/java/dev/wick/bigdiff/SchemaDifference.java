package dev.wick.bigdiff;

import java.util.List;

/**
 * How the two sides' schemas relate: the fields compared, and those present on one side only or
 * ignored (which are not compared).
 *
 * @param compared the compared field paths, in schema order
 * @param onlyLhs fields only the left-hand side has
 * @param onlyRhs fields only the right-hand side has
 * @param ignored fields left out by request
 */
public record SchemaDifference(
    List<String> compared, List<String> onlyLhs, List<String> onlyRhs, List<String> ignored) {

  public SchemaDifference {
    compared = List.copyOf(compared);
    onlyLhs = List.copyOf(onlyLhs);
    onlyRhs = List.copyOf(onlyRhs);
    ignored = List.copyOf(ignored);
  }

  /** True when some field is on one side only. */
  public boolean differs() {
    return !onlyLhs.isEmpty() || !onlyRhs.isEmpty();
  }
}
