package dev.wick.typed;

import dev.wick.core.io.DatasetWriter;
import dev.wick.core.io.Format;
import dev.wick.core.schema.RowCodec;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * A Spark dataset whose rows are records of type {@code R}, manipulated through {@code R}'s
 * generated metamodel. It wraps a plain {@code Dataset<Row>}: every operation is one DataFrame call
 * over Spark {@code Column}s, with no encoders, no lambdas over rows and no UDFs, so Spark
 * optimizes it exactly like hand-written DataFrame code. The lambdas it takes run once, while the
 * plan is built, over typed views of the columns.
 *
 * <pre>{@code
 * TypedDataset<AdEvent, AdEvent_, AdEvent_.Nullable> starts =
 *     Typed.table(spark, AdEvent_.META).filter(e -> e.event_type().eq("AD_START"));
 * }</pre>
 *
 * <p>Its columns are always the record's components, in order.
 *
 * @param <R> the record type of the rows
 * @param <V> the record's view (its generated {@code R_} class)
 * @param <N> the record's nullable view ({@code R_.Nullable})
 */
public final class TypedDataset<R extends Record, V, N> {
  private final Dataset<Row> rows;
  private final Meta<R, V, N> meta;
  private final Set<String> inputs;

  TypedDataset(Dataset<Row> rows, Meta<R, V, N> meta, Set<String> inputs) {
    this.rows = rows;
    this.meta = meta;
    this.inputs = Set.copyOf(inputs);
  }

  /** The record's metamodel. */
  public Meta<R, V, N> meta() {
    return meta;
  }

  /** The rows as a plain DataFrame, one column per record component. */
  public Dataset<Row> toDF() {
    return rows;
  }

  /** The locations this data was read from, which {@link #write} refuses to write into. */
  Set<String> inputs() {
    return inputs;
  }

  private V view() {
    return meta.view(ColumnSource.root());
  }

  private <R2 extends Record, V2, N2> TypedDataset<R2, V2, N2> with(
      Dataset<Row> next, Meta<R2, V2, N2> nextMeta) {
    return new TypedDataset<>(next, nextMeta, inputs);
  }

  // ---------------------------------------------------------------- row operations

  /** The rows where {@code condition} holds (null counts as false, as in SQL's WHERE). */
  public TypedDataset<R, V, N> filter(Function<? super V, ? extends Expr<Boolean>> condition) {
    return with(rows.filter(condition.apply(view()).column()), meta);
  }

  /** Each row projected into another record, through its generated {@code of(...)} factory. */
  public <R2 extends Record, V2, N2> TypedDataset<R2, V2, N2> select(
      Function<? super V, Projection<R2, V2, N2>> projection) {
    Projection<R2, V2, N2> p = projection.apply(view());
    return with(rows.select(p.named()), p.meta());
  }

  /**
   * Replaces one field's values, keeping the record type: {@code withColumn(v -> v.price()).to(v ->
   * v.price().times(2L))}. The new values must have the field's exact type and nullability.
   */
  public <E extends Expr<?>> ColumnUpdate<R, V, N, E> withColumn(Function<? super V, E> field) {
    E target = field.apply(view());
    String name = fieldName(target, "withColumn");
    return new ColumnUpdate<>(this, name);
  }

  /** The result of {@link #withColumn(Function)}: say what the field's new values are. */
  public static final class ColumnUpdate<R extends Record, V, N, E extends Expr<?>> {
    private final TypedDataset<R, V, N> data;
    private final String field;

    private ColumnUpdate(TypedDataset<R, V, N> data, String field) {
      this.data = data;
      this.field = field;
    }

    /** The dataset with the field set to {@code value}. */
    public TypedDataset<R, V, N> to(Function<? super V, ? extends E> value) {
      return data.with(data.rows.withColumn(field, value.apply(data.view()).column()), data.meta);
    }
  }

  /** The rows sorted by {@code order}. */
  public TypedDataset<R, V, N> orderBy(Function<? super V, Order> order) {
    return with(rows.orderBy(order.apply(view()).columns()), meta);
  }

  /** The distinct rows. */
  public TypedDataset<R, V, N> distinct() {
    return with(rows.distinct(), meta);
  }

  /** One row per distinct combination of {@code fields} (which one is kept is not defined). */
  @SafeVarargs
  public final TypedDataset<R, V, N> dropDuplicates(
      Function<? super V, ? extends Expr<?>>... fields) {
    if (fields.length == 0) {
      return with(rows.dropDuplicates(), meta);
    }
    List<String> names = new ArrayList<>();
    V v = view();
    for (Function<? super V, ? extends Expr<?>> f : fields) {
      names.add(fieldName(f.apply(v), "dropDuplicates"));
    }
    return with(rows.dropDuplicates(names.toArray(String[]::new)), meta);
  }

  /** The rows of both datasets (SQL {@code UNION ALL}: duplicates are kept). */
  public TypedDataset<R, V, N> union(TypedDataset<R, V, N> other) {
    Set<String> all = new LinkedHashSet<>(inputs);
    all.addAll(other.inputs);
    return new TypedDataset<>(rows.union(other.rows), meta, all);
  }

  /** The first {@code n} rows. */
  public TypedDataset<R, V, N> limit(int n) {
    return with(rows.limit(n), meta);
  }

  /** Keeps the rows in memory once computed ({@code Dataset.cache}). */
  public TypedDataset<R, V, N> cache() {
    return with(rows.cache(), meta);
  }

  // ---------------------------------------------------------------- grouping

  /** Groups by one key; {@link Grouped1#agg} then aggregates each group into a record. */
  public <K extends Expr<?>> Grouped1<V, K> groupBy(Function<? super V, K> key) {
    V v = view();
    return new Grouped1<>(rows, inputs, v, key.apply(v));
  }

  /** Groups by two keys. */
  public <K1 extends Expr<?>, K2 extends Expr<?>> Grouped2<V, K1, K2> groupBy(
      Function<? super V, K1> key1, Function<? super V, K2> key2) {
    V v = view();
    return new Grouped2<>(rows, inputs, v, key1.apply(v), key2.apply(v));
  }

  /** Groups by three keys. */
  public <K1 extends Expr<?>, K2 extends Expr<?>, K3 extends Expr<?>>
      Grouped3<V, K1, K2, K3> groupBy(
          Function<? super V, K1> key1,
          Function<? super V, K2> key2,
          Function<? super V, K3> key3) {
    V v = view();
    return new Grouped3<>(rows, inputs, v, key1.apply(v), key2.apply(v), key3.apply(v));
  }

  // ---------------------------------------------------------------- joins

  private <V2> JoinPlan join(
      TypedDataset<?, V2, ?> right,
      JoinPlan.Kind kind,
      java.util.function.BiFunction<? super V, ? super V2, ? extends Expr<Boolean>> on) {
    return JoinPlan.of(
        this, right, kind, views -> on.apply(cast(views.get(0)), cast(views.get(1))));
  }

  @SuppressWarnings("unchecked")
  private static <X> X cast(Object view) {
    return (X) view;
  }

  /** Inner join: the pairs of rows for which {@code on} holds. */
  public <R2 extends Record, V2, N2> Joined2<V, N, V2, N2> join(
      TypedDataset<R2, V2, N2> right,
      java.util.function.BiFunction<? super V, ? super V2, ? extends Expr<Boolean>> on) {
    return new Joined2<>(join(right, JoinPlan.Kind.INNER, on));
  }

  /** Left outer join: every row of this dataset; {@code right}'s columns become nullable. */
  public <R2 extends Record, V2, N2> Joined2<V, N, N2, N2> leftJoin(
      TypedDataset<R2, V2, N2> right,
      java.util.function.BiFunction<? super V, ? super V2, ? extends Expr<Boolean>> on) {
    return new Joined2<>(join(right, JoinPlan.Kind.LEFT, on));
  }

  /** Right outer join: every row of {@code right}; this dataset's columns become nullable. */
  public <R2 extends Record, V2, N2> Joined2<N, N, V2, N2> rightJoin(
      TypedDataset<R2, V2, N2> right,
      java.util.function.BiFunction<? super V, ? super V2, ? extends Expr<Boolean>> on) {
    return new Joined2<>(join(right, JoinPlan.Kind.RIGHT, on));
  }

  /** Full outer join: every row of both; both sides' columns become nullable. */
  public <R2 extends Record, V2, N2> Joined2<N, N, N2, N2> fullJoin(
      TypedDataset<R2, V2, N2> right,
      java.util.function.BiFunction<? super V, ? super V2, ? extends Expr<Boolean>> on) {
    return new Joined2<>(join(right, JoinPlan.Kind.FULL, on));
  }

  /** The rows that have a match in {@code right}; the result is still a dataset of {@code R}. */
  public <R2 extends Record, V2, N2> TypedDataset<R, V, N> semiJoin(
      TypedDataset<R2, V2, N2> right,
      java.util.function.BiFunction<? super V, ? super V2, ? extends Expr<Boolean>> on) {
    return with(join(right, JoinPlan.Kind.SEMI, on).rows(), meta);
  }

  /** The rows that have no match in {@code right}; the result is still a dataset of {@code R}. */
  public <R2 extends Record, V2, N2> TypedDataset<R, V, N> antiJoin(
      TypedDataset<R2, V2, N2> right,
      java.util.function.BiFunction<? super V, ? super V2, ? extends Expr<Boolean>> on) {
    return with(join(right, JoinPlan.Kind.ANTI, on).rows(), meta);
  }

  // ---------------------------------------------------------------- actions

  /** The number of rows. */
  public long count() {
    return rows.count();
  }

  /** Every row as a record, on the driver: only for small results. */
  public List<R> collect() {
    List<Row> collected = rows.collectAsList();
    List<R> out = new ArrayList<>(collected.size());
    for (Row row : collected) {
      out.add(RowCodec.toRecord(row, meta.recordType()));
    }
    return out;
  }

  /** Prints the first 20 rows. */
  public void show() {
    rows.show();
  }

  /** Prints the first {@code n} rows. */
  public void show(int n) {
    rows.show(n, false);
  }

  /**
   * Writes the rows to {@code destination} with core's safe writer: refused when it exists (unless
   * {@code overwrite}) or lies inside an input, staged and moved into place, marked {@code
   * _SUCCESS}. Returns the written location.
   */
  public String write(String destination, Format format, boolean overwrite) {
    return DatasetWriter.write(rows, destination, format, overwrite, inputs);
  }

  static String fieldName(Expr<?> expr, String operation) {
    String name = expr instanceof Col<?> c ? c.field() : ((NullableCol<?, ?>) expr).field();
    if (name == null) {
      throw new IllegalArgumentException(
          operation
              + " takes fields of the record, like v -> v.price(), not the expression "
              + expr.column()
              + ".");
    }
    return name;
  }

  @Override
  public String toString() {
    return "TypedDataset<" + meta.recordType().getSimpleName() + ">";
  }
}
