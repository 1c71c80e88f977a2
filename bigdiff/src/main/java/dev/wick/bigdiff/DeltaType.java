package dev.wick.bigdiff;

/** How the size of a field's difference is measured, by the field's type. */
public enum DeltaType {
  /** Numbers: {@code rhs - lhs}. */
  NUMERIC,
  /** Strings: the Levenshtein distance between the two values. */
  STRING,
  /** Arrays of numbers: {@code 1 - cosine similarity} of the two vectors. */
  VECTOR
}
