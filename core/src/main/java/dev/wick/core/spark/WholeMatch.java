package dev.wick.core.spark;

import java.io.Serializable;
import java.util.Optional;
import java.util.regex.Pattern;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Whether a whole value matches a Java regular expression, in Java and on Spark, with the answers
 * of {@code Pattern.compile("\\A(?:" + pattern + ")\\z").matcher(value).find()} and of Spark's
 * {@code rlike} of that anchored pattern, but decided by a table-driven automaton where it can: on
 * ASCII text, for patterns in the regular part of the syntax ({@link AsciiAutomaton}). Text with a
 * character beyond ASCII, and patterns outside that part, go to Java's engine as before.
 *
 * <p>On Spark the test is a code-generated call on the value's UTF-8 bytes, with no conversion to a
 * Java string; {@code rlike} decodes every value and runs a backtracking matcher, which costs more
 * than reading a column of Parquet. Null values give null, as {@code rlike} does.
 */
public final class WholeMatch implements Serializable {
  private static final long serialVersionUID = 1L;

  private final String pattern;
  private final AsciiAutomaton automaton;
  private transient Pattern compiled;

  private WholeMatch(String pattern, AsciiAutomaton automaton) {
    this.pattern = pattern;
    this.automaton = automaton;
  }

  /**
   * The whole-value test of {@code pattern}, a Java regular expression without anchors.
   *
   * @throws java.util.regex.PatternSyntaxException when Java cannot compile the pattern
   */
  public static WholeMatch of(String pattern) {
    WholeMatch m = new WholeMatch(pattern, AsciiAutomaton.of(pattern).orElse(null));
    m.javaPattern();
    return m;
  }

  /** The pattern, without the anchors the whole-value test adds. */
  public String pattern() {
    return pattern;
  }

  /** Whether the automaton decides ASCII values, rather than Java's engine deciding every value. */
  public boolean isAutomaton() {
    return automaton != null;
  }

  /** Whether the whole of {@code value} matches. */
  public boolean matches(String value) {
    if (automaton == null) {
      return javaMatches(value);
    }
    int state = automaton.start();
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c >= 128) {
        return javaMatches(value);
      }
      state = automaton.step(state, c);
      if (state < 0) {
        return false;
      }
    }
    return automaton.accepts(state);
  }

  /**
   * Whether the whole of a Spark string matches: the method the generated code calls. It reads the
   * UTF-8 bytes in place; a byte beyond ASCII hands the decoded value to Java's engine.
   */
  public boolean matchesUtf8(UTF8String value) {
    if (automaton == null) {
      return javaMatches(value.toString());
    }
    Object base = value.getBaseObject();
    long offset = value.getBaseOffset();
    int length = value.numBytes();
    int state = automaton.start();
    for (int i = 0; i < length; i++) {
      byte b = Platform.getByte(base, offset + i);
      if (b < 0) {
        return javaMatches(value.toString());
      }
      state = automaton.step(state, b);
      if (state < 0) {
        return false;
      }
    }
    return automaton.accepts(state);
  }

  /**
   * The Spark column that is true where the whole of {@code value} (cast to a string, as {@code
   * rlike} casts it) matches, false where it does not and null where it is null.
   */
  public Column column(Column value) {
    if (automaton == null) {
      return value.rlike(anchored());
    }
    return Invocations.booleanCall(this, "matchesUtf8", value, DataTypes.StringType);
  }

  /**
   * The Spark column that is true where every non-null element of the array of strings {@code
   * values} matches as a whole (an empty array too), false where one does not, and null where the
   * array is null: one generated loop, where {@code forall} would be an interpreted lambda.
   */
  public Column everyElement(Column values) {
    return Invocations.booleanCall(
        this, "everyMatchesUtf8", values, DataTypes.createArrayType(DataTypes.StringType));
  }

  /** Whether every non-null element matches as a whole: the method the generated code calls. */
  public boolean everyMatchesUtf8(ArrayData values) {
    for (int i = 0, n = values.numElements(); i < n; i++) {
      if (!values.isNullAt(i) && !matchesUtf8(values.getUTF8String(i))) {
        return false;
      }
    }
    return true;
  }

  private String anchored() {
    return "\\A(?:" + pattern + ")\\z";
  }

  private Pattern javaPattern() {
    if (compiled == null) {
      compiled = Pattern.compile(anchored());
    }
    return compiled;
  }

  private boolean javaMatches(String value) {
    return javaPattern().matcher(value).find();
  }

  /** The automaton's number of states, or empty when Java's engine decides every value. */
  Optional<Integer> states() {
    return Optional.ofNullable(automaton).map(AsciiAutomaton::states);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof WholeMatch other && other.pattern.equals(pattern);
  }

  @Override
  public int hashCode() {
    return pattern.hashCode();
  }

  @Override
  public String toString() {
    return "whole_match(" + pattern + ")";
  }
}
