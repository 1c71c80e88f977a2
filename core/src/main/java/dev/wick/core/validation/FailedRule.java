package dev.wick.core.validation;

import java.util.Objects;

/**
 * One failed rule of one record: the field path ({@code events[].country}), the rule ({@code
 * country_code}, {@code range(max=10, min=0)}, {@code not_null}) and why. When several values at a
 * repeated path fail, the reason is the first one's, followed by {@code (and N more)}.
 *
 * @param field the field path in Wick's notation
 * @param rule the rule's name
 * @param reason why the value is invalid
 */
public record FailedRule(String field, String rule, String reason) {
  public FailedRule {
    Objects.requireNonNull(field, "field");
    Objects.requireNonNull(rule, "rule");
    Objects.requireNonNull(reason, "reason");
  }

  @Override
  public String toString() {
    return field + " [" + rule + "]: " + reason;
  }
}
