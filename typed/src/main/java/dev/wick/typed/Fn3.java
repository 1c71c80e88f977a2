package dev.wick.typed;

/**
 * A function of 3 arguments, for lambdas over the views of a join or a grouping.
 *
 * @param <A1> the type of argument 1
 * @param <A2> the type of argument 2
 * @param <A3> the type of argument 3
 * @param <R> the result type
 */
@FunctionalInterface
public interface Fn3<A1, A2, A3, R> {
  /** Applies the function. */
  R apply(A1 a1, A2 a2, A3 a3);
}
