package dev.wick.core.validation.internal;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Draws strings from a regular expression, for the generators of {@code regex(pattern=...)}: a
 * small parser for the common syntax (literals, escapes, classes, {@code .}, groups, alternation,
 * greedy/lazy/possessive quantifiers, anchors, inline flags) that builds a tree and walks it with a
 * seeded random. Characters are drawn from printable ASCII. Constructs that constrain a string
 * beyond its shape (look-arounds, back references, Unicode properties) are refused with a message
 * naming them; callers check every drawn string against the real pattern.
 */
final class RegexGenerator {
  private static final int UNBOUNDED_EXTRA = 8;
  private static final BitSet PRINTABLE = range(' ', '~');

  private final Node root;

  private RegexGenerator(Node root) {
    this.root = root;
  }

  /**
   * Parses {@code pattern}; fails with an {@link UnsupportedOperationException} naming the part.
   */
  static RegexGenerator of(String pattern) {
    Parser p = new Parser(pattern);
    Node n = p.alternation();
    if (p.pos < pattern.length()) {
      throw new UnsupportedOperationException("an unmatched ')' at position " + p.pos);
    }
    return new RegexGenerator(n);
  }

  String generate(SplittableRandom random) {
    StringBuilder out = new StringBuilder();
    root.emit(random, out);
    return out.toString();
  }

  private sealed interface Node {
    void emit(SplittableRandom random, StringBuilder out);
  }

  private record Chars(BitSet set) implements Node {
    @Override
    public void emit(SplittableRandom random, StringBuilder out) {
      int n = set.cardinality();
      int k = random.nextInt(n);
      int c = set.nextSetBit(0);
      for (int i = 0; i < k; i++) {
        c = set.nextSetBit(c + 1);
      }
      out.append((char) c);
    }
  }

  private record Literal(String text) implements Node {
    @Override
    public void emit(SplittableRandom random, StringBuilder out) {
      out.append(text);
    }
  }

  private record Sequence(List<Node> parts) implements Node {
    @Override
    public void emit(SplittableRandom random, StringBuilder out) {
      for (Node n : parts) {
        n.emit(random, out);
      }
    }
  }

  private record Choice(List<Node> options) implements Node {
    @Override
    public void emit(SplittableRandom random, StringBuilder out) {
      options.get(random.nextInt(options.size())).emit(random, out);
    }
  }

  private record Repeat(Node node, int min, int max) implements Node {
    @Override
    public void emit(SplittableRandom random, StringBuilder out) {
      int hi = max < 0 ? min + UNBOUNDED_EXTRA : max;
      int times = min + random.nextInt(hi - min + 1);
      for (int i = 0; i < times; i++) {
        node.emit(random, out);
      }
    }
  }

  private static BitSet range(char from, char to) {
    BitSet b = new BitSet(128);
    b.set(from, to + 1);
    return b;
  }

  private static BitSet digits() {
    return range('0', '9');
  }

  private static BitSet word() {
    BitSet b = range('a', 'z');
    b.or(range('A', 'Z'));
    b.or(digits());
    b.set('_');
    return b;
  }

  private static BitSet space() {
    BitSet b = new BitSet(128);
    b.set(' ');
    b.set('\t');
    return b;
  }

  private static BitSet complement(BitSet set) {
    BitSet b = (BitSet) PRINTABLE.clone();
    b.andNot(set);
    return b;
  }

  private static final class Parser {
    private final String s;
    private int pos;

    Parser(String s) {
      this.s = s;
    }

    Node alternation() {
      List<Node> options = new ArrayList<>();
      options.add(sequence());
      while (pos < s.length() && s.charAt(pos) == '|') {
        pos++;
        options.add(sequence());
      }
      return options.size() == 1 ? options.get(0) : new Choice(options);
    }

    Node sequence() {
      List<Node> parts = new ArrayList<>();
      while (pos < s.length() && s.charAt(pos) != '|' && s.charAt(pos) != ')') {
        Node atom = atom();
        parts.add(quantified(atom));
      }
      return new Sequence(parts);
    }

    Node quantified(Node atom) {
      if (pos >= s.length()) {
        return atom;
      }
      char c = s.charAt(pos);
      int min;
      int max;
      if (c == '*') {
        min = 0;
        max = -1;
        pos++;
      } else if (c == '+') {
        min = 1;
        max = -1;
        pos++;
      } else if (c == '?') {
        min = 0;
        max = 1;
        pos++;
      } else if (c == '{' && isBound(pos)) {
        int close = s.indexOf('}', pos);
        String body = s.substring(pos + 1, close);
        pos = close + 1;
        int comma = body.indexOf(',');
        if (comma < 0) {
          min = max = Integer.parseInt(body);
        } else {
          min = Integer.parseInt(body.substring(0, comma));
          String rest = body.substring(comma + 1);
          max = rest.isEmpty() ? -1 : Integer.parseInt(rest);
        }
      } else {
        return atom;
      }
      if (pos < s.length() && (s.charAt(pos) == '?' || s.charAt(pos) == '+')) {
        pos++;
      }
      return quantified(new Repeat(atom, min, max));
    }

    private boolean isBound(int at) {
      int close = s.indexOf('}', at);
      return close > at + 1 && s.substring(at + 1, close).matches("[0-9]+(,[0-9]*)?");
    }

    Node atom() {
      char c = s.charAt(pos++);
      switch (c) {
        case '(':
          return group();
        case '[':
          return new Chars(charClass());
        case '.':
          return new Chars(PRINTABLE);
        case '^':
        case '$':
          return new Literal("");
        case '\\':
          return escape();
        default:
          return new Literal(String.valueOf(c));
      }
    }

    Node group() {
      if (s.startsWith("?", pos)) {
        if (s.startsWith("?:", pos)) {
          pos += 2;
        } else if (s.startsWith("?<", pos)
            && pos + 2 < s.length()
            && Character.isLetter(s.charAt(pos + 2))) {
          pos = s.indexOf('>', pos) + 1;
        } else if (s.startsWith("?=", pos)
            || s.startsWith("?!", pos)
            || s.startsWith("?<=", pos)
            || s.startsWith("?<!", pos)) {
          throw new UnsupportedOperationException("a look-around group at position " + (pos - 1));
        } else {
          // inline flags, (?i) or (?i:...): the drawn strings still match under them
          int end = pos + 1;
          while (end < s.length() && Character.isLetter(s.charAt(end))
              || end < s.length() && s.charAt(end) == '-') {
            end++;
          }
          if (end < s.length() && s.charAt(end) == ')') {
            pos = end + 1;
            return new Literal("");
          }
          pos = end + 1;
        }
      }
      Node inner = alternation();
      if (pos >= s.length() || s.charAt(pos) != ')') {
        throw new UnsupportedOperationException("an unclosed group");
      }
      pos++;
      return inner;
    }

    BitSet charClass() {
      boolean negated = false;
      if (pos < s.length() && s.charAt(pos) == '^') {
        negated = true;
        pos++;
      }
      BitSet set = new BitSet(128);
      boolean first = true;
      while (pos < s.length() && (s.charAt(pos) != ']' || first)) {
        first = false;
        char c = s.charAt(pos++);
        if (c == '[' || (c == '&' && pos < s.length() && s.charAt(pos) == '&')) {
          throw new UnsupportedOperationException("a nested class or class intersection");
        }
        int lo;
        if (c == '\\') {
          BitSet escaped = classEscape();
          if (escaped != null) {
            set.or(escaped);
            continue;
          }
          lo = s.charAt(pos - 1);
        } else {
          lo = c;
        }
        if (pos + 1 < s.length() && s.charAt(pos) == '-' && s.charAt(pos + 1) != ']') {
          pos++;
          char hiChar = s.charAt(pos++);
          int hi = hiChar;
          if (hiChar == '\\') {
            hi = s.charAt(pos++);
          }
          for (int i = lo; i <= hi; i++) {
            if (i < 128) {
              set.set(i);
            }
          }
        } else if (lo < 128) {
          set.set(lo);
        }
      }
      pos++; // ']'
      BitSet result = negated ? complement(set) : set;
      BitSet printable = (BitSet) result.clone();
      printable.and(PRINTABLE);
      if (printable.isEmpty()) {
        if (result.isEmpty()) {
          throw new UnsupportedOperationException(
              "a character class that no ASCII character matches");
        }
        return result;
      }
      return printable;
    }

    /** A class shorthand after a backslash inside [...], or null with pos on the escaped char. */
    BitSet classEscape() {
      char e = s.charAt(pos++);
      BitSet shorthand = shorthand(e);
      if (shorthand != null) {
        return shorthand;
      }
      if (e == 'p' || e == 'P') {
        throw new UnsupportedOperationException("a Unicode property class \\" + e);
      }
      char literal = literalEscape(e);
      if (literal != 0) {
        BitSet b = new BitSet(128);
        b.set(literal);
        return b;
      }
      return null;
    }

    Node escape() {
      char e = s.charAt(pos++);
      BitSet shorthand = shorthand(e);
      if (shorthand != null) {
        return new Chars(shorthand);
      }
      switch (e) {
        case 'A':
        case 'z':
        case 'Z':
        case 'b':
        case 'B':
        case 'G':
          return new Literal("");
        case 'Q':
          int end = s.indexOf("\\E", pos);
          String quoted = end < 0 ? s.substring(pos) : s.substring(pos, end);
          pos = end < 0 ? s.length() : end + 2;
          return new Literal(quoted);
        case 'p':
        case 'P':
          throw new UnsupportedOperationException("a Unicode property class \\" + e);
        case 'k':
          throw new UnsupportedOperationException("a named back reference");
        default:
          if (Character.isDigit(e) && e != '0') {
            throw new UnsupportedOperationException("a back reference \\" + e);
          }
          char literal = literalEscape(e);
          return new Literal(String.valueOf(literal != 0 ? literal : e));
      }
    }

    private char literalEscape(char e) {
      switch (e) {
        case 't':
          return '\t';
        case 'n':
          return '\n';
        case 'r':
          return '\r';
        case 'f':
          return '\f';
        case 'e':
          return 27;
        case 'x':
          {
            char c = (char) Integer.parseInt(s.substring(pos, pos + 2), 16);
            pos += 2;
            return c;
          }
        case 'u':
          {
            char c = (char) Integer.parseInt(s.substring(pos, pos + 4), 16);
            pos += 4;
            return c;
          }
        default:
          return 0;
      }
    }

    private static BitSet shorthand(char e) {
      return switch (e) {
        case 'd' -> digits();
        case 'D' -> complement(digits());
        case 'w' -> word();
        case 'W' -> complement(word());
        case 's' -> space();
        case 'S' -> complement(space());
        default -> null;
      };
    }
  }
}
