package dev.wick.bigdiff;

/** How a key compares between the two sides of a diff. */
public enum DiffType {
  /** Present on both sides with equal compared fields. */
  SAME,
  /** Present on both sides, at least one compared field differs. */
  DIFFERENT,
  /** Only in the right-hand side (missing from the left). */
  MISSING_LHS,
  /** Only in the left-hand side (missing from the right). */
  MISSING_RHS
}
