package dev.wick.core.explain;

import java.util.Objects;

/**
 * One side of a slice: a column holding one value, a value in one bucket of numbers or times, one
 * of its rarer values, or no value.
 *
 * @param column the column's name
 * @param kind which of the three
 * @param label the value ({@code podcast}, {@code 42}) or the bucket ({@code [100, 250)}); empty
 *     for {@link Kind#NULL} and {@link Kind#OTHER}
 */
public record Condition(String column, Kind kind, String label) {
  /** What a condition asks of a row's value. */
  public enum Kind {
    /** The value is {@code label}. */
    VALUE,
    /** The value falls in the bucket {@code label}. */
    BUCKET,
    /** The value is null. */
    NULL,
    /**
     * The value is none of those the column is cut by: one the explainer's first read of the data
     * did not see, so rarer than those.
     */
    OTHER
  }

  public Condition {
    Objects.requireNonNull(column, "column");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(label, "label");
  }

  /**
   * {@code genre = podcast}, {@code price in [10, 20)}, {@code country is null}, {@code genre is
   * one of its rarer values}.
   */
  public String text() {
    return switch (kind) {
      case VALUE -> column + " = " + label;
      case BUCKET -> column + " in " + label;
      case NULL -> column + " is null";
      case OTHER -> column + " is one of its rarer values";
    };
  }
}
