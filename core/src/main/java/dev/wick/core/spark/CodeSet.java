package dev.wick.core.spark;

import java.io.Serializable;
import java.nio.CharBuffer;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A set of Unicode code points (0 to 0x10FFFF, lone surrogates included) as sorted, disjoint,
 * non-adjacent ranges: {@code bounds[2i]} is the first code point of range i and {@code
 * bounds[2i+1]} the one after its last.
 */
final class CodeSet implements Serializable {
  private static final long serialVersionUID = 1L;

  /** One past the last code point. */
  static final int END = Character.MAX_CODE_POINT + 1;

  static final CodeSet EMPTY = new CodeSet(new int[0]);
  static final CodeSet ALL = range(0, Character.MAX_CODE_POINT);

  private static final Map<String, CodeSet> PROBED = new ConcurrentHashMap<>();

  private final int[] bounds;

  private CodeSet(int[] bounds) {
    this.bounds = bounds;
  }

  /** The code points {@code from} to {@code to}, both included. */
  static CodeSet range(int from, int to) {
    return to < from ? EMPTY : new CodeSet(new int[] {from, to + 1});
  }

  static CodeSet of(int... codePoints) {
    CodeSet s = EMPTY;
    for (int c : codePoints) {
      s = s.union(range(c, c));
    }
    return s;
  }

  /**
   * The code points that a one-character Java pattern (a class such as {@code [a-z&&[^e]]} or a
   * property such as {@code \p{L}}) matches under {@code flags}, found by asking Java's engine
   * about every code point once; the answer is kept for the life of the JVM.
   */
  static CodeSet probed(String oneCharacter, int flags) {
    return PROBED.computeIfAbsent(
        flags + ":" + oneCharacter,
        k -> {
          Matcher m = Pattern.compile(oneCharacter, flags).matcher("");
          char[] buffer = new char[2];
          int[] out = new int[64];
          int n = 0;
          boolean inside = false;
          for (int cp = 0; cp < END; cp++) {
            int length = Character.toChars(cp, buffer, 0);
            boolean hit = m.reset(CharBuffer.wrap(buffer, 0, length)).matches();
            if (hit != inside) {
              if (n == out.length) {
                out = Arrays.copyOf(out, n * 2);
              }
              out[n++] = cp;
              inside = hit;
            }
          }
          if (inside) {
            if (n == out.length) {
              out = Arrays.copyOf(out, n + 1);
            }
            out[n++] = END;
          }
          return new CodeSet(Arrays.copyOf(out, n));
        });
  }

  boolean contains(int cp) {
    int i = Arrays.binarySearch(bounds, cp);
    // an exact hit on a start (even index) is inside; on an end (odd index) outside
    return i >= 0 ? (i & 1) == 0 : ((-i - 1) & 1) == 1;
  }

  boolean isEmpty() {
    return bounds.length == 0;
  }

  /** The starts and ends of the ranges, to cut the code points into classes. */
  int[] bounds() {
    return bounds.clone();
  }

  CodeSet union(CodeSet o) {
    return merge(o);
  }

  CodeSet complement() {
    int[] b = new int[bounds.length + 2];
    int n = 0;
    int at = 0;
    for (int i = 0; i < bounds.length; i += 2) {
      if (bounds[i] > at) {
        b[n++] = at;
        b[n++] = bounds[i];
      }
      at = bounds[i + 1];
    }
    if (at < END) {
      b[n++] = at;
      b[n++] = END;
    }
    return new CodeSet(Arrays.copyOf(b, n));
  }

  CodeSet intersect(CodeSet o) {
    return complement().union(o.complement()).complement();
  }

  /**
   * The set Java's case-insensitive matching without UNICODE_CASE gives a literal or range: an
   * ASCII letter is in it when either of its cases is in this set.
   */
  CodeSet foldAscii() {
    CodeSet s = this;
    for (int c = 'a'; c <= 'z'; c++) {
      int upper = c - 32;
      if (contains(c) || contains(upper)) {
        s = s.union(of(c, upper));
      }
    }
    return s;
  }

  private CodeSet merge(CodeSet o) {
    int[] b = new int[bounds.length + o.bounds.length];
    int n = 0;
    int i = 0;
    int j = 0;
    while (i < bounds.length || j < o.bounds.length) {
      int from;
      int to;
      if (j >= o.bounds.length || (i < bounds.length && bounds[i] <= o.bounds[j])) {
        from = bounds[i];
        to = bounds[i + 1];
        i += 2;
      } else {
        from = o.bounds[j];
        to = o.bounds[j + 1];
        j += 2;
      }
      if (n > 0 && from <= b[n - 1]) {
        b[n - 1] = Math.max(b[n - 1], to);
      } else {
        b[n++] = from;
        b[n++] = to;
      }
    }
    return new CodeSet(Arrays.copyOf(b, n));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof CodeSet other && Arrays.equals(other.bounds, bounds);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(bounds);
  }

  @Override
  public String toString() {
    return Arrays.toString(bounds);
  }
}
