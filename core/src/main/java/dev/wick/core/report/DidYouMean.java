package dev.wick.core.report;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The names nearest to one a user wrote, for the "did you mean" of Wick's messages: one measure
 * (the edit distance, ignoring case, ties broken by name) for field names, check kinds and keys.
 */
public final class DidYouMean {
  private DidYouMean() {}

  /** At most {@code limit} of {@code names}, nearest to {@code name} first. */
  public static List<String> nearest(String name, Collection<String> names, int limit) {
    String typed = name.toLowerCase(Locale.ROOT);
    return names.stream()
        .sorted(
            Comparator.comparingInt((String n) -> distance(typed, n.toLowerCase(Locale.ROOT)))
                .thenComparing(n -> n))
        .limit(limit)
        .toList();
  }

  /**
   * {@code " (did you mean 'x'?)"} for the nearest of {@code names} when it is close enough to be a
   * slip of {@code name} (at most two edits, or half its length), else nothing.
   */
  public static String suggestion(String name, Collection<String> names) {
    List<String> best = nearest(name, names, 1);
    if (best.isEmpty()
        || distance(name.toLowerCase(Locale.ROOT), best.get(0).toLowerCase(Locale.ROOT))
            > Math.max(2, best.get(0).length() / 2)) {
      return "";
    }
    return " (did you mean '" + best.get(0) + "'?)";
  }

  /** The Levenshtein distance of two texts, in UTF-16 units. */
  static int distance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }
}
