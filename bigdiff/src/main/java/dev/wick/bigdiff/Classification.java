package dev.wick.bigdiff;

import static org.apache.spark.sql.functions.lit;

import java.util.Arrays;
import org.apache.spark.sql.Column;

/**
 * What the diff's plan says of a key, in its classification column: one of the four {@link
 * DiffType}s, or {@link #DUPLICATE} for a key that occurs more than once on a side. A duplicated
 * key is counted and listed under {@code duplicates/}, never classified further, so it is not a
 * {@link DiffType}; {@code keys/} never holds one.
 */
enum Classification {
  SAME,
  DIFFERENT,
  MISSING_LHS,
  MISSING_RHS,
  DUPLICATE;

  /** The classification of a key of this {@link DiffType}. */
  static Classification of(DiffType type) {
    return valueOf(type.name());
  }

  /** This classification as a value of the classification column. */
  Column literal() {
    return lit(name());
  }

  /** Whether {@code classification} (a classification column) is this one. */
  Column is(Column classification) {
    return classification.equalTo(literal());
  }

  /** Whether {@code classification} is one of {@code these}. */
  static Column isAny(Column classification, Classification... these) {
    return classification.isin(Arrays.stream(these).map(Enum::name).toArray());
  }
}
