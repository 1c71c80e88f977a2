package dev.wick.bigdiff;

import dev.wick.core.report.Wording;

/**
 * Long values as a report shows them to people: a window of at most {@link #WIDTH} characters,
 * placed where two values first differ, with the value's length. The JSON summary keeps the whole
 * values; a page of two 10 MB texts would be unreadable, and the difference in them hard to find.
 */
final class Excerpt {
  private Excerpt() {}

  /** The most characters of one value shown. */
  static final int WIDTH = 120;

  /** How far before the first difference the window starts. */
  private static final int LEAD = WIDTH / 3;

  /** {@code value}, cut to its first {@link #WIDTH} characters when longer. */
  static String of(String value) {
    return value == null ? null : window(value, 0);
  }

  /**
   * {@code left} and {@code right}, each cut to the same window around the first character where
   * they differ; a value within {@link #WIDTH} characters is shown whole.
   */
  static String[] around(String left, String right) {
    if (left == null || right == null) {
      return new String[] {of(left), of(right)};
    }
    int n = Math.min(left.length(), right.length());
    int first = 0;
    while (first < n && left.charAt(first) == right.charAt(first)) {
      first++;
    }
    int start = Math.max(0, first - LEAD);
    if (start > 0 && Character.isLowSurrogate(left.charAt(start))) {
      start--; // never split a character in two
    }
    return new String[] {window(left, start), window(right, start)};
  }

  private static String window(String value, int start) {
    if (value.length() <= WIDTH) {
      return value;
    }
    int from = Math.min(start, value.length());
    int to = Math.min(value.length(), from + WIDTH);
    if (to < value.length() && Character.isHighSurrogate(value.charAt(to - 1))) {
      to--;
    }
    return (from > 0 ? "…" : "")
        + value.substring(from, to)
        + (to < value.length() ? "…" : "")
        + " ("
        + Wording.count(value.length(), "character")
        + ")";
  }
}
