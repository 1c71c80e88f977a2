package dev.wick.bigdiff;

/** What a diff does with keys that occur more than once on a side. */
public enum DuplicateKeys {
  /** Stop with an error naming some of them (the default). */
  FAIL,
  /**
   * Count them per side, list them under {@code duplicates/}, and leave them out of the
   * classification.
   */
  REPORT
}
