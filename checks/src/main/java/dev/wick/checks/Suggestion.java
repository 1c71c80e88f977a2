package dev.wick.checks;

import java.util.Objects;
import java.util.Optional;

/**
 * One suggestion of {@link Suggestions}: a check, a semantic type for the schema, or both, with the
 * profile statistic it came from.
 *
 * @param field the field path it is about, empty for the row count
 * @param check the proposed check, if any
 * @param semantic the proposed semantic type in text form ({@code country_code}), if any
 * @param because the statistic behind it, for people ({@code 2.10% nulls in 10000 values, less a
 *     margin of 1%})
 */
public record Suggestion(
    String field, Optional<Check> check, Optional<String> semantic, String because) {
  public Suggestion {
    Objects.requireNonNull(field, "field");
    Objects.requireNonNull(check, "check");
    Objects.requireNonNull(semantic, "semantic");
    Objects.requireNonNull(because, "because");
  }

  /** One line for people: what is proposed, and why. */
  public String line() {
    String what =
        check.map(Check::name).orElseGet(() -> "semantic(" + field + ")")
            + semantic
                .filter(s -> check.isEmpty() || !(check.get().rule() instanceof SemanticCheck))
                .map(s -> " [schema: " + s + "]")
                .orElse("");
    return what + ": " + because;
  }
}
