package dev.wick.typed;

import dev.wick.core.schema.Schema;
import dev.wick.core.schema.Schemas;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The metamodel of a record: its class, its fields, the table it describes (if any), and how to
 * build its typed views. The annotation processor generates one per {@link WickTable} or {@link
 * WickRecord} record, as the {@code META} constant of the record's {@code _} class.
 *
 * @param <R> the record type
 * @param <V> its view, with each component typed as declared
 * @param <N> its nullable view, with every component nullable (a side that a join may leave empty)
 */
public final class Meta<R extends Record, V, N> {
  private final Class<R> type;
  private final @Nullable String table;
  private final List<String> fields;
  private final Function<ColumnSource, V> view;
  private final Function<ColumnSource, N> nullableView;
  private volatile @Nullable Schema schema;

  private Meta(
      Class<R> type,
      @Nullable String table,
      List<String> fields,
      Function<ColumnSource, V> view,
      Function<ColumnSource, N> nullableView) {
    this.type = Objects.requireNonNull(type, "type");
    this.table = table;
    this.fields = List.copyOf(fields);
    this.view = Objects.requireNonNull(view, "view");
    this.nullableView = Objects.requireNonNull(nullableView, "nullableView");
  }

  /**
   * A metamodel; generated code calls this.
   *
   * @param table the table name, or null for a record that is not a table
   */
  public static <R extends Record, V, N> Meta<R, V, N> of(
      Class<R> type,
      @Nullable String table,
      List<String> fields,
      Function<ColumnSource, V> view,
      Function<ColumnSource, N> nullableView) {
    return new Meta<>(type, table, fields, view, nullableView);
  }

  /** The record class. */
  public Class<R> recordType() {
    return type;
  }

  /** The table named by {@link WickTable}, if any. */
  public Optional<String> table() {
    return Optional.ofNullable(table);
  }

  /** The record's component names, in order: its columns. */
  public List<String> fields() {
    return fields;
  }

  /** The record's schema in Wick's model ({@code Schemas.fromRecord}). */
  public Schema schema() {
    Schema s = schema;
    if (s == null) {
      s = Schemas.fromRecord(type);
      schema = s;
    }
    return s;
  }

  V view(ColumnSource source) {
    return view.apply(source);
  }

  N nullableView(ColumnSource source) {
    return nullableView.apply(source);
  }

  /**
   * A projection into this record, one expression per component in order; generated {@code of}
   * factories call this with the types checked.
   */
  public Projection<R, V, N> project(Expr<?>... values) {
    checkArity(values.length);
    List<org.apache.spark.sql.Column> columns = new ArrayList<>();
    for (Expr<?> v : values) {
      columns.add(Objects.requireNonNull(v, "a projected value").column());
    }
    return new Projection<>(this, columns);
  }

  /**
   * An aggregation into this record, one aggregate per component in order; generated {@code of}
   * factories call this with the types checked.
   */
  public AggProjection<R, V, N> aggregate(Agg<?>... values) {
    checkArity(values.length);
    List<Agg<?>> aggs = new ArrayList<>();
    for (Agg<?> a : values) {
      aggs.add(Objects.requireNonNull(a, "an aggregated value"));
    }
    return new AggProjection<>(this, aggs);
  }

  private void checkArity(int count) {
    if (count != fields.size()) {
      throw new IllegalArgumentException(
          type.getSimpleName() + " has " + fields.size() + " components, got " + count + " values");
    }
  }

  @Override
  public String toString() {
    return "Meta(" + type.getName() + (table == null ? "" : ", table " + table) + ")";
  }
}
