package dev.wick.typed;

import dev.wick.core.spark.Columns;
import java.util.function.Function;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.functions;

/**
 * Where a metamodel view reads its columns: the fields of a dataset's rows, of one side of a join,
 * or of a nested record. Generated views call {@link #get} once per accessor.
 */
public final class ColumnSource {
  private final Function<String, Column> resolve;
  private final boolean topLevel;

  private ColumnSource(Function<String, Column> resolve, boolean topLevel) {
    this.resolve = resolve;
    this.topLevel = topLevel;
  }

  /** The columns of a dataset's rows, by name. */
  static ColumnSource root() {
    return new ColumnSource(Columns::column, true);
  }

  /** The columns of the join side aliased {@code alias}. */
  static ColumnSource qualified(String alias) {
    return new ColumnSource(
        name -> functions.col(Columns.quote(alias) + "." + Columns.quote(name)), false);
  }

  /** The fields of a struct column. */
  static ColumnSource struct(Column parent) {
    return new ColumnSource(parent::getField, false);
  }

  /** The field {@code name}, typed by {@code maker}. */
  public <X> X get(String name, Maker<X> maker) {
    return maker.make(resolve.apply(name), topLevel ? name : null);
  }
}
