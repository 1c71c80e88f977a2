/**
 * Keyed diffs of two datasets with field-level statistics: {@link dev.wick.bigdiff.BigDiff} is the
 * entry point, {@link dev.wick.bigdiff.DiffSummary} the outcome.
 *
 * <h2>How a diff runs</h2>
 *
 * <p>Everything that can be checked on the schemas is checked first ({@code Alignment}): key fields
 * resolve on both sides with the same type, compared fields are the common part of both schemas,
 * and the tolerance and unordered rules name compared fields of the right kind. What differs is a
 * schema change ({@link dev.wick.bigdiff.SchemaDifference}), found without touching data: fields on
 * one side only (with likely renames) are reported and not compared, a type that widens without
 * loss ({@code Widening}) is compared in the wider type, an incompatible type is reported and not
 * compared, and nullability changes are reported. Each fails the gate ({@link
 * dev.wick.bigdiff.DiffSummary#gate}) unless schema changes are allowed.
 *
 * <p>Then one pass over the inputs does the rest ({@code DiffPlan}, {@code PreparedDiff}):
 *
 * <ol>
 *   <li>each side projects a struct of its key fields and one column per compared leaf (a path
 *       through records ending on a value, an array or a map), counts its rows as they are read,
 *       and is shuffled once by that key;
 *   <li>a full outer sort-merge join pairs the rows; struct equality treats null key parts as
 *       equal, so keys match null-safely;
 *   <li>projections compare every leaf ({@code Comparisons}: one {@code <=>} where possible, else
 *       records field by field, arrays element-wise or sorted, maps by key, numbers within
 *       tolerance), classify the key, and for differing keys compute deltas and render values
 *       ({@code DeltaExpressions});
 *   <li>only DIFFERENT keys carry their field values past the classification, so the rows of SAME
 *       keys stay narrow (no string is copied for them);
 *   <li>the key counts ride along as Spark observations ({@code Metrics}): one counter over every
 *       joined row, the rest over the rows that are not SAME (SAME is the rest of the total);
 *   <li>the pass writes nothing yet: it keeps the {@code keys/} rows (a local checkpoint, so that
 *       the queries after it plan over a small leaf instead of the whole pass). Once it has run,
 *       the counts are known, so duplicated keys fail the diff before anything is written;
 *   <li>then, side by side: {@code keys/} is written from the kept rows in as many files as its
 *       size needs (one per million rows: a diff with a few thousand differing keys is one file,
 *       not one small file per shuffle partition, each with its own Parquet writer), and the field
 *       statistics (counts, extremes, central moments, approximate percentiles and histograms,
 *       examples) are one aggregation of the kept rows' differing fields, grouped by field, in a
 *       single task when there are at most two million (key, field) pairs (a shuffle would cost
 *       more than the work), else spread over the cluster. That aggregation's plan has the same
 *       size however many fields are compared, and the inputs are read once. Which statistics it
 *       computes is declared once, in {@link dev.wick.bigdiff.DeltaStatistic}.
 * </ol>
 *
 * <h2>Duplicated keys</h2>
 *
 * <p>Keys are nearly always unique, and counting each key's rows costs a window per side, which
 * buffers and copies every row. So the pass above takes keys to be unique and checks afterwards
 * that they were: a key on both sides with m rows on the left and n on the right joins into m * n
 * rows, so every such key is unique iff each side's rows equal the joined rows that side is in; a
 * key on one side only appears once per row among the MISSING keys, which are kept, so one small
 * aggregation of those finds a repeat. Only if some key repeats does the pass run again with the
 * plan that counts each key's rows per side ({@code DiffPlan.countingDuplicates}), which gives the
 * error its examples or, with {@link dev.wick.bigdiff.DuplicateKeys#REPORT}, classifies the rest
 * without the duplicated keys (a report starts with that plan).
 *
 * <h2>Deeper comparisons</h2>
 *
 * <p>An array of records can match its elements by an element key ({@link
 * dev.wick.bigdiff.BigDiff#unorderedBy}, {@code ElementMatch}): inside the same pass, higher-order
 * functions pair each left element with the right element of the same key, report one-sided
 * elements and differing element fields, and refuse (as DIFFERENT, with the reason) arrays whose
 * element keys are null or repeated. Comparators (the user's {@link
 * dev.wick.bigdiff.FieldComparator}s and the built-in tolerances, text rules and NaN inequality,
 * each a {@code Builtin}) are Catalyst expressions that {@code Rules} picks per value: the field's
 * own, else the built-ins set nearest above it, else its type's. Without key fields ({@code
 * KeylessDiff}) the sides are multisets of rows: one aggregation over their union counts each row
 * per side. With {@link dev.wick.bigdiff.BigDiff#sample} both sides keep the keys the sampler's key
 * hash keeps, and {@link dev.wick.bigdiff.SampleBounds} bounds the shares.
 *
 * <p>References: Ratatool's BigDiffy (diff types, per-field delta moments) and G-Research's
 * spark-extension Diff (one full outer join, comparators with tolerances).
 */
package dev.wick.bigdiff;
