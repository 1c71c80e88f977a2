package dev.wick.bigdiff;

import static org.apache.spark.sql.functions.array_contains;
import static org.apache.spark.sql.functions.broadcast;
import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.transform;

import dev.wick.bigdiff.Alignment.KeyField;
import dev.wick.core.explain.Explainer;
import dev.wick.core.explain.Explanation;
import dev.wick.core.schema.Schemas;
import dev.wick.core.spark.Columns;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Where a diff's differences sit ({@link BigDiff#explain()}): the keys of both sides, each with its
 * attributes (the top-level columns of the left-hand side; a key only on the right-hand side takes
 * the right's values of those it compares), cut into slices by core's {@link Explainer}, which
 * counts keys instead of rows. The failures are the keys that are not the same, the keys on one
 * side only (when both kinds of missing keys and differing keys occur), and for each field that
 * differs somewhere, the keys where it differs, never cut by that field's own column.
 *
 * <p>The differing keys come from the diff's kept {@code keys/} rows, so the inputs are compared
 * once: the explanation reads the left-hand side's key and attribute columns, adds the rows that
 * {@code keys/} carries for the keys only on the right-hand side, joins them with the differing
 * keys (broadcast when they are few), and runs the explainer's two aggregations.
 */
final class DiffExplain {
  private static final String PREFIX = "__wick_diff_";
  private static final String DIFF = PREFIX + "type";
  private static final String FIELDS = PREFIX + "fields";

  /** Up to this many differing keys are broadcast to the join with every key's columns. */
  private static final long BROADCAST_KEYS = 200_000;

  private DiffExplain() {}

  /** Fails, before any Spark job, when {@code by} names a column that the left-hand side lacks. */
  static void checkColumns(Dataset<Row> lhs, List<String> by) {
    if (!by.isEmpty()) {
      Explainer.of(lhs).by(by);
    }
  }

  /**
   * Explains the differences {@code summary} counts, whose differing keys are the rows of {@code
   * keys} (as {@code keys/} holds them).
   */
  static Map<String, Explanation> explain(
      Dataset<Row> lhs,
      Alignment alignment,
      DiffOptions.Labels labels,
      Dataset<Row> keys,
      DiffSummary summary,
      List<String> by) {
    GlobalCounts counts = summary.global();
    List<String> attributes = Arrays.asList(lhs.columns());
    StructType lhsSchema = lhs.schema();
    Dataset<Row> selected = keys.select(keyed(alignment));
    // Few differing keys (the usual case) are sent to every task; more are joined by shuffle.
    Dataset<Row> differing = counts.differing() <= BROADCAST_KEYS ? broadcast(selected) : selected;
    Dataset<Row> view = lhs.select(withKeys(lhs, alignment, lhsSchema));
    if (counts.missingLhs() > 0) {
      // The keys only on the right-hand side: their rows, as keys/ carries them.
      view = view.unionByName(onlyRight(keys, alignment, lhsSchema));
    }
    Dataset<Row> joined =
        view.as("l").join(differing.as("r"), joinCondition(alignment, "l", "r"), "left");
    List<Column> kept = new ArrayList<>();
    for (String a : attributes) {
      kept.add(col("l.`" + a.replace("`", "``") + "`").as(a));
    }
    kept.add(col("r." + DIFF).as(DIFF));
    kept.add(col("r." + FIELDS).as(FIELDS));
    joined = joined.select(kept.toArray(new Column[0]));

    Map<String, Explainer.Failure> failures = new LinkedHashMap<>();
    Column type = col(DIFF);
    Column notSame =
        coalesce(type.isNotNull().and(type.notEqual(lit(DiffType.SAME.name()))), lit(false));
    // A field that differs on every differing key explains the same keys, by name.
    if (summary.differingFields().stream().noneMatch(f -> f.different() == counts.differing())) {
      failures.put("keys not the same", new Explainer.Failure(notSame, java.util.Set.of()));
    }
    boolean mixed =
        (counts.missingLhs() > 0 ? 1 : 0)
                + (counts.missingRhs() > 0 ? 1 : 0)
                + (counts.different() > 0 ? 1 : 0)
            > 1;
    if (mixed && counts.missingRhs() > 0) {
      failures.put("keys only in " + labels.lhs(), ofType(DiffType.MISSING_RHS));
    }
    if (mixed && counts.missingLhs() > 0) {
      failures.put("keys only in " + labels.rhs(), ofType(DiffType.MISSING_LHS));
    }
    for (FieldStats f : summary.differingFields()) {
      String name = f.field();
      Column differs = coalesce(array_contains(col(FIELDS), lit(name)), lit(false));
      failures.put(name + " differs", Explainer.Failure.of(differs, name));
    }
    Explainer explainer =
        Explainer.of(joined)
            .counting(Explanation.Unit.KEYS)
            // The columns are measured on the left-hand side's rows, without the join.
            .measuredOn(lhs);
    explainer = by.isEmpty() ? explainer.excluding(List.of(DIFF, FIELDS)) : explainer.by(by);
    return explainer.explainAll(failures);
  }

  /** The keys of one classification, cut by every column. */
  private static Explainer.Failure ofType(DiffType type) {
    return new Explainer.Failure(
        coalesce(col(DIFF).equalTo(lit(type.name())), lit(false)), java.util.Set.of());
  }

  private static String key(int j) {
    return PREFIX + "key_" + j;
  }

  /** Key equality of the view ({@code l}) and the differing keys ({@code r}), nulls equal. */
  private static Column joinCondition(Alignment alignment, String l, String r) {
    Column on = lit(true);
    for (int j = 0; j < alignment.keys.size(); j++) {
      on = on.and(col(l + "." + key(j)).eqNullSafe(col(r + "." + key(j))));
    }
    return on;
  }

  /**
   * The differing keys of {@code keys/} as the view's key columns, with their type and fields; all
   * key columns cast to the diff's key types.
   */
  private static Column[] keyed(Alignment alignment) {
    List<Column> cols = new ArrayList<>();
    for (int j = 0; j < alignment.keys.size(); j++) {
      KeyField k = alignment.keys.get(j);
      cols.add(cast(quoted(k.column()), k).as(key(j)));
    }
    cols.add(col("diff").as(DIFF));
    // Only the names of the differing fields: the values are not needed to slice.
    cols.add(transform(col("fields"), x -> x.getField("field")).as(FIELDS));
    return cols.toArray(new Column[0]);
  }

  /** The left-hand side's key columns (cast to the diff's key types) and its columns. */
  private static Column[] withKeys(Dataset<Row> lhs, Alignment alignment, StructType schema) {
    List<Column> cols = new ArrayList<>();
    for (int j = 0; j < alignment.keys.size(); j++) {
      KeyField k = alignment.keys.get(j);
      cols.add(cast(Columns.column(k.path()), k).as(key(j)));
    }
    for (StructField f : schema.fields()) {
      cols.add(quoted(f.name()).as(f.name()));
    }
    return cols.toArray(new Column[0]);
  }

  /**
   * The keys only on the right-hand side as rows of the view, from the rows {@code keys/} carries
   * for them: the key columns, and each of the left-hand side's columns ({@code lhs}) of a plain
   * type from the right's compared row (or its key) where the right has it, cast to the left's
   * type; null otherwise (records, arrays and maps are never cut by).
   */
  private static Dataset<Row> onlyRight(Dataset<Row> keys, Alignment alignment, StructType lhs) {
    Map<String, Column> topKeys = new LinkedHashMap<>();
    List<Column> cols = new ArrayList<>();
    for (int j = 0; j < alignment.keys.size(); j++) {
      KeyField k = alignment.keys.get(j);
      Column value = cast(quoted(k.column()), k);
      cols.add(value.as(key(j)));
      if (k.path().steps().size() == 1) {
        topKeys.put(k.path().leafName(), value);
      }
    }
    java.util.Set<String> compared = new java.util.HashSet<>();
    alignment.common.fields().forEach(f -> compared.add(f.name()));
    for (StructField f : lhs.fields()) {
      DataType t = f.dataType();
      boolean plain = !(t instanceof StructType || t instanceof ArrayType || t instanceof MapType);
      Column c =
          !plain
              ? lit(null)
              : topKeys.containsKey(f.name())
                  ? topKeys.get(f.name())
                  : compared.contains(f.name()) ? col("row").getField(f.name()) : lit(null);
      cols.add(c.cast(t).as(f.name()));
    }
    return keys.where(col("diff").equalTo(lit(DiffType.MISSING_LHS.name())))
        .select(cols.toArray(new Column[0]));
  }

  private static Column quoted(String name) {
    return col("`" + name.replace("`", "``") + "`");
  }

  private static Column cast(Column c, KeyField k) {
    return c.cast(Schemas.toSpark(k.type(), k.path().toString()));
  }
}
