package dev.wick.core.validation;

import dev.wick.core.WickException;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The outcome of validating one value: valid, or invalid with the rules it fails.
 *
 * @param value the validated value
 * @param violations what failed, in schema order; empty when valid
 * @param <T> the value's type
 */
public record ValidationResult<T>(T value, List<FailedRule> violations) {
  public ValidationResult {
    violations = List.copyOf(violations);
  }

  public boolean isValid() {
    return violations.isEmpty();
  }

  public boolean isInvalid() {
    return !violations.isEmpty();
  }

  /** The failing field paths, in schema order. */
  public List<String> invalidFields() {
    return violations.stream().map(FailedRule::field).distinct().toList();
  }

  /** The value when valid; otherwise a check failure listing every violation. */
  public T requireValid() {
    if (isInvalid()) {
      throw WickException.checkFailed(
          "The record is invalid: "
              + violations.stream().map(FailedRule::toString).collect(Collectors.joining("; "))
              + ".");
    }
    return value;
  }
}
