package dev.wick.core.schema.internal;

/**
 * Record names made from text, the one rule the schema converters and the dataset reader share: a
 * field path gives a nested record's name, a file or table name a dataset's.
 */
public final class RecordNames {
  private RecordNames() {}

  /**
   * {@code text}'s letters and digits in upper camel case, each run of other characters starting a
   * new word ({@code track_plays -> TrackPlays}), with {@code prefix} in front when that is empty
   * or does not start with a letter.
   */
  public static String camelCase(String text, String prefix) {
    StringBuilder out = new StringBuilder();
    boolean upper = true;
    for (char c : text.toCharArray()) {
      if (!Character.isLetterOrDigit(c)) {
        upper = true;
        continue;
      }
      out.append(upper ? Character.toUpperCase(c) : c);
      upper = false;
    }
    if (out.length() == 0 || !Character.isLetter(out.charAt(0))) {
      out.insert(0, prefix);
    }
    return out.toString();
  }
}
