package dev.wick.core.report;

/**
 * Helpers shared by Wick's self-contained HTML reports (the diff report, the profile report): one
 * escaping rule for every text that lands in a page, so a field name or a value from the data can
 * never break out of its element or attribute.
 */
public final class Html {
  private Html() {}

  /** Text escaped for HTML element content and for single- or double-quoted attribute values. */
  public static String escape(String text) {
    StringBuilder out = new StringBuilder(text.length() + 16);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '&' -> out.append("&amp;");
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '"' -> out.append("&quot;");
        case '\'' -> out.append("&#39;");
        default -> out.append(c);
      }
    }
    return out.toString();
  }
}
