package dev.wick.core.validation;

import static org.apache.spark.sql.functions.concat;
import static org.apache.spark.sql.functions.lit;

import dev.wick.core.schema.DataType;
import dev.wick.core.validation.internal.SparkForms;
import java.util.Optional;
import java.util.SplittableRandom;
import org.apache.spark.sql.Column;

/**
 * Business meaning beyond a field's storage type: a country code, a positive number, an id. A
 * semantic type checks a value, draws valid (and on request invalid) values for the generators,
 * and, where Catalyst can express its rule, gives a column expression for validating on Spark.
 *
 * <p>Values are in Wick's Java form: {@code String}, {@code Integer}, {@code Long}, {@code Float},
 * {@code Double}, {@code BigDecimal}, {@code Boolean}, {@code java.time.LocalDate}, {@code
 * java.time.Instant} (timestamps; {@code java.time.LocalDateTime} for local timestamps), {@code
 * byte[]}.
 *
 * <p>A type that has no {@link #validWhen(Column)} runs on Spark as a Java function over the
 * values; on a cluster its executors find it through the registry, so register such types through a
 * {@link SemanticTypes.SemanticTypeProvider} (or make them {@code Serializable}).
 */
public interface SemanticType {

  /** The registered name, as written in schemas ({@code country_code}). */
  String name();

  /** Whether this semantic type can apply to a field of the given storage type. */
  boolean supports(DataType storage);

  /** Why {@code value} (never null) is invalid, or empty when it is valid. */
  Optional<String> check(Object value);

  /** A valid value of the given storage type. */
  Object generateValid(SplittableRandom random, DataType storage);

  /** An invalid value of the given storage type, or empty when every storable value is valid. */
  Optional<Object> generateInvalid(SplittableRandom random, DataType storage);

  /**
   * A Catalyst predicate that is true when {@code value} is valid (it is not called for nulls), or
   * empty when the rule has no Catalyst form and must run as a function over the values.
   */
  default Optional<Column> validWhen(Column value) {
    return Optional.empty();
  }

  /**
   * {@link #validWhen(Column)} for a column of a known storage type, for rules whose best Catalyst
   * form depends on it (comparing an int column with an integer literal rather than a decimal).
   */
  default Optional<Column> validWhen(Column value, DataType storage) {
    return validWhen(value);
  }

  /**
   * For an array of values of this type in the given storage type, a Spark condition that is true
   * when every non-null element is valid (an empty array too) and null when the array is null,
   * computed without Catalyst's lambdas ({@code forall}, {@code filter}), which Spark interprets
   * and which keep it from compiling the projection that holds them with the scan. Empty when the
   * type has none; Wick then tests each element with {@link #validWhen(Column, DataType)} in a
   * lambda.
   */
  default Optional<Column> everyValidWhen(Column values, DataType storage) {
    return Optional.empty();
  }

  /**
   * A Catalyst expression for why a non-null value that {@link #validWhen} rejects is invalid, the
   * same text {@link #check(Object)} gives where possible. By default: the value and "is not a
   * valid NAME".
   */
  default Column invalidReason(Column value, DataType storage) {
    return concat(SparkForms.render(value, storage), lit(" is not a valid " + name()));
  }
}
