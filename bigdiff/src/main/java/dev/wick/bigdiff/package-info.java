/**
 * Keyed diffs of two datasets with field-level statistics: {@link dev.wick.bigdiff.BigDiff} is the
 * entry point, {@link dev.wick.bigdiff.DiffSummary} the outcome.
 *
 * <h2>How a diff runs</h2>
 *
 * <p>Everything that can be checked on the schemas is checked first ({@code Alignment}): key fields
 * resolve on both sides with the same type, compared fields are the common part of both schemas
 * (fields on one side only are reported, not compared), a type mismatch is an error naming the
 * field, and the tolerance and unordered rules name compared fields of the right kind.
 *
 * <p>Then one pass over the inputs does the rest ({@code DiffPlan}, {@code PreparedDiff}):
 *
 * <ol>
 *   <li>each side projects a struct of its key fields and one column per compared leaf (a path
 *       through records ending on a value, an array or a map), and is shuffled once by that key;
 *   <li>a window partitioned and ordered by the same key counts each key's rows and ranks them: it
 *       reuses the shuffle and the sort the join needs, so duplicate detection costs no extra
 *       exchange;
 *   <li>a full outer sort-merge join pairs the rows; struct equality treats null key parts as
 *       equal, so keys match null-safely;
 *   <li>projections compare every leaf ({@code Comparisons}: one {@code <=>} where possible, else
 *       records field by field, arrays element-wise or sorted, maps by key, numbers within
 *       tolerance), classify the key, and for differing keys compute deltas and render values
 *       ({@code Deltas});
 *   <li>only DIFFERENT keys carry their field values past the classification, so the rows of SAME
 *       keys stay narrow (no string is copied for them);
 *   <li>the key counts ride along as Spark observations ({@code Metrics}): one counter over every
 *       joined row, the rest over the rows that are not SAME (SAME is the rest of the total);
 *   <li>the pass writes nothing yet: it caches (persists) the {@code keys/} rows. Once it has run,
 *       the counts are known, so duplicated keys fail the diff before anything is written, and
 *       {@code keys/} is written from the cache in as many files as its size needs (one per million
 *       rows: a diff with a few thousand differing keys is one file, not one small file per shuffle
 *       partition, each with its own Parquet writer);
 *   <li>the field statistics (counts, extremes, central moments, approximate percentiles and
 *       histograms, examples) are one aggregation of the cached rows' differing fields, grouped by
 *       field, in a single task when there are at most two million (key, field) pairs (a shuffle
 *       would cost more than the work), else spread over the cluster. An earlier version computed
 *       them as observed aggregates too, one set of columns per field: that plan grew with the
 *       number of fields, and its code generation, task serialization and JIT compilation cost more
 *       than the join itself. The inputs are still read once.
 * </ol>
 *
 * <p>References: Ratatool's BigDiffy (diff types, per-field delta moments) and G-Research's
 * spark-extension Diff (one full outer join, comparators with tolerances).
 */
package dev.wick.bigdiff;
