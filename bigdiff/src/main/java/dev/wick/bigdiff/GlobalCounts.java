package dev.wick.bigdiff;

/**
 * The key counts of a diff. Every distinct key over both sides is counted once in {@link #total()}
 * and in exactly one of {@link #same()}, {@link #different()}, {@link #missingLhs()}, {@link
 * #missingRhs()} and {@link #duplicateKeys()}, so those five add up to the total.
 *
 * @param total distinct keys over both sides
 * @param same keys present on both sides with equal compared fields
 * @param different keys present on both sides where some compared field differs
 * @param missingLhs keys only in the right-hand side
 * @param missingRhs keys only in the left-hand side
 * @param duplicateKeysLhs distinct keys that occur more than once in the left-hand side
 * @param duplicateKeysRhs distinct keys that occur more than once in the right-hand side
 * @param duplicateKeys distinct keys duplicated on either side (left out of the classification)
 * @param nullKeys distinct keys with at least one null part (matched null-safely)
 */
public record GlobalCounts(
    long total,
    long same,
    long different,
    long missingLhs,
    long missingRhs,
    long duplicateKeysLhs,
    long duplicateKeysRhs,
    long duplicateKeys,
    long nullKeys) {

  /** Keys that were classified: all but the duplicated ones. */
  public long classified() {
    return same + different + missingLhs + missingRhs;
  }

  /** Classified keys that are not {@link DiffType#SAME}. */
  public long notSame() {
    return different + missingLhs + missingRhs;
  }

  /** The fraction of classified keys that are not {@link DiffType#SAME} (0 when there are none). */
  public double diffFraction() {
    long c = classified();
    return c == 0 ? 0.0 : (double) notSame() / c;
  }

  /** The count of one classification. */
  public long count(DiffType type) {
    return switch (type) {
      case SAME -> same;
      case DIFFERENT -> different;
      case MISSING_LHS -> missingLhs;
      case MISSING_RHS -> missingRhs;
    };
  }
}
