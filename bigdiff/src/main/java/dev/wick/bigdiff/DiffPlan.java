package dev.wick.bigdiff;

import static org.apache.spark.sql.functions.array;
import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.filter;
import static org.apache.spark.sql.functions.flatten;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.not;
import static org.apache.spark.sql.functions.row_number;
import static org.apache.spark.sql.functions.size;
import static org.apache.spark.sql.functions.struct;
import static org.apache.spark.sql.functions.when;

import dev.wick.bigdiff.Alignment.KeyField;
import dev.wick.bigdiff.Alignment.KeyedArray;
import dev.wick.bigdiff.Alignment.Leaf;
import dev.wick.core.WickException;
import dev.wick.core.schema.FieldPath;
import dev.wick.core.schema.Schemas;
import dev.wick.core.spark.Columns;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
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
 *
 * <p>One concept past 500 lines: the one Spark plan of a diff (join, classification, per-field
 * flags and deltas in one pass); splitting it would split a single query across files.
 */
final class DiffPlan {
  static final PlanColumn DIFF = new PlanColumn("diff");
  static final PlanColumn DUP_LHS = new PlanColumn("dup_l");
  static final PlanColumn DUP_RHS = new PlanColumn("dup_r");
  static final PlanColumn COUNT_LHS = Side.LHS.rows();
  static final PlanColumn COUNT_RHS = Side.RHS.rows();
  static final PlanColumn REPRESENTATIVE = new PlanColumn("rep");
  static final PlanColumn KEY_HAS_NULL = new PlanColumn("key_null");
  static final PlanColumn ROW = new PlanColumn("row_of_missing");

  /** The element type of the {@code fields} column of {@code keys/}. */
  static final StructType FIELD_DIFF =
      new StructType()
          .add("field", DataTypes.StringType, false)
          .add("left", DataTypes.StringType, true)
          .add("right", DataTypes.StringType, true)
          .add("delta", DataTypes.DoubleType, true)
          .add("element", DataTypes.StringType, true)
          .add("lowerBound", DataTypes.BooleanType, true);

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
    private PlanColumn keyValue(int key) {
      return new PlanColumn("kv_" + tag + "_" + key);
    }

    /** Whether a key field is null on this side (only for nullable key fields). */
    private PlanColumn keyNull(int key) {
      return new PlanColumn("kn_" + tag + "_" + key);
    }

    /** A compared leaf's value on this side, projected to the compared type. */
    private PlanColumn leaf(int leaf) {
      return new PlanColumn(tag + "_" + leaf);
    }

    /** The rows a key has on this side (0 when it is not on it). */
    PlanColumn rows() {
      return new PlanColumn("n_" + tag);
    }

    /** A row's rank among its key's rows on this side. */
    PlanColumn rank() {
      return new PlanColumn("rn_" + tag);
    }

    /** Whether the key is on this side. */
    PlanColumn present() {
      return new PlanColumn("in_" + tag);
    }
  }

  /**
   * The plan's columns of one key field: its value and null flag on each side before the join, and
   * its value after it (from whichever side has the key).
   */
  record KeyColumns(
      KeyField field,
      PlanColumn lhsValue,
      PlanColumn rhsValue,
      PlanColumn lhsNull,
      PlanColumn rhsNull,
      PlanColumn value) {
    static List<KeyColumns> of(Alignment alignment) {
      List<KeyColumns> out = new ArrayList<>();
      for (int j = 0; j < alignment.keys.size(); j++) {
        out.add(
            new KeyColumns(
                alignment.keys.get(j),
                Side.LHS.keyValue(j),
                Side.RHS.keyValue(j),
                Side.LHS.keyNull(j),
                Side.RHS.keyNull(j),
                new PlanColumn("key_" + j)));
      }
      return List.copyOf(out);
    }

    PlanColumn value(Side side) {
      return side == Side.LHS ? lhsValue : rhsValue;
    }

    PlanColumn isNull(Side side) {
      return side == Side.LHS ? lhsNull : rhsNull;
    }
  }

  /**
   * The plan's columns of one compared leaf: its value on each side, whether both are equal,
   * whether it differs on a DIFFERENT key, its delta, and both values as text.
   */
  record LeafColumns(
      Leaf leaf,
      PlanColumn lhs,
      PlanColumn rhs,
      PlanColumn equal,
      PlanColumn differs,
      PlanColumn delta,
      PlanColumn bound,
      PlanColumn lhsText,
      PlanColumn rhsText,
      PlanColumn elements,
      PlanColumn problem) {
    static List<LeafColumns> of(Alignment alignment) {
      List<LeafColumns> out = new ArrayList<>();
      for (int i = 0; i < alignment.leaves.size(); i++) {
        out.add(
            new LeafColumns(
                alignment.leaves.get(i),
                Side.LHS.leaf(i),
                Side.RHS.leaf(i),
                new PlanColumn("eq_" + i),
                new PlanColumn("d_" + i),
                new PlanColumn("delta_" + i),
                new PlanColumn("lb_" + i),
                new PlanColumn("lt_" + i),
                new PlanColumn("rt_" + i),
                new PlanColumn("el_" + i),
                new PlanColumn("pb_" + i)));
      }
      return List.copyOf(out);
    }

    PlanColumn value(Side side) {
      return side == Side.LHS ? lhs : rhs;
    }
  }

  final Alignment alignment;
  final DiffOptions options;
  private final List<KeyColumns> keys;
  private final List<LeafColumns> leaves;

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
    this.keys = KeyColumns.of(alignment);
    this.leaves = LeafColumns.of(alignment);
    Dataset<Row> l = side(lhs, Side.LHS, lhsRows);
    Dataset<Row> r = side(rhs, Side.RHS, rhsRows);
    Column on = lit(true);
    for (KeyColumns k : keys) {
      on = on.and(k.lhsValue().col().equalTo(k.rhsValue().col()));
      if (k.field().nullable()) {
        on = on.and(k.lhsNull().col().equalTo(k.rhsNull().col()));
      }
    }
    Dataset<Row> joined = l.join(r, on, "full_outer");
    this.classified = classify(compare(joined));
  }

  /** The key as one struct, named as in {@code keys/}: for examples in the statistics. */
  static Column keyStruct(Alignment alignment) {
    return struct(keysAsOutput(KeyColumns.of(alignment)).toArray(new Column[0]));
  }

  /** The key fields after the join, named as in {@code keys/}. */
  private static List<Column> keysAsOutput(List<KeyColumns> keys) {
    List<Column> out = new ArrayList<>();
    for (KeyColumns k : keys) {
      out.add(k.value().col().as(k.field().column()));
    }
    return out;
  }

  /**
   * One side: the key columns and the leaf values; then either the count and rank of rows per key
   * or, when {@code rows} is given, the side's rows observed into it.
   */
  private Dataset<Row> side(Dataset<Row> in, Side s, Observation rows) {
    List<Column> cols = new ArrayList<>();
    List<Column> keyColumns = new ArrayList<>();
    for (KeyColumns key : keys) {
      KeyField k = key.field();
      Column v = Columns.column(k.path());
      DataType target = Schemas.toSpark(k.type(), k.path().toString());
      if (!sparkType(in.schema(), k.path()).catalogString().equals(target.catalogString())) {
        v = v.cast(target);
      }
      cols.add(key.value(s).as(k.nullable() ? coalesce(v, placeholder(target, k)) : v));
      keyColumns.add(key.value(s).col());
      if (k.nullable()) {
        cols.add(key.isNull(s).as(v.isNull()));
        keyColumns.add(key.isNull(s).col());
      }
    }
    for (LeafColumns c : leaves) {
      Leaf leaf = c.leaf();
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
      cols.add(c.value(s).as(value));
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
        col("*"), s.rows().as(count(lit(1)).over(wholeKey)), s.rank().as(row_number().over(byKey)));
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
  static DataType sparkType(StructType schema, FieldPath path) {
    DataType t = schema;
    for (FieldPath.Step step : path.steps()) {
      t = ((StructType) t).apply(step.name()).dataType();
    }
    return t;
  }

  /** Adds the per-leaf equality flags to the joined rows. */
  private Dataset<Row> compare(Dataset<Row> joined) {
    List<Column> cols = new ArrayList<>();
    Column inLeft = keys.get(0).lhsValue().col().isNotNull();
    Column inRight = keys.get(0).rhsValue().col().isNotNull();
    cols.add(Side.LHS.present().as(inLeft));
    cols.add(Side.RHS.present().as(inRight));
    for (KeyColumns k : keys) {
      cols.add(k.value().as(when(inLeft, keyOf(Side.LHS, k)).otherwise(keyOf(Side.RHS, k))));
    }
    if (countsDuplicates) {
      cols.add(COUNT_LHS.as(coalesce(Side.LHS.rows().col(), lit(0L))));
      cols.add(COUNT_RHS.as(coalesce(Side.RHS.rows().col(), lit(0L))));
      cols.add(
          REPRESENTATIVE.as(
              coalesce(Side.LHS.rank().col(), lit(1))
                  .equalTo(lit(1))
                  .and(coalesce(Side.RHS.rank().col(), lit(1)).equalTo(lit(1)))));
    } else {
      // Every key taken as unique: one row per side it is on, and every row represents its key.
      cols.add(COUNT_LHS.as(when(inLeft, lit(1L)).otherwise(lit(0L))));
      cols.add(COUNT_RHS.as(when(inRight, lit(1L)).otherwise(lit(0L))));
      cols.add(REPRESENTATIVE.as(lit(true)));
    }
    for (LeafColumns c : leaves) {
      Leaf leaf = c.leaf();
      cols.add(c.lhs().col());
      cols.add(c.rhs().col());
      Column eq =
          leaf.presence()
              ? c.lhs().col().eqNullSafe(c.rhs().col())
              : Comparisons.equal(
                  c.lhs().col(), c.rhs().col(), leaf.type(), leaf.path(), alignment.rules);
      cols.add(c.equal().as(eq));
    }
    return joined.select(cols.toArray(new Column[0]));
  }

  /** The key field's value on one side, null restored. */
  private static Column keyOf(Side side, KeyColumns k) {
    return k.field().nullable()
        ? when(not(k.isNull(side).col()), k.value(side).col())
        : k.value(side).col();
  }

  /** Adds the classification, duplicate flags and the null-key flag. */
  private Dataset<Row> classify(Dataset<Row> compared) {
    List<Column> eqs = new ArrayList<>();
    for (LeafColumns c : leaves) {
      eqs.add(c.equal().col());
    }
    Column dupL = countsDuplicates ? COUNT_LHS.col().gt(lit(1L)) : lit(false);
    Column dupR = countsDuplicates ? COUNT_RHS.col().gt(lit(1L)) : lit(false);
    Column diff =
        when(dupL.or(dupR), Classification.DUPLICATE.literal())
            .when(not(Side.LHS.present().col()), Classification.MISSING_LHS.literal())
            .when(not(Side.RHS.present().col()), Classification.MISSING_RHS.literal())
            .when(Comparisons.and(eqs), Classification.SAME.literal())
            .otherwise(Classification.DIFFERENT.literal());
    Column keyNull = lit(false);
    for (KeyColumns k : keys) {
      keyNull = keyNull.or(k.value().col().isNull());
    }
    Dataset<Row> flagged =
        compared.select(
            col("*"), DIFF.as(diff), DUP_LHS.as(dupL), DUP_RHS.as(dupR), KEY_HAS_NULL.as(keyNull));
    // Only DIFFERENT keys show field values; the others carry nulls from here on, so that the
    // rows of the (typically many) SAME keys stay narrow: no string is copied for them.
    // MISSING keys keep them too: keys/ shows the row that exists.
    Column different =
        Classification.isAny(
            DIFF.col(),
            Classification.DIFFERENT,
            Classification.MISSING_LHS,
            Classification.MISSING_RHS);
    Set<PlanColumn> values = new HashSet<>();
    for (LeafColumns c : leaves) {
      values.add(c.lhs());
      values.add(c.rhs());
    }
    List<Column> cols = new ArrayList<>();
    for (String name : flagged.columns()) {
      PlanColumn c = new PlanColumn(name);
      cols.add(values.contains(c) ? c.as(when(different, c.col())) : c.col());
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
        : classified.filter(not(Classification.SAME.is(DIFF.col())).or(KEY_HAS_NULL.col()));
  }

  /** The rows {@code keys/} holds: the differing keys, or every classified key. */
  static Dataset<Row> selectKeys(Dataset<Row> classified, boolean includeSame) {
    Column keep =
        includeSame
            ? not(Classification.DUPLICATE.is(DIFF.col()))
            : Classification.isAny(
                DIFF.col(),
                Classification.DIFFERENT,
                Classification.MISSING_LHS,
                Classification.MISSING_RHS);
    return classified.filter(keep);
  }

  /** Adds, per leaf, whether it differs, its delta and both values as text (when it differs). */
  Dataset<Row> detail(Dataset<Row> kept) {
    List<Column> first = new ArrayList<>();
    List<Column> second = new ArrayList<>();
    for (KeyColumns k : keys) {
      first.add(k.value().col());
      second.add(k.value().col());
    }
    first.add(DIFF.col());
    second.add(DIFF.col());
    Column different = Classification.DIFFERENT.is(DIFF.col());
    for (LeafColumns c : leaves) {
      Leaf leaf = c.leaf();
      Column d = c.differs().col();
      first.add(c.differs().as(different.and(not(c.equal().col()))));
      first.add(c.lhs().col());
      first.add(c.rhs().col());
      second.add(d);
      // The raw delta gets its own projection: the finiteness check reads it three times.
      second.add(
          c.delta()
              .as(when(d, DeltaExpressions.finite(DeltaExpressions.value(c.delta().col(), leaf)))));
      second.add(c.bound().as(when(d, DeltaExpressions.lowerBound(c.delta().col(), leaf))));
      second.add(c.lhsText().as(when(d, DeltaExpressions.render(c.lhs().col(), leaf))));
      second.add(c.rhsText().as(when(d, DeltaExpressions.render(c.rhs().col(), leaf))));
      Optional<KeyedArray> keyed = alignment.keyedArray(leaf);
      if (keyed.isPresent()) {
        second.add(c.problem().col());
        second.add(
            c.elements()
                .as(
                    when(
                        d.and(c.problem().col().isNull()),
                        ElementMatch.entries(
                            c.lhs().col(), c.rhs().col(), keyed.get(), alignment.rules))));
      }
    }
    second.add(
        ROW.as(
            when(Classification.MISSING_RHS.is(DIFF.col()), rowOf(Side.LHS))
                .when(Classification.MISSING_LHS.is(DIFF.col()), rowOf(Side.RHS))));
    Dataset<Row> flagged = kept.select(first.toArray(new Column[0]));
    List<Column> raw = new ArrayList<>(List.of(col("*")));
    for (LeafColumns c : leaves) {
      raw.add(
          c.delta()
              .as(
                  when(
                      c.differs().col(),
                      DeltaExpressions.delta(
                          c.lhs().col(), c.rhs().col(), c.leaf(), alignment.rules))));
      Optional<KeyedArray> keyed = alignment.keyedArray(c.leaf());
      if (keyed.isPresent()) {
        raw.add(
            c.problem()
                .as(
                    when(
                        c.differs().col(),
                        ElementMatch.problem(c.lhs().col(), c.rhs().col(), keyed.get()))));
      }
    }
    return flagged.select(raw.toArray(new Column[0])).select(second.toArray(new Column[0]));
  }

  /**
   * The compared fields of one side's row, reassembled from its leaf values into the compared
   * record type (null when no field is compared).
   */
  private Column rowOf(Side side) {
    Map<FieldPath, LeafColumns> byPath = new HashMap<>();
    Map<FieldPath, LeafColumns> presence = new HashMap<>();
    for (LeafColumns c : leaves) {
      (c.leaf().presence() ? presence : byPath).put(c.leaf().path(), c);
    }
    List<dev.wick.core.schema.Field> fields = alignment.common.fields();
    return fields.isEmpty() ? lit(null) : record(fields, null, side, byPath, presence);
  }

  private static Column record(
      List<dev.wick.core.schema.Field> fields,
      FieldPath prefix,
      Side side,
      Map<FieldPath, LeafColumns> byPath,
      Map<FieldPath, LeafColumns> presence) {
    List<Column> out = new ArrayList<>();
    for (dev.wick.core.schema.Field f : fields) {
      FieldPath path = Alignment.child(prefix, f.name());
      Column v;
      if (f.type() instanceof dev.wick.core.schema.DataType.RecordType r) {
        v = record(r.fields(), path, side, byPath, presence);
        LeafColumns isNull = presence.get(path);
        if (isNull != null) {
          v = when(not(isNull.value(side).col()), v);
        }
      } else {
        v = byPath.get(path).value(side).col();
      }
      out.add(v.as(f.name()));
    }
    return struct(out.toArray(new Column[0]));
  }

  /** The {@code keys/} output: key fields, {@code diff}, and the list of differing fields. */
  Dataset<Row> keysOutput(Dataset<Row> detailed) {
    List<Column> cols = keysAsOutput(keys);
    cols.add(DIFF.col());
    List<Column> items = new ArrayList<>();
    boolean keyed = !alignment.keyedArrays.isEmpty();
    for (LeafColumns c : leaves) {
      Optional<KeyedArray> k = alignment.keyedArray(c.leaf());
      Column whole =
          struct(
              lit(c.leaf().name()).as("field"),
              c.lhsText().col().as("left"),
              c.rhsText().col().as("right"),
              c.delta().col().as("delta"),
              (k.isPresent() ? c.problem().col() : lit(null)).cast("string").as("element"),
              c.bound().col().as("lowerBound"));
      Column d = c.differs().col();
      if (!keyed) {
        items.add(when(d, whole));
      } else if (k.isEmpty()) {
        items.add(array(when(d, whole)));
      } else {
        // The elements' differences, or the whole arrays when they could not be matched by key
        // (the reason in element) or differ in nothing an element shows (null against empty).
        Column el = c.elements().col();
        items.add(
            when(d.and(c.problem().col().isNotNull().or(size(el).equalTo(lit(0)))), array(whole))
                .otherwise(coalesce(el, array().cast(DataTypes.createArrayType(FIELD_DIFF)))));
      }
    }
    Column fields;
    if (items.isEmpty()) {
      fields = array().cast(DataTypes.createArrayType(FIELD_DIFF));
    } else if (keyed) {
      fields = filter(flatten(array(items.toArray(new Column[0]))), x -> x.isNotNull());
    } else {
      fields = filter(array(items.toArray(new Column[0])), x -> x.isNotNull());
    }
    cols.add(fields.as("fields"));
    cols.add(ROW.col().as("row"));
    return detailed.select(cols.toArray(new Column[0]));
  }

  /** The duplicated keys with their row counts per side (one row per key). */
  Dataset<Row> duplicates() {
    List<Column> cols = keysAsOutput(keys);
    cols.add(COUNT_LHS.col().as("countLhs"));
    cols.add(COUNT_RHS.col().as("countRhs"));
    return classified
        .filter(REPRESENTATIVE.col().and(Classification.DUPLICATE.is(DIFF.col())))
        .select(cols.toArray(new Column[0]));
  }
}
