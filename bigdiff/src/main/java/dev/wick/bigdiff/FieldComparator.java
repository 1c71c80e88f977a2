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
 *
 * <p>The tolerances and text rules of {@link BigDiff} are comparators too, held by the path they
 * are set at and applying to every value of their kind at or below it. A field's own comparator
 * wins over them; they win over a comparator for the value's type.
 */
@FunctionalInterface
public interface FieldComparator {
  /** Whether {@code lhs} and {@code rhs}, both non-null values of the field, are equal. */
  Column equal(Column lhs, Column rhs);
}
