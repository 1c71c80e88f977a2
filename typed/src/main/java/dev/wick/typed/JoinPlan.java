package dev.wick.typed;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * The untyped state behind {@link Joined2}, {@link Joined3} and {@link Joined4}: the joined rows
 * and, per input, the alias that qualifies its columns, its metamodel, and whether the joins so far
 * may have left it empty (then its views are nullable).
 */
final class JoinPlan {
  /** Spark's join types, as {@code Dataset.join} names them. */
  enum Kind {
    INNER("inner", false, false),
    LEFT("left_outer", false, true),
    RIGHT("right_outer", true, false),
    FULL("full_outer", true, true),
    SEMI("left_semi", false, false),
    ANTI("left_anti", false, false);

    final String spark;
    final boolean leftNullable;
    final boolean rightNullable;

    Kind(String spark, boolean leftNullable, boolean rightNullable) {
      this.spark = spark;
      this.leftNullable = leftNullable;
      this.rightNullable = rightNullable;
    }
  }

  private record Side(String alias, Meta<?, ?, ?> meta, boolean nullable) {
    Object view() {
      ColumnSource source = ColumnSource.qualified(alias);
      return nullable ? meta.nullableView(source) : meta.view(source);
    }
  }

  private final Dataset<Row> rows;
  private final List<Side> sides;
  private final Set<String> inputs;

  private JoinPlan(Dataset<Row> rows, List<Side> sides, Set<String> inputs) {
    this.rows = rows;
    this.sides = List.copyOf(sides);
    this.inputs = Set.copyOf(inputs);
  }

  private static String alias(int index) {
    return "_w" + index;
  }

  /** Joins two datasets. */
  static JoinPlan of(
      TypedDataset<?, ?, ?> left,
      TypedDataset<?, ?, ?> right,
      Kind kind,
      Function<List<Object>, Expr<Boolean>> on) {
    JoinPlan start =
        new JoinPlan(
            left.toDF().as(alias(0)),
            List.of(new Side(alias(0), left.meta(), false)),
            left.inputs());
    return start.join(right, kind, on);
  }

  /** The views of every input, in join order; {@code on} gets these plus the right side's. */
  List<Object> views() {
    List<Object> out = new ArrayList<>();
    for (Side s : sides) {
      out.add(s.view());
    }
    return out;
  }

  /** Joins one more dataset; semi and anti joins keep the sides as they are. */
  JoinPlan join(TypedDataset<?, ?, ?> right, Kind kind, Function<List<Object>, Expr<Boolean>> on) {
    String alias = alias(sides.size());
    List<Object> views = views();
    views.add(right.meta().view(ColumnSource.qualified(alias)));
    Column condition = on.apply(views).column();
    Dataset<Row> joined = rows.join(right.toDF().as(alias), condition, kind.spark);
    Set<String> allInputs = new LinkedHashSet<>(inputs);
    allInputs.addAll(right.inputs());
    if (kind == Kind.SEMI || kind == Kind.ANTI) {
      return new JoinPlan(joined, sides, allInputs);
    }
    List<Side> next = new ArrayList<>();
    for (Side s : sides) {
      next.add(new Side(s.alias, s.meta, s.nullable || kind.leftNullable));
    }
    next.add(new Side(alias, right.meta(), kind.rightNullable));
    return new JoinPlan(joined, next, allInputs);
  }

  JoinPlan filter(Expr<Boolean> condition) {
    return new JoinPlan(rows.filter(condition.column()), sides, inputs);
  }

  <R extends Record, V, N> TypedDataset<R, V, N> select(Projection<R, V, N> projection) {
    return new TypedDataset<>(rows.select(projection.named()), projection.meta(), inputs);
  }

  Dataset<Row> rows() {
    return rows;
  }
}
