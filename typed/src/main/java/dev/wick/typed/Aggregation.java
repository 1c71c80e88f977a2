package dev.wick.typed;

import dev.wick.core.spark.Columns;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * Turns a typed grouping and its {@link AggProjection} into one {@code groupBy(...).agg(...)}. When
 * the record starts with the keys under their own names, the result is exactly what the
 * hand-written DataFrame call gives; otherwise a projection on top puts the record's fields in
 * order, which Spark's optimizer folds into the aggregate.
 */
final class Aggregation {
  private Aggregation() {}

  static <R extends Record, V, N> TypedDataset<R, V, N> run(
      Dataset<Row> rows, Set<String> inputs, List<Expr<?>> keys, AggProjection<R, V, N> target) {
    List<String> names = target.meta().fields();
    List<Agg<?>> values = target.values();
    List<Column> aggregates = new ArrayList<>();
    for (int i = 0; i < values.size(); i++) {
      if (values.get(i).keyIndex() < 0) {
        aggregates.add(values.get(i).column().as(names.get(i)));
      }
    }
    Column[] keyColumns = keys.stream().map(Expr::column).toArray(Column[]::new);
    Dataset<Row> grouped = aggregate(rows, keyColumns, aggregates);
    List<String> outputs = Arrays.asList(grouped.columns());
    if (new HashSet<>(outputs).size() < outputs.size()) {
      // A key's name clashes with a field of the record: name the keys apart.
      Column[] named = new Column[keyColumns.length];
      for (int k = 0; k < keyColumns.length; k++) {
        named[k] = keyColumns[k].as("_wick_key" + k);
      }
      grouped = aggregate(rows, named, aggregates);
      outputs = Arrays.asList(grouped.columns());
    }
    List<String> keyNames = outputs.subList(0, keys.size());
    if (outputs.equals(expected(names, values, keyNames))) {
      return new TypedDataset<>(grouped, target.meta(), inputs);
    }
    List<Column> projection = new ArrayList<>();
    for (int i = 0; i < values.size(); i++) {
      int key = values.get(i).keyIndex();
      String source = key >= 0 ? keyNames.get(key) : names.get(i);
      Column c = Columns.column(source);
      projection.add(source.equals(names.get(i)) ? c : c.as(names.get(i)));
    }
    return new TypedDataset<>(
        grouped.select(projection.toArray(Column[]::new)), target.meta(), inputs);
  }

  private static Dataset<Row> aggregate(Dataset<Row> rows, Column[] keys, List<Column> aggregates) {
    if (aggregates.isEmpty()) {
      // Only keys in the record: Spark's agg needs one aggregate; the optimizer prunes it.
      return rows.groupBy(keys).agg(org.apache.spark.sql.functions.count("*").as("_wick_count"));
    }
    return rows.groupBy(keys)
        .agg(aggregates.get(0), aggregates.subList(1, aggregates.size()).toArray(Column[]::new));
  }

  /** The output names if the record were exactly the keys (in order) and then the aggregates. */
  private static List<String> expected(List<String> names, List<Agg<?>> values, List<String> keys) {
    List<String> out = new ArrayList<>(keys);
    Set<Integer> seen = new HashSet<>();
    for (int i = 0; i < values.size(); i++) {
      int key = values.get(i).keyIndex();
      if (key >= 0) {
        if (i != key || !keys.get(key).equals(names.get(i)) || !seen.add(key)) {
          return List.of();
        }
      } else {
        out.add(names.get(i));
      }
    }
    return seen.size() == keys.size() ? out : List.of();
  }
}
