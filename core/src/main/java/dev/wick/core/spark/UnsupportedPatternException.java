package dev.wick.core.spark;

/**
 * A regular expression that Java compiles but that uses a construct no linear-time matcher decides
 * (a back reference, a look-around, an atomic group, ...), so Wick refuses it rather than risk a
 * backtracking search that can take time exponential in the value.
 */
public final class UnsupportedPatternException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String pattern;
  private final String construct;

  UnsupportedPatternException(String pattern, String construct) {
    super(
        "pattern '"
            + pattern
            + "' uses "
            + construct
            + "; Wick matches only patterns it decides in time linear in the value, so rewrite"
            + " the pattern without it.");
    this.pattern = pattern;
    this.construct = construct;
  }

  /** The pattern as written. */
  public String pattern() {
    return pattern;
  }

  /** What the pattern uses that Wick does not match, and why, such as "a back reference (...)". */
  public String construct() {
    return construct;
  }
}
