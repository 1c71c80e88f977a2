package dev.wick.bigdiff;

import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.lit;

import dev.wick.core.schema.DataType;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.Column;

/**
 * A built-in comparison of {@link BigDiff}'s setters (a tolerance, a text rule, NaN), as a {@link
 * FieldComparator} that {@code Rules} holds by the path it is set at: it applies to every value at
 * or below that path of a type it {@linkplain #appliesTo applies to}, the one of its kind set
 * nearest above the value winning. A value governed by several kinds (an absolute and a relative
 * tolerance, case and whitespace) is compared by all of them {@linkplain #combined combined}.
 *
 * <p>Each kind contributes up to three parts: how a value is {@linkplain #normalized normalized}
 * before the null-safe equality, when two values that are not equal still are {@linkplain #close
 * close} enough (the tolerances; being close under any one kind is enough), and a condition both
 * must also {@linkplain #required meet} (NaN inequality). Adding a built-in is one record class
 * implementing this interface, and the {@code BigDiff} setter that registers it.
 */
interface Builtin extends FieldComparator {

  /** Whether this comparison applies to values of {@code type} (never to records, arrays, maps). */
  boolean appliesTo(DataType type);

  /** The value as this comparison sees it before comparing; itself by default. */
  default Column normalized(Column v) {
    return v;
  }

  /**
   * When {@code l} and {@code r}, values of {@code type} (null when unknown), also count as equal
   * though they differ; never by default.
   */
  default Optional<Column> close(Column l, Column r, DataType type) {
    return Optional.empty();
  }

  /** A condition that equal values must also meet; none by default. */
  default Optional<Column> required(Column l, Column r) {
    return Optional.empty();
  }

  /**
   * Whether {@code l} and {@code r}, values of {@code type}, are equal: null-safe (two nulls are
   * equal, a null and a value are not), never null.
   */
  default Column equal(Column l, Column r, DataType type) {
    Column eq = normalized(l).eqNullSafe(normalized(r));
    Optional<Column> close = close(l, r, type);
    if (close.isPresent()) {
      eq = eq.or(coalesce(close.get(), lit(false)));
    }
    Optional<Column> required = required(l, r);
    if (required.isPresent()) {
      eq = eq.and(required.get());
    }
    return eq;
  }

  /**
   * Equal without knowing the values' type: numbers compare as doubles, dates and times as
   * timestamps. The diff always calls {@link #equal(Column, Column, DataType)}.
   */
  @Override
  default Column equal(Column lhs, Column rhs) {
    return equal(lhs, rhs, null);
  }

  /** {@code parts} as one comparison: normalized by each, close under any, meeting every need. */
  static Builtin combined(List<Builtin> parts) {
    return parts.size() == 1 ? parts.get(0) : new Combined(parts);
  }

  /** Several built-ins governing one value; see {@link #combined}. */
  record Combined(List<Builtin> parts) implements Builtin {

    public Combined {
      parts = List.copyOf(parts);
    }

    @Override
    public boolean appliesTo(DataType type) {
      return parts.stream().allMatch(p -> p.appliesTo(type));
    }

    @Override
    public Column normalized(Column v) {
      Column out = v;
      for (Builtin p : parts) {
        out = p.normalized(out);
      }
      return out;
    }

    @Override
    public Optional<Column> close(Column l, Column r, DataType type) {
      return parts.stream()
          .map(p -> p.close(l, r, type))
          .flatMap(Optional::stream)
          .reduce(Column::or);
    }

    @Override
    public Optional<Column> required(Column l, Column r) {
      return parts.stream()
          .map(p -> p.required(l, r))
          .flatMap(Optional::stream)
          .reduce(Column::and);
    }
  }
}
