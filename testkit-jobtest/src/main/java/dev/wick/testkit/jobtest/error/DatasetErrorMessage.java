package dev.wick.testkit.jobtest.error;

import org.assertj.core.description.Description;
import org.assertj.core.error.ErrorMessageFactory;
import org.assertj.core.presentation.Representation;

/**
 * The base of the dataset assertions' message factories: each subclass builds the text of one kind
 * of failure, and this class puts the assertion's description ({@code as("...")}) in front of it
 * the way AssertJ does.
 */
public abstract class DatasetErrorMessage implements ErrorMessageFactory {

  /** The message without a description. */
  public abstract String message();

  @Override
  public final String create(Description description, Representation representation) {
    return create(description);
  }

  @Override
  public final String create(Description description) {
    String value = description == null ? null : description.value();
    return value == null || value.isEmpty() ? message() : "[" + value + "] " + message();
  }

  @Override
  public final String create() {
    return message();
  }

  @Override
  public String toString() {
    return message();
  }
}
