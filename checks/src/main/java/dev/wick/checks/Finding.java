package dev.wick.checks;

import java.util.Objects;

/**
 * Something {@link Suggestions} found in the profiled data that the user decides on, beside the
 * suggested checks: a rule the schema declares that the data already breaks, a key candidate with
 * repeated values, stale data. The suggested checks pass on the profiled data; a finding says what
 * they had to give up to pass, and how to enforce it instead.
 *
 * @param field the field path it is about
 * @param kind what was found
 * @param message one sentence for people, with the numbers and what to set to enforce the rule
 */
public record Finding(String field, Kind kind, String message) {
  public Finding {
    Objects.requireNonNull(field, "field");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(message, "message");
  }

  /** What a finding is about. */
  public enum Kind {
    /** Values break the semantic type the schema declares. */
    BREACH,
    /** A field whose values looked all distinct repeats some of them. */
    DUPLICATES,
    /** The newest value is far older than the span the field's values cover. */
    STALE;

    /** The kind as written in {@code suggestions.json} ({@code breach}). */
    public String text() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }
}
