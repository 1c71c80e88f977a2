package dev.wick.profiler;

import java.util.Objects;

/**
 * A frequent value and how often it occurred (exact while the field has fewer distinct values than
 * the frequent-items sketch tracks, otherwise an estimate within the sketch's error).
 */
public record ValueCount(String value, long count) {
  public ValueCount {
    Objects.requireNonNull(value, "value");
  }
}
