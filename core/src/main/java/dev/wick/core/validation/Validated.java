package dev.wick.core.validation;

import java.util.Optional;

/**
 * A value type that checks itself, such as {@code record CountryCode(String value) implements
 * Validated}. Used as a record component's type, it stands for its single component's storage type
 * in the schema, and the field gets the semantic type named by the class.
 */
public interface Validated {
  /** Why this value is invalid, or empty when it is valid. */
  Optional<String> invalidReason();
}
