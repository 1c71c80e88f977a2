package dev.wick.typed;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.function.BiFunction;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.functions;

/**
 * Typed literals, conditionals, aggregate functions and sort orders; each maps to one of Spark's
 * {@code functions}. Import them statically: {@code import static dev.wick.typed.Functions.*;}.
 *
 * <p>Aggregates are typed by what they accept: {@code sum} and {@code avg} only numeric columns,
 * {@code min} and {@code max} only orderable ones. Over a nullable column they skip nulls and give
 * a nullable result (a group may hold only nulls); over a non-null column inside a group they are
 * never null.
 */
public final class Functions {
  private Functions() {}

  // ---------------------------------------------------------------- literals

  /** A string literal. */
  public static StrCol lit(String value) {
    return new StrCol(Literals.of(Col.nonNull(value, "lit")), null);
  }

  /** An int literal. */
  public static IntCol lit(int value) {
    return new IntCol(functions.lit(value), null);
  }

  /** A bigint literal. */
  public static LongCol lit(long value) {
    return new LongCol(functions.lit(value), null);
  }

  /** A double literal. */
  public static DoubleCol lit(double value) {
    return new DoubleCol(functions.lit(value), null);
  }

  /** A boolean literal. */
  public static BoolCol lit(boolean value) {
    return new BoolCol(functions.lit(value), null);
  }

  /** A decimal literal, with the value's own precision and scale. */
  public static DecimalCol lit(BigDecimal value) {
    return new DecimalCol(Literals.of(Col.nonNull(value, "lit")), null);
  }

  /** A date literal. */
  public static DateCol lit(LocalDate value) {
    return new DateCol(Literals.of(Col.nonNull(value, "lit")), null);
  }

  /** A timestamp literal. */
  public static TimestampCol<Instant> lit(Instant value) {
    return new TimestampCol<>(Literals.of(Col.nonNull(value, "lit")), null);
  }

  /** A timestamp_ntz literal. */
  public static TimestampCol<LocalDateTime> lit(LocalDateTime value) {
    return new TimestampCol<>(Literals.of(Col.nonNull(value, "lit")), null);
  }

  /** Today's date in the session time zone. */
  public static DateCol currentDate() {
    return new DateCol(functions.current_date(), null);
  }

  /** The query's start time. */
  public static TimestampCol<Instant> currentTimestamp() {
    return new TimestampCol<>(functions.current_timestamp(), null);
  }

  // ---------------------------------------------------------------- conditionals

  /**
   * {@code CASE WHEN condition THEN value ...}; finish with {@code otherwise} or {@code orNull}.
   */
  public static <T, C extends Col<T>> When<T, C> when(Expr<Boolean> condition, C value) {
    return new When<>(functions.when(condition.column(), value.column()), remaker(value));
  }

  /** {@code CASE WHEN condition THEN 'value' ...}. */
  public static When<String, StrCol> when(Expr<Boolean> condition, String value) {
    return when(condition, lit(value));
  }

  /** {@code CASE WHEN condition THEN value ...}. */
  public static When<Long, LongCol> when(Expr<Boolean> condition, long value) {
    return when(condition, lit(value));
  }

  /** {@code CASE WHEN condition THEN value ...}. */
  public static When<Integer, IntCol> when(Expr<Boolean> condition, int value) {
    return when(condition, lit(value));
  }

  /** {@code CASE WHEN condition THEN value ...}. */
  public static When<Double, DoubleCol> when(Expr<Boolean> condition, double value) {
    return when(condition, lit(value));
  }

  /** {@code CASE WHEN condition THEN value ...}. */
  public static When<Boolean, BoolCol> when(Expr<Boolean> condition, boolean value) {
    return when(condition, lit(value));
  }

  /**
   * {@code f} applied to both values where neither is null, and null otherwise: {@link
   * NullableCol#map} for two nullable inputs.
   */
  public static <A, CA extends Col<A>, B, CB extends Col<B>, U, D extends Col<U>>
      NullableCol<U, D> mapBoth(
          NullableCol<A, CA> a, NullableCol<B, CB> b, BiFunction<? super CA, ? super CB, D> f) {
    D result = f.apply(a.nonNullView(), b.nonNullView());
    return new NullableCol<>(result.column(), null, remaker(result));
  }

  // ---------------------------------------------------------------- aggregates

  /** {@code count(1)}: the rows in the group. */
  public static Agg<LongCol> count() {
    return new Agg<>(new LongCol(functions.count(functions.lit(1)), null));
  }

  /** {@code count(value)}: the rows where {@code value} is not null. */
  public static Agg<LongCol> count(Expr<?> value) {
    return new Agg<>(new LongCol(functions.count(value.column()), null));
  }

  /** {@code count(DISTINCT ...)}: the distinct non-null combinations. */
  public static Agg<LongCol> countDistinct(Expr<?> first, Expr<?>... more) {
    Column[] rest = new Column[more.length];
    for (int i = 0; i < more.length; i++) {
      rest[i] = more[i].column();
    }
    return new Agg<>(new LongCol(functions.count_distinct(first.column(), rest), null));
  }

  /** {@code sum(value)}; ints and longs sum to a long (overflow fails under ANSI mode). */
  public static <C extends NumCol<?, C, A, ?>, A extends NumCol<?, A, A, ?>> Agg<A> sum(C value) {
    return new Agg<>(value.sumOf(functions.sum(value.column())));
  }

  /** {@code sum(value)} of the non-null values; null for a group of nulls only. */
  public static <
          T extends Number,
          C extends NumCol<T, C, A, ?>,
          AT extends Number,
          A extends NumCol<AT, A, A, ?>>
      Agg<NullableCol<AT, A>> sum(NullableCol<T, C> value) {
    A sum = value.nonNullView().sumOf(functions.sum(value.column()));
    return new Agg<>(new NullableCol<>(sum.column(), null, sum::remake));
  }

  /** {@code avg(value)}: a double, or a decimal for decimals. */
  public static <C extends NumCol<?, C, ?, F>, F extends NumCol<?, F, ?, F>> Agg<F> avg(C value) {
    return new Agg<>(value.fractional(functions.avg(value.column())));
  }

  /** {@code avg(value)} of the non-null values; null for a group of nulls only. */
  public static <
          T extends Number,
          C extends NumCol<T, C, ?, F>,
          FT extends Number,
          F extends NumCol<FT, F, ?, F>>
      Agg<NullableCol<FT, F>> avg(NullableCol<T, C> value) {
    F avg = value.nonNullView().fractional(functions.avg(value.column()));
    return new Agg<>(new NullableCol<>(avg.column(), null, avg::remake));
  }

  /** {@code min(value)}. */
  public static <T, C extends OrdCol<T>> Agg<C> min(C value) {
    return new Agg<>(remaker(value).apply(functions.min(value.column())));
  }

  /** {@code min(value)} of the non-null values; null for a group of nulls only. */
  public static <T, C extends OrdCol<T>> Agg<NullableCol<T, C>> min(NullableCol<T, C> value) {
    return new Agg<>(value.over(functions.min(value.column())));
  }

  /** {@code max(value)}. */
  public static <T, C extends OrdCol<T>> Agg<C> max(C value) {
    return new Agg<>(remaker(value).apply(functions.max(value.column())));
  }

  /** {@code max(value)} of the non-null values; null for a group of nulls only. */
  public static <T, C extends OrdCol<T>> Agg<NullableCol<T, C>> max(NullableCol<T, C> value) {
    return new Agg<>(value.over(functions.max(value.column())));
  }

  /** {@code first(value)}: some row's value (which one depends on the data's order). */
  public static <C extends Col<?>> Agg<C> first(C value) {
    return new Agg<>(remaker(value).apply(functions.first(value.column())));
  }

  /** {@code first(value)}, which may be null. */
  public static <T, C extends Col<T>> Agg<NullableCol<T, C>> first(NullableCol<T, C> value) {
    return new Agg<>(value.over(functions.first(value.column())));
  }

  /** {@code last(value)}: some row's value (which one depends on the data's order). */
  public static <C extends Col<?>> Agg<C> last(C value) {
    return new Agg<>(remaker(value).apply(functions.last(value.column())));
  }

  /** {@code last(value)}, which may be null. */
  public static <T, C extends Col<T>> Agg<NullableCol<T, C>> last(NullableCol<T, C> value) {
    return new Agg<>(value.over(functions.last(value.column())));
  }

  /** {@code collect_list(value)}: every value in the group. */
  public static <T, C extends Col<T>> Agg<ArrayCol<T, C>> collectList(C value) {
    return new Agg<>(
        new ArrayCol<>(functions.collect_list(value.column()), null, elementMaker(value)));
  }

  /** {@code collect_list(value)}: the group's non-null values (possibly none). */
  public static <T, C extends Col<T>> Agg<ArrayCol<T, C>> collectList(NullableCol<T, C> value) {
    return collectList(value.nonNullView());
  }

  /** {@code collect_set(value)}: the group's distinct values. */
  public static <T, C extends Col<T>> Agg<ArrayCol<T, C>> collectSet(C value) {
    return new Agg<>(
        new ArrayCol<>(functions.collect_set(value.column()), null, elementMaker(value)));
  }

  /** {@code collect_set(value)}: the group's distinct non-null values (possibly none). */
  public static <T, C extends Col<T>> Agg<ArrayCol<T, C>> collectSet(NullableCol<T, C> value) {
    return collectSet(value.nonNullView());
  }

  // ---------------------------------------------------------------- orders

  /** Ascending. */
  public static Order asc(OrdCol<?> value) {
    return value.asc();
  }

  /** Descending. */
  public static Order desc(OrdCol<?> value) {
    return value.desc();
  }

  /** Ascending, nulls first (Spark's default). */
  public static <T, C extends OrdCol<T>> Order asc(NullableCol<T, C> value) {
    return value.order(true, true);
  }

  /** Ascending, nulls last. */
  public static <T, C extends OrdCol<T>> Order ascNullsLast(NullableCol<T, C> value) {
    return value.order(true, false);
  }

  /** Descending, nulls last (Spark's default). */
  public static <T, C extends OrdCol<T>> Order desc(NullableCol<T, C> value) {
    return value.order(false, false);
  }

  /** Descending, nulls first. */
  public static <T, C extends OrdCol<T>> Order descNullsFirst(NullableCol<T, C> value) {
    return value.order(false, true);
  }

  /** Columns of {@code value}'s own class over other expressions. */
  @SuppressWarnings("unchecked")
  static <C extends Col<?>> java.util.function.Function<Column, C> remaker(C value) {
    // Every Col class is final and remake() returns its own class, so the cast holds.
    return c -> (C) value.remake(c);
  }

  private static <T, C extends Col<T>> Maker<C> elementMaker(C value) {
    java.util.function.Function<Column, C> remake = remaker(value);
    return (column, field) -> remake.apply(column);
  }
}
