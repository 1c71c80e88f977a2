package dev.wick.bigdiff;

import org.apache.spark.sql.Column;

/**
 * How two values of a field are equal, as a Catalyst expression: registered with {@link
 * BigDiff#comparator(String, FieldComparator)} for one field, or {@link BigDiff#comparator(Class,
 * FieldComparator)} for every value of a type. The diff calls it only when both values are present
 * (a null equals only a null), and a null result counts as not equal.
 *
 * <pre>{@code
 * // prices equal to the cent; e-mail addresses equal ignoring case
 * BigDiff.key("id")
 *     .comparator("price", (l, r) -> functions.round(l, 2).equalTo(functions.round(r, 2)))
 *     .comparator(DataType.StringType.class, (l, r) -> functions.lower(l).equalTo(functions.lower(r)));
 * }</pre>
 *
 * <p>Build the expression from the two columns with {@code functions.*}: no UDF, so that Spark can
 * still generate code for the comparison.
 */
@FunctionalInterface
public interface FieldComparator {
  /** Whether {@code lhs} and {@code rhs}, both non-null values of the field, are equal. */
  Column equal(Column lhs, Column rhs);
}
