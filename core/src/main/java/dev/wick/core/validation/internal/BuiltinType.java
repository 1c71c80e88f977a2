package dev.wick.core.validation.internal;

import static org.apache.spark.sql.functions.lit;

import dev.wick.core.schema.DataType;
import dev.wick.core.schema.JavaValues;
import dev.wick.core.validation.SemanticType;
import java.util.Optional;
import org.apache.spark.sql.Column;

/**
 * The shape every built-in shares: a rule over the Java form of a value, a Catalyst form of the
 * same rule, and a reason that is the rendered value followed by one fixed phrase (the same text
 * from {@link #check(Object)} and from {@link #invalidReason(Column, DataType)}).
 */
abstract class BuiltinType implements SemanticType {
  private final String name;
  private final String tail;

  BuiltinType(String name, String tail) {
    this.name = name;
    this.tail = tail;
  }

  @Override
  public final String name() {
    return name;
  }

  /** The phrase after the value in a reason, such as {@code is not an email address}. */
  final String tail() {
    return tail;
  }

  /** Whether a value in Java form (never null) is valid. */
  abstract boolean isValid(Object value);

  /** The Catalyst predicate for a non-null value; every built-in has one. */
  abstract Column predicate(Column value);

  @Override
  public final Optional<String> check(Object value) {
    Object v = JavaValues.normalize(value, null);
    boolean valid;
    try {
      valid = isValid(v);
    } catch (ClassCastException e) {
      return Optional.of(
          JavaForms.render(v)
              + " is a "
              + v.getClass().getSimpleName()
              + ", which "
              + name
              + " cannot check");
    }
    return valid ? Optional.empty() : Optional.of(JavaForms.render(v) + " " + tail);
  }

  @Override
  public final Optional<Column> validWhen(Column value) {
    return Optional.of(predicate(value));
  }

  @Override
  public Column invalidReason(Column value, DataType storage) {
    return SparkForms.reason(value, storage, tail);
  }

  static boolean isText(DataType storage) {
    return storage instanceof DataType.StringType;
  }

  static Column alwaysFalse() {
    return lit(false);
  }

  @Override
  public String toString() {
    return name;
  }
}
