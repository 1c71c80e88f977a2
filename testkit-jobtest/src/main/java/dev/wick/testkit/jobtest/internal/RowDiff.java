package dev.wick.testkit.jobtest.internal;

import java.util.List;
import org.apache.spark.sql.Row;

/**
 * How two multisets of rows differ: rows expected but not found, rows found but not expected, and
 * pairs of an expected and an actual row that look like the same row with some columns changed.
 *
 * @param missing expected rows with no match, in expected order
 * @param unexpected actual rows with no match, in actual order
 * @param changed pairs of unmatched rows that agree on their key (or on most columns)
 */
public record RowDiff(List<Row> missing, List<Row> unexpected, List<Changed> changed) {

  public RowDiff {
    missing = List.copyOf(missing);
    unexpected = List.copyOf(unexpected);
    changed = List.copyOf(changed);
  }

  /** Whether the two sides hold the same rows. */
  public boolean isEmpty() {
    return missing.isEmpty() && unexpected.isEmpty() && changed.isEmpty();
  }

  /**
   * An expected row and the actual row it was paired with.
   *
   * @param differing the indexes of the columns whose values differ
   */
  public record Changed(Row expected, Row actual, List<Integer> differing) {
    public Changed {
      differing = List.copyOf(differing);
    }
  }
}
