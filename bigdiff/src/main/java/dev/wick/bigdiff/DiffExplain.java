package dev.wick.bigdiff;

import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.exists;
import static org.apache.spark.sql.functions.lit;

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
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Where a diff's differences sit ({@link BigDiff#explain()}): the keys of both sides, each with its
 * attributes (the top-level columns of the left-hand side; a key only on the right-hand side takes
 * the right's values of the columns it has), cut into slices by core's {@link Explainer}, which
 * counts keys instead of rows. The failures are the keys that are not the same, the keys on one
 * side only (when both kinds of missing keys and differing keys occur), and for each field that
 * differs somewhere, the keys where it differs, never cut by that field's own column.
 *
 * <p>The differing keys come from the diff's kept {@code keys/} rows, so the inputs are compared
 * once: the explanation reads the left-hand side's key and attribute columns (and the right-hand
 * side's rows of the keys only it has), joins them with the differing keys, and runs the
 * explainer's two aggregations.
 */
final class DiffExplain {
  private static final String PREFIX = "__wick_diff_";
  private static final String DIFF = PREFIX + "type";
  private static final String FIELDS = PREFIX + "fields";

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
      Dataset<Row> rhs,
      Alignment alignment,
      DiffOptions.Labels labels,
      Dataset<Row> keys,
      DiffSummary summary,
      List<String> by) {
    GlobalCounts counts = summary.global();
    List<String> attributes = Arrays.asList(lhs.columns());
    StructType lhsSchema = lhs.schema();
    Dataset<Row> differing = keys.select(keyed(alignment));
    Dataset<Row> view = lhs.select(withKeys(lhs, alignment, lhsSchema, true));
    if (counts.missingLhs() > 0) {
      // The keys only on the right-hand side, with the right's values of the left's columns.
      Dataset<Row> onlyRight =
          rhs.select(withKeys(rhs, alignment, lhsSchema, false))
              .as("l")
              .join(
                  differing.where(col(DIFF).equalTo(lit(DiffType.MISSING_LHS.name()))).as("r"),
                  joinCondition(alignment, "l", "r"),
                  "left_semi");
      view = view.unionByName(onlyRight);
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
      failures.put(
          "keys only in " + labels.lhs(),
          new Explainer.Failure(
              coalesce(type.equalTo(lit(DiffType.MISSING_RHS.name())), lit(false)),
              java.util.Set.of()));
    }
    if (mixed && counts.missingLhs() > 0) {
      failures.put(
          "keys only in " + labels.rhs(),
          new Explainer.Failure(
              coalesce(type.equalTo(lit(DiffType.MISSING_LHS.name())), lit(false)),
              java.util.Set.of()));
    }
    for (FieldStats f : summary.differingFields()) {
      String name = f.field();
      Column differs =
          coalesce(exists(col(FIELDS), x -> x.getField("field").equalTo(lit(name))), lit(false));
      failures.put(name + " differs", Explainer.Failure.of(differs, name));
    }
    Explainer explainer = Explainer.of(joined).counting(Explanation.Unit.KEYS);
    explainer = by.isEmpty() ? explainer.excluding(List.of(DIFF, FIELDS)) : explainer.by(by);
    return explainer.explainAll(failures);
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
      cols.add(cast(col("`" + k.column().replace("`", "``") + "`"), k).as(key(j)));
    }
    cols.add(col("diff").as(DIFF));
    cols.add(col("fields").as(FIELDS));
    return cols.toArray(new Column[0]);
  }

  /**
   * A side's key columns (cast to the diff's key types) and the left-hand side's top-level columns
   * ({@code lhs}): for the left-hand side itself, its own; for the right-hand side, its values of
   * those it has, cast to the left's types, and nulls for those it lacks.
   */
  private static Column[] withKeys(
      Dataset<Row> side, Alignment alignment, StructType lhs, boolean left) {
    List<String> has = Arrays.asList(side.columns());
    List<Column> cols = new ArrayList<>();
    for (int j = 0; j < alignment.keys.size(); j++) {
      KeyField k = alignment.keys.get(j);
      cols.add(cast(Columns.column(k.path()), k).as(key(j)));
    }
    for (StructField f : lhs.fields()) {
      Column c = col("`" + f.name().replace("`", "``") + "`");
      if (!left) {
        c = has.contains(f.name()) ? c.cast(f.dataType()) : lit(null).cast(f.dataType());
      }
      cols.add(c.as(f.name()));
    }
    return cols.toArray(new Column[0]);
  }

  private static Column cast(Column c, KeyField k) {
    return c.cast(Schemas.toSpark(k.type(), k.path().toString()));
  }
}
