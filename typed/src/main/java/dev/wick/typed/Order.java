package dev.wick.typed;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Column;

/**
 * A sort order over orderable columns: {@code desc(t.total_usd()).then(asc(t.name()))}. Built by
 * {@link OrdCol#asc()}, {@link OrdCol#desc()} and {@link Functions#asc}/{@link Functions#desc};
 * columns without an order (booleans, arrays, maps, records, binary) have none.
 */
public final class Order {
  private final List<Column> columns;

  Order(Column column) {
    this(List.of(column));
  }

  private Order(List<Column> columns) {
    this.columns = List.copyOf(columns);
  }

  /** This order, then {@code next} among equal rows. */
  public Order then(Order next) {
    List<Column> all = new ArrayList<>(columns);
    all.addAll(next.columns);
    return new Order(all);
  }

  Column[] columns() {
    return columns.toArray(Column[]::new);
  }
}
