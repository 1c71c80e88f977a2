package dev.wick.bigdiff;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.greatest;
import static org.apache.spark.sql.functions.least;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.struct;
import static org.apache.spark.sql.functions.sum;
import static org.apache.spark.sql.functions.to_json;
import static org.apache.spark.sql.functions.when;

import dev.wick.core.WickException;
import dev.wick.core.schema.Field;
import dev.wick.core.schema.FieldPath;
import dev.wick.core.spark.Columns;
import dev.wick.core.spark.Observations;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Observation;
import org.apache.spark.sql.Row;

/**
 * A diff without key fields: both sides as multisets of rows. Each side's rows are projected to the
 * compared fields (their common part, in the common types), tagged with their side, and one
 * aggregation over the union counts each distinct row per side: a single shuffle, with partial
 * aggregation before it. A row that occurs m times on the left and n on the right matches min(m, n)
 * times (SAME), and its other |m - n| copies are on one side only; nothing is collected but the
 * counts and a few examples.
 *
 * <p>In the counts, a "key" is one row copy: {@code same} the matched copies, {@code missingRhs}
 * the copies only in the left, {@code missingLhs} those only in the right, {@code total} their sum,
 * {@code lhsKeys} and {@code rhsKeys} each side's rows.
 */
final class KeylessDiff {
  /** Examples of each side's own rows that the summary keeps. */
  static final int EXAMPLES = 3;

  static final String COUNT = "count";
  private static final String LHS = "_wick_lhs";
  private static final String RHS = "_wick_rhs";

  private final Dataset<Row> lhs;
  private final Dataset<Row> rhs;
  private final Alignment alignment;

  KeylessDiff(Dataset<Row> lhs, Dataset<Row> rhs, Alignment alignment) {
    this.lhs = lhs;
    this.rhs = rhs;
    this.alignment = alignment;
  }

  /** Refuses the settings that need key fields: a keyless diff compares whole rows exactly. */
  static void check(DiffOptions o) {
    List<String> refused = new ArrayList<>();
    if (!o.rules().unordered().isEmpty() || !o.rules().elementKeys().isEmpty()) {
      refused.add("unordered arrays");
    }
    if (!o.rules().builtins(AbsoluteTolerance.class).isEmpty()
        || !o.rules().builtins(RelativeTolerance.class).isEmpty()
        || !o.rules().builtins(TimeTolerance.class).isEmpty()) {
      refused.add("tolerances");
    }
    if (!o.rules().builtins(IgnoreCase.class).isEmpty()
        || !o.rules().builtins(TrimWhitespace.class).isEmpty()) {
      refused.add("text rules");
    }
    if (!o.rules().fieldComparators().isEmpty() || !o.rules().byType().isEmpty()) {
      refused.add("comparators");
    }
    if (!o.rules().nanEqual()) {
      refused.add("NaN unequal to NaN");
    }
    if (o.selection().sample().isPresent()) {
      refused.add("a sample (which picks rows by key)");
    }
    if (o.includeSame()) {
      refused.add("listing SAME keys");
    }
    if (!refused.isEmpty()) {
      throw WickException.usage(
          "A diff without key fields compares whole rows as they are, so it cannot apply "
              + String.join(", ", refused)
              + "; name the key fields to use them.");
    }
  }

  /** The top-level compared fields (a nested record is one field here). */
  private List<Field> fields() {
    List<Field> out = alignment.common.fields();
    for (Field f : out) {
      if (Rules.contains(f.type(), t -> t instanceof dev.wick.core.schema.DataType.MapType)) {
        throw WickException.usage(
            "Field '"
                + f.name()
                + "' holds a map, which a diff without key fields cannot match rows by; ignore it"
                + " or name the key fields.");
      }
    }
    if (out.isEmpty()) {
      throw WickException.usage(
          "The two sides have no field in common to compare; check the inputs.");
    }
    return out;
  }

  /** One side's compared fields, in the common types, and its tag. */
  private Dataset<Row> side(Dataset<Row> in, boolean left) {
    List<Column> cols = new ArrayList<>();
    for (Field f : fields()) {
      FieldPath path = FieldPath.of(f.name());
      cols.add(
          Comparisons.project(
                  Columns.column(path),
                  sideType(in, path),
                  f.type(),
                  in.schema().apply(f.name()).dataType(),
                  f.name())
              .as(f.name()));
    }
    cols.add(lit(left ? 1L : 0L).as(LHS));
    cols.add(lit(left ? 0L : 1L).as(RHS));
    return in.select(cols.toArray(new Column[0]));
  }

  private static dev.wick.core.schema.DataType sideType(Dataset<Row> data, FieldPath path) {
    return dev.wick.core.schema.Schemas.fromSpark(data.schema(), "side").resolve(path).type();
  }

  /** The rows that differ: the compared fields, {@code diff} and how many copies are one-sided. */
  Dataset<Row> rows(Observation counts) {
    Column[] fields =
        fields().stream().map(f -> col(Columns.quote(f.name()))).toArray(Column[]::new);
    Dataset<Row> grouped =
        side(lhs, true)
            .unionByName(side(rhs, false))
            .groupBy(fields)
            .agg(sum(col(LHS)).as(LHS), sum(col(RHS)).as(RHS));
    Column l = col(LHS);
    Column r = col(RHS);
    if (counts != null) {
      grouped =
          grouped.observe(
              counts,
              sum(least(l, r)).as("same"),
              sum(greatest(l.minus(r), lit(0L))).as("onlyLhs"),
              sum(greatest(r.minus(l), lit(0L))).as("onlyRhs"),
              sum(l).as("lhsRows"),
              sum(r).as("rhsRows"));
    }
    List<Column> out = new ArrayList<>(List.of(fields));
    out.add(
        when(l.gt(r), Classification.MISSING_RHS.literal())
            .otherwise(Classification.MISSING_LHS.literal())
            .as(DiffPlan.DIFF.name()));
    out.add(greatest(l.minus(r), r.minus(l)).as(COUNT));
    return grouped.filter(l.notEqual(r)).select(out.toArray(new Column[0]));
  }

  /** The outcome of the one pass: the differing rows (kept), the counts and a few examples. */
  record Result(Dataset<Row> rows, GlobalCounts counts, List<RowExample> examples) {}

  /** Runs the pass, keeps the differing rows (a local checkpoint) and reads the counts. */
  Result run() {
    Observation counts = new Observation("wick_diff_keyless");
    Dataset<Row> rows = rows(counts).localCheckpoint(true);
    Row c = Observations.row(counts);
    long same = longOf(c, "same");
    long onlyLhs = longOf(c, "onlyLhs");
    long onlyRhs = longOf(c, "onlyRhs");
    GlobalCounts g =
        new GlobalCounts(
            same + onlyLhs + onlyRhs,
            same,
            0,
            onlyRhs,
            onlyLhs,
            0,
            0,
            0,
            0,
            longOf(c, "lhsRows"),
            longOf(c, "rhsRows"));
    List<RowExample> examples = new ArrayList<>();
    if (onlyLhs + onlyRhs > 0) {
      examples.addAll(examples(rows, Classification.MISSING_RHS, DiffType.MISSING_RHS));
      examples.addAll(examples(rows, Classification.MISSING_LHS, DiffType.MISSING_LHS));
    }
    return new Result(rows, g, examples);
  }

  /** A count of the observation, 0 when Spark optimized it away (an empty side). */
  private static long longOf(Row c, String name) {
    if (c.size() == 0 || c.isNullAt(c.fieldIndex(name))) {
      return 0;
    }
    return c.getLong(c.fieldIndex(name));
  }

  private List<RowExample> examples(Dataset<Row> rows, Classification c, DiffType type) {
    Column[] fields =
        fields().stream().map(f -> col(Columns.quote(f.name()))).toArray(Column[]::new);
    List<RowExample> out = new ArrayList<>();
    for (Row r :
        rows.filter(c.is(DiffPlan.DIFF.col()))
            .select(to_json(struct(fields)).as("row"), col(COUNT))
            .limit(EXAMPLES)
            .collectAsList()) {
      out.add(new RowExample(type, r.getString(0), r.getLong(1)));
    }
    return out;
  }
}
