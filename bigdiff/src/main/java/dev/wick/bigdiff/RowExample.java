package dev.wick.bigdiff;

import java.util.Objects;

/**
 * A row of a diff without key fields that is on one side only ({@link BigDiff#keyless()}).
 *
 * @param type {@link DiffType#MISSING_RHS} for a row only in the left-hand side, {@link
 *     DiffType#MISSING_LHS} for one only in the right-hand side
 * @param row the row's compared fields as JSON
 * @param count how many more copies of it that side has than the other
 */
public record RowExample(DiffType type, String row, long count) {
  public RowExample {
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(row, "row");
  }
}
