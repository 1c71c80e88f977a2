package dev.wick.typed;

/**
 * A function of 5 arguments, for lambdas over the views of a join or a grouping.
 *
 * @param <A1> the type of argument 1
 * @param <A2> the type of argument 2
 * @param <A3> the type of argument 3
 * @param <A4> the type of argument 4
 * @param <A5> the type of argument 5
 * @param <R> the result type
 */
@FunctionalInterface
public interface Fn5<A1, A2, A3, A4, A5, R> {
  /** Applies the function. */
  R apply(A1 a1, A2 a2, A3 a3, A4 a4, A5 a5);
}
