package dev.wick.typed;

import java.util.function.Function;
import org.apache.spark.sql.Column;

/**
 * A {@code CASE WHEN} under construction, started by {@link Functions#when}: add branches with
 * {@link #when}, finish with {@link #otherwise} (non-null when the fallback is) or {@link
 * #orNull()}.
 *
 * @param <T> the Java type of the result
 * @param <C> the non-null column class of the result
 */
public final class When<T, C extends Col<T>> {
  private final Column cases;
  private final Function<Column, C> make;

  When(Column cases, Function<Column, C> make) {
    this.cases = cases;
    this.make = make;
  }

  /** Another branch: {@code value} where {@code condition} holds (and no earlier one did). */
  public When<T, C> when(Expr<Boolean> condition, C value) {
    return new When<>(cases.when(condition.column(), value.column()), make);
  }

  /** Another branch with a literal value. */
  public When<T, C> when(Expr<Boolean> condition, T value) {
    return new When<>(
        cases.when(condition.column(), Literals.of(Col.nonNull(value, "when"))), make);
  }

  /** The result, {@code value} where no branch held. */
  public C otherwise(C value) {
    return make.apply(cases.otherwise(value.column()));
  }

  /** The result, the literal {@code value} where no branch held. */
  public C otherwise(T value) {
    return make.apply(cases.otherwise(Literals.of(Col.nonNull(value, "otherwise"))));
  }

  /** The result, {@code value} (which may be null) where no branch held. */
  public NullableCol<T, C> otherwise(NullableCol<T, C> value) {
    return new NullableCol<>(cases.otherwise(value.column()), null, make);
  }

  /** The result, null where no branch held. */
  public NullableCol<T, C> orNull() {
    return new NullableCol<>(cases, null, make);
  }
}
