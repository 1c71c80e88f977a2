package dev.wick.core.spark;

import java.io.Serializable;
import java.util.regex.Pattern;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Whether a whole value matches a Java regular expression, in Java and on Spark, with the answers
 * of {@code Pattern.compile("\\A(?:" + pattern + ")\\z").matcher(value).find()}, decided in time
 * linear in the value by an {@link Automaton}: a table lookup a character, ASCII characters by a
 * direct table. Patterns no linear-time matcher decides (back references, look-arounds and the
 * like) are refused when the match is made.
 *
 * <p>On Spark the test is a code-generated call on the value's UTF-8 bytes, with no conversion to a
 * Java string; {@code rlike} decodes every value and runs a backtracking matcher, which costs more
 * than reading a column of Parquet and can take time exponential in the value. Null values give
 * null, as {@code rlike} does.
 */
public final class WholeMatch implements Serializable {
  private static final long serialVersionUID = 1L;

  private final String pattern;
  private final Automaton automaton;

  private WholeMatch(String pattern, Automaton automaton) {
    this.pattern = pattern;
    this.automaton = automaton;
  }

  /**
   * The whole-value test of {@code pattern}, a Java regular expression without anchors.
   *
   * @throws java.util.regex.PatternSyntaxException when Java cannot compile the pattern
   * @throws UnsupportedPatternException when the pattern uses a construct that no linear-time
   *     matcher decides, such as a back reference; its message names the construct
   */
  public static WholeMatch of(String pattern) {
    Pattern.compile(pattern);
    return new WholeMatch(pattern, Automaton.of(pattern));
  }

  /** The pattern, without the anchors the whole-value test adds. */
  public String pattern() {
    return pattern;
  }

  /** Whether the whole of {@code value} matches. */
  public boolean matches(String value) {
    if (!automaton.isTable()) {
      return automaton.simulate(value);
    }
    int state = automaton.start();
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c >= 128) {
        return automaton.matches(value);
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
   * UTF-8 bytes in place, ASCII bytes by a direct table and other characters decoded as they come;
   * bytes that are not well-formed UTF-8 are read as Spark's string of them reads.
   */
  public boolean matchesUtf8(UTF8String value) {
    if (!automaton.isTable()) {
      return automaton.simulate(value.toString());
    }
    Object base = value.getBaseObject();
    long offset = value.getBaseOffset();
    int length = value.numBytes();
    int state = automaton.start();
    for (int i = 0; i < length; i++) {
      byte b = Platform.getByte(base, offset + i);
      if (b < 0) {
        return matchesBeyondAscii(value, state, i);
      }
      state = automaton.step(state, b);
      if (state < 0) {
        return false;
      }
    }
    return automaton.accepts(state);
  }

  /** Goes on from {@code state} at byte {@code from}, decoding UTF-8 to code points. */
  private boolean matchesBeyondAscii(UTF8String value, int state, int from) {
    Object base = value.getBaseObject();
    long offset = value.getBaseOffset();
    int length = value.numBytes();
    int i = from;
    while (i < length) {
      int b0 = Platform.getByte(base, offset + i) & 0xFF;
      int cp;
      int size;
      if (b0 < 0x80) {
        cp = b0;
        size = 1;
      } else {
        int lowest = 0x80;
        int highest = 0xBF;
        if (b0 >= 0xC2 && b0 <= 0xDF) {
          size = 2;
          cp = b0 & 0x1F;
        } else if (b0 >= 0xE0 && b0 <= 0xEF) {
          size = 3;
          cp = b0 & 0x0F;
          lowest = b0 == 0xE0 ? 0xA0 : 0x80;
          highest = b0 == 0xED ? 0x9F : 0xBF;
        } else if (b0 >= 0xF0 && b0 <= 0xF4) {
          size = 4;
          cp = b0 & 0x07;
          lowest = b0 == 0xF0 ? 0x90 : 0x80;
          highest = b0 == 0xF4 ? 0x8F : 0xBF;
        } else {
          return automaton.matches(value.toString());
        }
        if (i + size > length) {
          return automaton.matches(value.toString());
        }
        for (int k = 1; k < size; k++) {
          int b = Platform.getByte(base, offset + i + k) & 0xFF;
          if (b < lowest || b > highest) {
            return automaton.matches(value.toString());
          }
          lowest = 0x80;
          highest = 0xBF;
          cp = cp << 6 | (b & 0x3F);
        }
      }
      state = automaton.stepCodePoint(state, cp);
      if (state < 0) {
        return false;
      }
      i += size;
    }
    return automaton.accepts(state);
  }

  /**
   * The Spark column that is true where the whole of {@code value} (cast to a string, as {@code
   * rlike} casts it) matches, false where it does not and null where it is null.
   */
  public Column column(Column value) {
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

  /** The automaton's number of table states, or 0 when it is simulated. */
  int states() {
    return automaton.states();
  }

  /** Whether the automaton runs as a table rather than a simulation. */
  boolean isTable() {
    return automaton.isTable();
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
