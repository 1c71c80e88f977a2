package dev.wick.typed;

import java.time.Instant;
import java.time.LocalDateTime;

/**
 * The {@link Maker}s of every typed column kind: what generated metamodels use to type the columns
 * they read. A maker applied to a column of your own asserts that column's type.
 */
public final class Makers {
  private Makers() {}

  /** {@code boolean}. */
  public static final Maker<BoolCol> BOOLEAN = BoolCol::new;

  /** {@code int}. */
  public static final Maker<IntCol> INT = IntCol::new;

  /** {@code bigint}. */
  public static final Maker<LongCol> LONG = LongCol::new;

  /** {@code float}. */
  public static final Maker<FloatCol> FLOAT = FloatCol::new;

  /** {@code double}. */
  public static final Maker<DoubleCol> DOUBLE = DoubleCol::new;

  /** {@code decimal(p, s)}. */
  public static final Maker<DecimalCol> DECIMAL = DecimalCol::new;

  /** {@code string}. */
  public static final Maker<StrCol> STRING = StrCol::new;

  /** {@code date}. */
  public static final Maker<DateCol> DATE = DateCol::new;

  /** {@code timestamp}. */
  public static final Maker<TimestampCol<Instant>> INSTANT = TimestampCol::new;

  /** {@code timestamp_ntz}. */
  public static final Maker<TimestampCol<LocalDateTime>> LOCAL_DATE_TIME = TimestampCol::new;

  /** {@code binary}. */
  public static final Maker<BinaryCol> BINARY = BinaryCol::new;

  /** A Java enum stored as its constants' names. */
  public static <E extends Enum<E>> Maker<EnumCol<E>> enumOf(Class<E> type) {
    return EnumCol::new;
  }

  /** An array whose elements {@code element} types. */
  public static <E, X extends Expr<E>> Maker<ArrayCol<E, X>> array(Maker<X> element) {
    return (column, field) -> new ArrayCol<>(column, field, element);
  }

  /** A map whose values {@code value} types. */
  public static <K, V, X extends Expr<V>> Maker<MapCol<K, V, X>> map(Maker<X> value) {
    return (column, field) -> new MapCol<>(column, field, value);
  }

  /** A nested record with the metamodel {@code meta}. */
  public static <R extends Record, V> Maker<StructCol<R, V>> struct(Meta<R, V, ?> meta) {
    return (column, field) -> new StructCol<>(column, field, meta);
  }

  /** The nullable form of what {@code maker} builds. */
  public static <T, C extends Col<T>> Maker<NullableCol<T, C>> nullable(Maker<C> maker) {
    return (column, field) -> new NullableCol<>(column, field, c -> maker.make(c, null));
  }
}
