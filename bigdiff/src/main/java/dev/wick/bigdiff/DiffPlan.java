package dev.wick.bigdiff;

import static org.apache.spark.sql.functions.array;
import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.filter;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.not;
import static org.apache.spark.sql.functions.row_number;
import static org.apache.spark.sql.functions.struct;
import static org.apache.spark.sql.functions.when;

import dev.wick.bigdiff.Alignment.KeyField;
import dev.wick.bigdiff.Alignment.Leaf;
import dev.wick.core.WickException;
import dev.wick.core.schema.FieldPath;
import dev.wick.core.schema.Schemas;
import dev.wick.core.spark.Columns;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Observation;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.expressions.Window;
import org.apache.spark.sql.expressions.WindowSpec;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.NumericType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;

/**
 * The diff as one Spark plan: each side is shuffled once by key, a full outer sort-merge join on
 * the key pairs the rows, and projections compare every leaf, classify the key, and compute deltas
 * and rendered values for the keys that differ.
 *
 * <p>A plan comes in two kinds, which differ only in how they treat duplicated keys:
 *
 * <ul>
 *   <li>{@link #countingDuplicates} counts each key's rows per side with a window over the same
 *       partitioning and order the join needs (no extra shuffle or sort), classifies duplicated
 *       keys as {@link Classification#DUPLICATE} and leaves them out of the counts. The window
 *       buffers and copies every row, which is why the plan below is the default.
 *   <li>{@link #assumingUniqueKeys} has no window: it counts each side's rows as they are read, so
 *       that the caller can check afterwards that no key was duplicated (see {@link PreparedDiff}),
 *       and runs the counting plan only when one was.
 * </ul>
 *
 * <p>Keys match null-safely: the join key is a struct of the key fields, and struct equality treats
 * null parts as equal.
 */
final class DiffPlan {
  // Column names inside the plan; the outputs never show them.
  static final String DIFF = "diff";
  static final String DUP_LHS = "dup_l";
  static final String DUP_RHS = "dup_r";
  static final String COUNT_LHS = Side.LHS.rows();
  static final String COUNT_RHS = Side.RHS.rows();
  static final String REPRESENTATIVE = "rep";
  static final String KEY_HAS_NULL = "key_null";

  /** The element type of the {@code fields} column of {@code keys/}. */
  static final StructType FIELD_DIFF =
      new StructType()
          .add("field", DataTypes.StringType, false)
          .add("left", DataTypes.StringType, true)
          .add("right", DataTypes.StringType, true)
          .add("delta", DataTypes.DoubleType, true);

  /**
   * The two inputs, and the one place that names the columns each contributes to the joined rows:
   * its key values, the values of the compared leaves, its rows per key and whether a key is on it.
   */
  enum Side {
    LHS("l"),
    RHS("r");

    private final String tag;

    Side(String tag) {
      this.tag = tag;
    }

    /** A key field's value on this side, nulls replaced by a constant. */
    String keyValue(int key) {
      return "kv_" + tag + "_" + key;
    }

    /** Whether a key field is null on this side (only for nullable key fields). */
    String keyNull(int key) {
      return "kn_" + tag + "_" + key;
    }

    /** A compared leaf's value on this side, projected to the compared type. */
    String leaf(int leaf) {
      return tag + "_" + leaf;
    }

    /** The rows a key has on this side (0 when it is not on it). */
    String rows() {
      return "n_" + tag;
    }

    /** A row's rank among its key's rows on this side. */
    String rank() {
      return "rn_" + tag;
    }

    /** Whether the key is on this side. */
    String present() {
      return "in_" + tag;
    }
  }

  final Alignment alignment;
  final DiffOptions options;

  /** Whether each key's rows are counted per side (else every key is taken to be unique). */
  private final boolean countsDuplicates;

  private final Dataset<Row> classified;

  /** The plan that counts each key's rows per side and classifies duplicated keys apart. */
  static DiffPlan countingDuplicates(
      Dataset<Row> lhs, Dataset<Row> rhs, Alignment alignment, DiffOptions options) {
    return new DiffPlan(lhs, rhs, alignment, options, null, null);
  }

  /**
   * The plan that takes every key to occur at most once per side, and observes the rows each side
   * has into {@code lhsRows} and {@code rhsRows} (one column, {@code rows}) so that this can be
   * checked: if a key occurs on both sides, it is unique iff each side's rows equal the joined rows
   * that side is in.
   */
  static DiffPlan assumingUniqueKeys(
      Dataset<Row> lhs,
      Dataset<Row> rhs,
      Alignment alignment,
      DiffOptions options,
      Observation lhsRows,
      Observation rhsRows) {
    return new DiffPlan(
        lhs,
        rhs,
        alignment,
        options,
        Objects.requireNonNull(lhsRows, "lhsRows"),
        Objects.requireNonNull(rhsRows, "rhsRows"));
  }

  private DiffPlan(
      Dataset<Row> lhs,
      Dataset<Row> rhs,
      Alignment alignment,
      DiffOptions options,
      Observation lhsRows,
      Observation rhsRows) {
    this.alignment = alignment;
    this.options = options;
    this.countsDuplicates = lhsRows == null;
    Dataset<Row> l = side(lhs, Side.LHS, lhsRows);
    Dataset<Row> r = side(rhs, Side.RHS, rhsRows);
    Column on = lit(true);
    for (int j = 0; j < alignment.keys.size(); j++) {
      on = on.and(col(Side.LHS.keyValue(j)).equalTo(col(Side.RHS.keyValue(j))));
      if (alignment.keys.get(j).nullable()) {
        on = on.and(col(Side.LHS.keyNull(j)).equalTo(col(Side.RHS.keyNull(j))));
      }
    }
    Dataset<Row> joined = l.join(r, on, "full_outer");
    this.classified = classify(compare(joined));
  }

  /** A key field's value after the join (from whichever side has the key). */
  static String key(int key) {
    return "key_" + key;
  }

  /** The key as one struct, named as in {@code keys/}: for examples in the statistics. */
  static Column keyStruct(Alignment alignment) {
    List<Column> parts = new ArrayList<>();
    for (int j = 0; j < alignment.keys.size(); j++) {
      parts.add(col(key(j)).as(alignment.keys.get(j).column()));
    }
    return struct(parts.toArray(new Column[0]));
  }

  static String left(int leaf) {
    return Side.LHS.leaf(leaf);
  }

  static String right(int leaf) {
    return Side.RHS.leaf(leaf);
  }

  static String equal(int leaf) {
    return "eq_" + leaf;
  }

  static String differs(int leaf) {
    return "d_" + leaf;
  }

  static String delta(int leaf) {
    return "delta_" + leaf;
  }

  static String leftText(int leaf) {
    return "lt_" + leaf;
  }

  static String rightText(int leaf) {
    return "rt_" + leaf;
  }

  /**
   * One side: the key columns and the leaf values; then either the count and rank of rows per key
   * or, when {@code rows} is given, the side's rows observed into it.
   */
  private Dataset<Row> side(Dataset<Row> in, Side s, Observation rows) {
    List<Column> cols = new ArrayList<>();
    List<Column> keyColumns = new ArrayList<>();
    for (int j = 0; j < alignment.keys.size(); j++) {
      KeyField k = alignment.keys.get(j);
      Column v = Columns.column(k.path());
      DataType target = Schemas.toSpark(k.type(), k.path().toString());
      if (!sparkType(in.schema(), k.path()).catalogString().equals(target.catalogString())) {
        v = v.cast(target);
      }
      cols.add((k.nullable() ? coalesce(v, placeholder(target, k)) : v).as(s.keyValue(j)));
      keyColumns.add(col(s.keyValue(j)));
      if (k.nullable()) {
        cols.add(v.isNull().as(s.keyNull(j)));
        keyColumns.add(col(s.keyNull(j)));
      }
    }
    List<Leaf> leaves = alignment.leaves;
    for (int i = 0; i < leaves.size(); i++) {
      Leaf leaf = leaves.get(i);
      Column v = Columns.column(leaf.path());
      Column value =
          leaf.presence()
              ? v.isNull()
              : Comparisons.project(
                  v,
                  s == Side.LHS ? leaf.lhsType() : leaf.rhsType(),
                  leaf.type(),
                  sparkType(in.schema(), leaf.path()),
                  leaf.name());
      cols.add(value.as(s.leaf(i)));
    }
    Dataset<Row> projected = in.select(cols.toArray(new Column[0]));
    if (rows != null) {
      return projected.observe(rows, count(lit(1)).as("rows"));
    }
    // One window spec (same partitioning and order as the join needs): one sort, no shuffle.
    Column[] keys = keyColumns.toArray(new Column[0]);
    WindowSpec byKey = Window.partitionBy(keys).orderBy(keys);
    WindowSpec wholeKey =
        byKey.rowsBetween(Window.unboundedPreceding(), Window.unboundedFollowing());
    return projected.select(
        col("*"), count(lit(1)).over(wholeKey).as(s.rows()), row_number().over(byKey).as(s.rank()));
  }

  /** The constant that stands for null in a nullable key field's join column. */
  private static Column placeholder(DataType type, KeyField k) {
    if (type instanceof StringType) {
      return lit("");
    } else if (type instanceof BinaryType) {
      return lit(new byte[0]);
    } else if (type instanceof BooleanType) {
      return lit(false);
    } else if (type instanceof NumericType) {
      return lit(0).cast(type);
    } else if (type instanceof DateType
        || type instanceof TimestampType
        || type instanceof TimestampNTZType) {
      return lit("1970-01-01").cast(type);
    }
    throw WickException.usage(
        "Key field '"
            + k.path()
            + "' has the type "
            + k.type().describe()
            + ", which cannot be a key; use a number, string, boolean, date, timestamp or bytes.");
  }

  /** The Spark type at a path through structs. */
  private static DataType sparkType(StructType schema, FieldPath path) {
    DataType t = schema;
    for (FieldPath.Step step : path.steps()) {
      t = ((StructType) t).apply(step.name()).dataType();
    }
    return t;
  }

  /** Adds the per-leaf equality flags to the joined rows. */
  private Dataset<Row> compare(Dataset<Row> joined) {
    List<Column> cols = new ArrayList<>();
    Column inLeft = col(Side.LHS.keyValue(0)).isNotNull();
    Column inRight = col(Side.RHS.keyValue(0)).isNotNull();
    cols.add(inLeft.as(Side.LHS.present()));
    cols.add(inRight.as(Side.RHS.present()));
    for (int j = 0; j < alignment.keys.size(); j++) {
      cols.add(when(inLeft, keyOf(Side.LHS, j)).otherwise(keyOf(Side.RHS, j)).as(key(j)));
    }
    if (countsDuplicates) {
      cols.add(coalesce(col(Side.LHS.rows()), lit(0L)).as(COUNT_LHS));
      cols.add(coalesce(col(Side.RHS.rows()), lit(0L)).as(COUNT_RHS));
      cols.add(
          coalesce(col(Side.LHS.rank()), lit(1))
              .equalTo(lit(1))
              .and(coalesce(col(Side.RHS.rank()), lit(1)).equalTo(lit(1)))
              .as(REPRESENTATIVE));
    } else {
      // Every key taken as unique: one row per side it is on, and every row represents its key.
      cols.add(when(inLeft, lit(1L)).otherwise(lit(0L)).as(COUNT_LHS));
      cols.add(when(inRight, lit(1L)).otherwise(lit(0L)).as(COUNT_RHS));
      cols.add(lit(true).as(REPRESENTATIVE));
    }
    List<Leaf> leaves = alignment.leaves;
    for (int i = 0; i < leaves.size(); i++) {
      Leaf leaf = leaves.get(i);
      cols.add(col(left(i)));
      cols.add(col(right(i)));
      Column eq =
          leaf.presence()
              ? col(left(i)).eqNullSafe(col(right(i)))
              : Comparisons.equal(
                  col(left(i)), col(right(i)), leaf.type(), leaf.path(), alignment.rules);
      cols.add(eq.as(equal(i)));
    }
    return joined.select(cols.toArray(new Column[0]));
  }

  /** The key field's value on one side, null restored. */
  private Column keyOf(Side side, int j) {
    return alignment.keys.get(j).nullable()
        ? when(not(col(side.keyNull(j))), col(side.keyValue(j)))
        : col(side.keyValue(j));
  }

  /** Adds the classification, duplicate flags and the null-key flag. */
  private Dataset<Row> classify(Dataset<Row> compared) {
    List<Column> eqs = new ArrayList<>();
    for (int i = 0; i < alignment.leaves.size(); i++) {
      eqs.add(col(equal(i)));
    }
    Column dupL = countsDuplicates ? col(COUNT_LHS).gt(lit(1L)) : lit(false);
    Column dupR = countsDuplicates ? col(COUNT_RHS).gt(lit(1L)) : lit(false);
    Column diff =
        when(dupL.or(dupR), Classification.DUPLICATE.literal())
            .when(not(col(Side.LHS.present())), Classification.MISSING_LHS.literal())
            .when(not(col(Side.RHS.present())), Classification.MISSING_RHS.literal())
            .when(Comparisons.and(eqs), Classification.SAME.literal())
            .otherwise(Classification.DIFFERENT.literal());
    Column keyNull = lit(false);
    for (int j = 0; j < alignment.keys.size(); j++) {
      keyNull = keyNull.or(col(key(j)).isNull());
    }
    Dataset<Row> flagged =
        compared.select(
            col("*"), diff.as(DIFF), dupL.as(DUP_LHS), dupR.as(DUP_RHS), keyNull.as(KEY_HAS_NULL));
    // Only DIFFERENT keys show field values; the others carry nulls from here on, so that the
    // rows of the (typically many) SAME keys stay narrow: no string is copied for them.
    Column different = Classification.DIFFERENT.is(col(DIFF));
    Set<String> values = new HashSet<>();
    for (int i = 0; i < alignment.leaves.size(); i++) {
      values.add(left(i));
      values.add(right(i));
    }
    List<Column> cols = new ArrayList<>();
    for (String c : flagged.columns()) {
      cols.add(values.contains(c) ? when(different, col(c)).as(c) : col(c));
    }
    return flagged.select(cols.toArray(new Column[0]));
  }

  /**
   * Every joined row with its {@link Classification} ({@code DUPLICATE} for duplicated keys); field
   * values are kept only on DIFFERENT rows.
   */
  Dataset<Row> classified() {
    return classified;
  }

  /**
   * The rows the statistics need to see: the keys that are not SAME, and the SAME ones with a null
   * key part (counted as null keys). With {@code includeSame}, every row.
   */
  static Dataset<Row> notSame(Dataset<Row> classified, boolean includeSame) {
    return includeSame
        ? classified
        : classified.filter(not(Classification.SAME.is(col(DIFF))).or(col(KEY_HAS_NULL)));
  }

  /** The rows {@code keys/} holds: the differing keys, or every classified key. */
  static Dataset<Row> selectKeys(Dataset<Row> classified, boolean includeSame) {
    Column keep =
        includeSame
            ? not(Classification.DUPLICATE.is(col(DIFF)))
            : Classification.isAny(
                col(DIFF),
                Classification.DIFFERENT,
                Classification.MISSING_LHS,
                Classification.MISSING_RHS);
    return classified.filter(keep);
  }

  /** Adds, per leaf, whether it differs, its delta and both values as text (when it differs). */
  Dataset<Row> detail(Dataset<Row> kept) {
    List<Column> first = new ArrayList<>();
    List<Column> second = new ArrayList<>();
    for (int j = 0; j < alignment.keys.size(); j++) {
      first.add(col(key(j)));
      second.add(col(key(j)));
    }
    first.add(col(DIFF));
    second.add(col(DIFF));
    Column different = Classification.DIFFERENT.is(col(DIFF));
    List<Leaf> leaves = alignment.leaves;
    for (int i = 0; i < leaves.size(); i++) {
      Leaf leaf = leaves.get(i);
      Column d = col(differs(i));
      first.add(different.and(not(col(equal(i)))).as(differs(i)));
      first.add(col(left(i)));
      first.add(col(right(i)));
      second.add(d);
      // The raw delta gets its own projection: the finiteness check reads it three times.
      second.add(when(d, Deltas.finite(col(delta(i)))).as(delta(i)));
      second.add(when(d, Deltas.render(col(left(i)), leaf)).as(leftText(i)));
      second.add(when(d, Deltas.render(col(right(i)), leaf)).as(rightText(i)));
    }
    Dataset<Row> flagged = kept.select(first.toArray(new Column[0]));
    List<Column> raw = new ArrayList<>(List.of(col("*")));
    for (int i = 0; i < leaves.size(); i++) {
      raw.add(
          when(
                  col(differs(i)),
                  Deltas.delta(col(left(i)), col(right(i)), leaves.get(i), alignment.rules))
              .as(delta(i)));
    }
    return flagged.select(raw.toArray(new Column[0])).select(second.toArray(new Column[0]));
  }

  /** The {@code keys/} output: key fields, {@code diff}, and the list of differing fields. */
  Dataset<Row> keysOutput(Dataset<Row> detailed) {
    List<Column> cols = new ArrayList<>();
    for (int j = 0; j < alignment.keys.size(); j++) {
      cols.add(col(key(j)).as(alignment.keys.get(j).column()));
    }
    cols.add(col(DIFF));
    List<Column> items = new ArrayList<>();
    List<Leaf> leaves = alignment.leaves;
    for (int i = 0; i < leaves.size(); i++) {
      items.add(
          when(
              col(differs(i)),
              struct(
                  lit(leaves.get(i).name()).as("field"),
                  col(leftText(i)).as("left"),
                  col(rightText(i)).as("right"),
                  col(delta(i)).as("delta"))));
    }
    Column fields =
        items.isEmpty()
            ? array().cast(DataTypes.createArrayType(FIELD_DIFF))
            : filter(array(items.toArray(new Column[0])), x -> x.isNotNull());
    cols.add(fields.as("fields"));
    return detailed.select(cols.toArray(new Column[0]));
  }

  /** The duplicated keys with their row counts per side (one row per key). */
  Dataset<Row> duplicates() {
    List<Column> cols = new ArrayList<>();
    for (int j = 0; j < alignment.keys.size(); j++) {
      cols.add(col(key(j)).as(alignment.keys.get(j).column()));
    }
    cols.add(col(COUNT_LHS).as("countLhs"));
    cols.add(col(COUNT_RHS).as("countRhs"));
    return classified
        .filter(col(REPRESENTATIVE).and(Classification.DUPLICATE.is(col(DIFF))))
        .select(cols.toArray(new Column[0]));
  }
}
