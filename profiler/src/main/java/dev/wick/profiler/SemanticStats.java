package dev.wick.profiler;

import java.util.Objects;

/**
 * How many of a field's non-null values its semantic type (from the schema) accepts.
 *
 * @param type the semantic type as written in the schema ({@code country_code}, {@code range(min=0,
 *     max=100)})
 * @param checked how many non-null values were checked
 * @param valid how many of them were valid
 */
public record SemanticStats(String type, long checked, long valid) {
  public SemanticStats {
    Objects.requireNonNull(type, "type");
    if (valid > checked || valid < 0) {
      throw new IllegalArgumentException(
          "valid values (" + valid + ") must be between 0 and checked (" + checked + ")");
    }
  }

  /** The share of checked values that were valid, 1.0 when nothing was checked. */
  public double validShare() {
    return checked == 0 ? 1.0 : (double) valid / checked;
  }
}
