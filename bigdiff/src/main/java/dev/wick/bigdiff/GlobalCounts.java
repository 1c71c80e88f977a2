package dev.wick.bigdiff;

/**
 * The key counts of a diff. Every distinct key over both sides is counted once in {@link #total()}
 * and in exactly one of {@link #same()}, {@link #different()}, {@link #missingLhs()}, {@link
 * #missingRhs()} and {@link #duplicateKeys()}, so those five add up to the total.
 *
 * <p>A duplicated key cannot be classified, so it is not SAME: it counts in {@link #notSame()} and
 * in the denominator of {@link #diffFraction()}. A key with a null part is matched null-safely (a
 * null matches a null) and classified like any other key, so it counts as its classification says.
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
 * @param lhsKeys distinct keys the left-hand side holds (0 when it has no rows)
 * @param rhsKeys distinct keys the right-hand side holds (0 when it has no rows)
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
    long nullKeys,
    long lhsKeys,
    long rhsKeys) {

  /** Keys that were classified: all but the duplicated ones. */
  public long classified() {
    return same + different + missingLhs + missingRhs;
  }

  /** Classified keys that differ: {@link #different()} and the keys on one side only. */
  public long differing() {
    return different + missingLhs + missingRhs;
  }

  /** Keys that are not {@link DiffType#SAME}: the differing keys and the duplicated ones. */
  public long notSame() {
    return differing() + duplicateKeys;
  }

  /** The fraction of all keys that are not {@link DiffType#SAME} (0 when there are none). */
  public double diffFraction() {
    return total == 0 ? 0.0 : (double) notSame() / total;
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
