package dev.wick.typed;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.functions;

/**
 * Row-level values for each component of a record {@code R}, built by the record's generated {@code
 * of(...)} factory: what {@code select} takes.
 *
 * @param <R> the record type
 * @param <V> its view
 * @param <N> its nullable view
 */
public final class Projection<R extends Record, V, N> {
  private final Meta<R, V, N> meta;
  private final List<Column> columns;

  Projection(Meta<R, V, N> meta, List<Column> columns) {
    this.meta = meta;
    this.columns = List.copyOf(columns);
  }

  Meta<R, V, N> meta() {
    return meta;
  }

  /** The values named after the record's components, ready for {@code Dataset.select}. */
  Column[] named() {
    List<Column> out = new ArrayList<>();
    for (int i = 0; i < columns.size(); i++) {
      out.add(columns.get(i).as(meta.fields().get(i)));
    }
    return out.toArray(Column[]::new);
  }

  /** The values as one nested record, for a component of record type. */
  public StructCol<R, V> asStruct() {
    return new StructCol<>(functions.struct(named()), null, meta);
  }
}
