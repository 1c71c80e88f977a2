package dev.wick.core.spark;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * An automaton that decides, in time linear in the text, whether the whole text matches a Java
 * regular expression: exactly what {@code Pattern.compile("\\A(?:" + pattern +
 * ")\\z").matcher(text).find()} answers, reading the text as Java does, one code point at a time (a
 * surrogate pair is one code point, a lone surrogate is itself).
 *
 * <p>It reads the regular part of Java's syntax with Java's default meaning: literals and escapes
 * ({@code \t \n \xhh \x{h..h} \0oo \cX \N{name} \Q..\E} and the four-digit Unicode escape), {@code
 * .} (no line terminator, unless {@code (?s)}, or only no {@code \n} under {@code (?d)}), classes
 * with ranges, negation, nested classes and intersections, {@code \d \w \s} (ASCII only) and {@code
 * \h \v} and their negations, properties such as {@code \p{L}} or {@code \p{Alpha}}, groups
 * (capturing, named and {@code (?:)}), alternation, greedy or lazy {@code ? * + {n} {n,} {n,m}}
 * (laziness does not change which texts match as a whole), the inline flags {@code i} (ASCII case
 * folding), {@code s}, {@code d} and {@code m}, {@code ^} and {@code \A} anywhere, {@code \z}
 * anywhere, and {@code $} and {@code \Z} where no character can follow them. Classes and properties
 * this does not read itself are asked of Java's engine, one code point at a time, once.
 *
 * <p>What no linear-time matcher decides (back references, look-arounds, atomic groups, possessive
 * quantifiers) and the few constructs it does not read (word boundaries, {@code \G \R \X}, the
 * flags {@code x}, {@code U} and case folding beyond ASCII) are refused with {@link
 * UnsupportedPatternException}.
 *
 * <p>It runs as a table, one lookup a character (ASCII characters by a direct table, others by a
 * search of sorted ranges), when the deterministic automaton has at most {@link #MAX_STATES}
 * states; a pattern whose table would be larger is run by simulating its nondeterministic automaton
 * over the set of its states, still linear in the text. One concept past 500 lines: the pattern
 * parser, the construction and the matcher share one representation of states and code-point sets,
 * which no other class needs.
 */
final class Automaton implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The most table states built before the automaton is simulated instead. */
  static final int MAX_STATES = 4096;

  /** The most states of the nondeterministic automaton: a larger pattern is refused. */
  static final int MAX_NFA_STATES = 40_000;

  private static final long MAX_TABLE = 4_000_000;

  /** The most steps spent building a table, so that a hostile pattern costs milliseconds. */
  private static final long MAX_WORK = 5_000_000;

  private static final int CI = Pattern.CASE_INSENSITIVE;
  private static final int UNIX_LINES = Pattern.UNIX_LINES;
  private static final int DOTALL = Pattern.DOTALL;
  private static final int MULTILINE = Pattern.MULTILINE;
  private static final int UNICODE_CASE = Pattern.UNICODE_CASE;

  /** The input class of each ASCII character. */
  private final int[] asciiClass;

  /** Runs of code points from 128 on that share a class: where each starts, and its class. */
  private final int[] rangeStart;

  private final int[] rangeClass;

  private final int classes;

  /**
   * The table, by state and class: a state is the offset of its row ({@code number * classes}), and
   * {@code next[state + class]} is the following state's offset, or -1 when no match can follow.
   * Null when the automaton is simulated.
   */
  private final int[] next;

  /** Whether each table state, by number, accepts. */
  private final boolean[] accepting;

  /** The nondeterministic automaton, kept to be simulated when there is no table. */
  private final Nfa nfa;

  private Automaton(
      int[] asciiClass,
      int[] rangeStart,
      int[] rangeClass,
      int classes,
      int[] next,
      boolean[] accepting,
      Nfa nfa) {
    this.asciiClass = asciiClass;
    this.rangeStart = rangeStart;
    this.rangeClass = rangeClass;
    this.classes = classes;
    if (next != null) {
      this.next = new int[next.length];
      for (int i = 0; i < next.length; i++) {
        this.next[i] = next[i] < 0 ? -1 : next[i] * classes;
      }
    } else {
      this.next = null;
    }
    this.accepting = accepting;
    this.nfa = next == null ? nfa : null;
  }

  /**
   * The automaton for {@code pattern}, a pattern Java compiles.
   *
   * @throws UnsupportedPatternException when the pattern uses a construct this does not decide
   */
  static Automaton of(String pattern) {
    return of(pattern, true);
  }

  /** The automaton for {@code pattern}, as a table where it fits when {@code table}. */
  static Automaton of(String pattern, boolean table) {
    Nfa nfa;
    try {
      Parser parser = new Parser(pattern);
      Node root = parser.alternation();
      if (parser.pos != pattern.length()) {
        throw new Unsupported(Parser.syntax(parser.pos));
      }
      nfa = Nfa.of(root);
    } catch (Unsupported e) {
      throw new UnsupportedPatternException(pattern, e.getMessage());
    } catch (StackOverflowError e) {
      throw new UnsupportedPatternException(pattern, "groups nested too deep to read");
    }
    return build(nfa, table);
  }

  /** Whether this runs as a table; otherwise {@link #simulate} decides. */
  boolean isTable() {
    return next != null;
  }

  /** The table state before any character. */
  int start() {
    return 0;
  }

  /** The table state after {@code state} reads the ASCII character {@code c}, or -1: no match. */
  int step(int state, int c) {
    return next[state + asciiClass[c]];
  }

  /** The table state after {@code state} reads the code point {@code cp}, or -1: no match. */
  int stepCodePoint(int state, int cp) {
    return next[state + classOf(cp)];
  }

  boolean accepts(int state) {
    return accepting[state / classes];
  }

  /** The number of table states, or 0 when simulated. */
  int states() {
    return accepting == null ? 0 : accepting.length;
  }

  private int classOf(int cp) {
    if (cp < 128) {
      return asciiClass[cp];
    }
    int i = Arrays.binarySearch(rangeStart, cp);
    return rangeClass[i >= 0 ? i : -i - 2];
  }

  /** Whether the whole of {@code text} matches, read as code points, by table or simulation. */
  boolean matches(String text) {
    if (next == null) {
      return simulate(text);
    }
    int state = 0;
    for (int i = 0; i < text.length(); ) {
      int cp = text.codePointAt(i);
      i += Character.charCount(cp);
      state = next[state + classOf(cp)];
      if (state < 0) {
        return false;
      }
    }
    return accepts(state);
  }

  /** Whether the whole of {@code text} matches, by running the sets of nondeterministic states. */
  boolean simulate(String text) {
    Nfa a = nfa;
    int m = a.kinds.length;
    int[] current = new int[m];
    int[] following = new int[m];
    int[] mark = new int[m];
    int[] stack = new int[m];
    int[] generation = {1};
    int n = a.close(new int[] {a.start}, 1, true, false, current, mark, stack, generation);
    boolean first = true;
    for (int i = 0; i < text.length() && n > 0; ) {
      int cp = text.codePointAt(i);
      i += Character.charCount(cp);
      int moved = 0;
      for (int k = 0; k < n; k++) {
        int s = current[k];
        if (a.kinds[s] == Nfa.READ && a.sets[s].contains(cp)) {
          following[moved++] = a.targets[s][0];
        }
      }
      n = a.close(following, moved, false, false, current, mark, stack, generation);
      first = false;
    }
    if (n == 0) {
      return false;
    }
    int[] end = new int[m];
    int e = a.close(current, n, first, true, end, mark, stack, generation);
    for (int k = 0; k < e; k++) {
      if (end[k] == Nfa.ACCEPT) {
        return true;
      }
    }
    return false;
  }

  // ---- the pattern as a tree over sets of code points

  private sealed interface Node {}

  private record Chars(CodeSet set) implements Node {}

  private record Sequence(List<Node> parts) implements Node {}

  private record Choice(List<Node> options) implements Node {}

  /** {@code node} at least {@code min} and at most {@code max} times; max -1 is unbounded. */
  private record Repeat(Node node, int min, int max) implements Node {}

  /** A zero-width assertion: one of {@link Nfa#START}, {@link Nfa#END}, {@link Nfa#DOLLAR}. */
  private record Assertion(byte kind) implements Node {}

  /** A construct this does not decide; its message says which and why. */
  private static final class Unsupported extends RuntimeException {
    Unsupported(String construct) {
      super(construct, null, false, false);
    }
  }

  private static final String NEEDS_BACKTRACKING =
      ", which only a backtracking engine decides, in time that can grow exponentially with the"
          + " value";

  /** Java's {@code \d \w \s \h \v} and their negations, without UNICODE_CHARACTER_CLASS. */
  private static CodeSet shorthand(int c) {
    CodeSet s =
        switch (Character.toLowerCase(c)) {
          case 'd' -> CodeSet.range('0', '9');
          case 'w' ->
              CodeSet.range('a', 'z')
                  .union(CodeSet.range('A', 'Z'))
                  .union(CodeSet.range('0', '9'))
                  .union(CodeSet.of('_'));
          case 's' -> CodeSet.of(' ', '\t', '\n', 0x0B, '\f', '\r');
          case 'h' ->
              CodeSet.of(' ', '\t', 0xA0, 0x1680, 0x180E, 0x202F, 0x205F, 0x3000)
                  .union(CodeSet.range(0x2000, 0x200A));
          case 'v' -> CodeSet.range(0x0A, 0x0D).union(CodeSet.of(0x85, 0x2028, 0x2029));
          default -> null;
        };
    if (s == null || "dwshvDWSHV".indexOf(c) < 0) {
      return null;
    }
    return Character.isUpperCase(c) ? s.complement() : s;
  }

  /** A strict reader: whatever it does not know exactly throws {@link Unsupported}. */
  private static final class Parser {
    private final String s;
    private int pos;
    private int flags;

    Parser(String s) {
      this.s = s;
    }

    static String syntax(int at) {
      return "syntax Wick's linear-time matcher does not read (at index " + at + ")";
    }

    private boolean at(char c) {
      return pos < s.length() && s.charAt(pos) == c;
    }

    private boolean at(int offset, char c) {
      return pos + offset < s.length() && s.charAt(pos + offset) == c;
    }

    private int take() {
      if (pos >= s.length()) {
        throw new Unsupported(syntax(pos));
      }
      int c = s.codePointAt(pos);
      pos += Character.charCount(c);
      return c;
    }

    Node alternation() {
      List<Node> options = new ArrayList<>();
      options.add(sequence());
      while (at('|')) {
        pos++;
        options.add(sequence());
      }
      return options.size() == 1 ? options.get(0) : new Choice(options);
    }

    Node sequence() {
      List<Node> parts = new ArrayList<>();
      while (pos < s.length() && !at('|') && !at(')')) {
        Node atom = atom();
        if (atom != null) {
          parts.add(quantified(atom));
        }
      }
      return new Sequence(parts);
    }

    Node quantified(Node atom) {
      int at = pos;
      int min;
      int max;
      if (at('*')) {
        min = 0;
        max = -1;
        pos++;
      } else if (at('+')) {
        min = 1;
        max = -1;
        pos++;
      } else if (at('?')) {
        min = 0;
        max = 1;
        pos++;
      } else if (at('{')) {
        int close = s.indexOf('}', pos);
        if (close < 0) {
          throw new Unsupported(syntax(pos));
        }
        String body = s.substring(pos + 1, close);
        if (!body.matches("[0-9]{1,6}(,[0-9]{0,6})?")) {
          throw new Unsupported(syntax(pos));
        }
        pos = close + 1;
        int comma = body.indexOf(',');
        if (comma < 0) {
          min = max = Integer.parseInt(body);
        } else {
          min = Integer.parseInt(body.substring(0, comma));
          String rest = body.substring(comma + 1);
          max = rest.isEmpty() ? -1 : Integer.parseInt(rest);
        }
        if (max >= 0 && max < min) {
          throw new Unsupported(syntax(at));
        }
      } else {
        return atom;
      }
      if (hasAnchor(atom)) {
        throw new Unsupported(
            "an anchor under a quantifier (at index "
                + at
                + "), where Java's engine gives up repeating empty matches");
      }
      if (at('+')) {
        throw new Unsupported(
            "a possessive quantifier (such as *+ or ++, at index " + at + ")" + NEEDS_BACKTRACKING);
      }
      if (at('?')) {
        pos++; // lazy: the same texts match as a whole
      }
      if (at('*') || at('+') || at('?') || at('{')) {
        throw new Unsupported(syntax(pos));
      }
      return new Repeat(atom, min, max);
    }

    private static boolean hasAnchor(Node node) {
      if (node instanceof Assertion) {
        return true;
      }
      if (node instanceof Sequence q) {
        return q.parts().stream().anyMatch(Parser::hasAnchor);
      }
      if (node instanceof Choice c) {
        return c.options().stream().anyMatch(Parser::hasAnchor);
      }
      return node instanceof Repeat r && hasAnchor(r.node());
    }

    /** The next atom, or null for an inline flag group such as {@code (?i)}. */
    Node atom() {
      int at = pos;
      int c = take();
      switch (c) {
        case '(':
          return group(at);
        case '[':
          return new Chars(charClass(at));
        case '.':
          {
            if ((flags & DOTALL) != 0) {
              return new Chars(CodeSet.ALL);
            }
            CodeSet terminators =
                (flags & UNIX_LINES) != 0
                    ? CodeSet.of('\n')
                    : CodeSet.of('\n', '\r', 0x85, 0x2028, 0x2029);
            return new Chars(terminators.complement());
          }
        case '^':
          multilineAnchor(at);
          return new Assertion(Nfa.START);
        case '$':
          multilineAnchor(at);
          return new Assertion(Nfa.DOLLAR);
        case '\\':
          return escape(at);
        case ')', '*', '+', '?', '{', '|':
          throw new Unsupported(syntax(at));
        default:
          return new Chars(literal(c));
      }
    }

    private void multilineAnchor(int at) {
      if ((flags & MULTILINE) != 0) {
        throw new Unsupported("^ or $ in multiline mode (?m) (at index " + at + ")");
      }
    }

    private CodeSet literal(int c) {
      return fold(CodeSet.of(c));
    }

    /** A literal or range as Java's case-insensitive matching without UNICODE_CASE reads it. */
    private CodeSet fold(CodeSet set) {
      if ((flags & CI) == 0) {
        return set;
      }
      if ((flags & UNICODE_CASE) != 0) {
        throw new Unsupported("case-insensitive matching beyond ASCII (the flags iu)");
      }
      return set.foldAscii();
    }

    Node group(int at) {
      int saved = flags;
      if (at('?')) {
        pos++;
        if (at(':')) {
          pos++;
        } else if (at('=') || at('!') || (at('<') && (at(1, '=') || at(1, '!')))) {
          throw new Unsupported(
              "a look-ahead or look-behind (such as (?= or (?<!, at index "
                  + at
                  + ")"
                  + NEEDS_BACKTRACKING);
        } else if (at('>')) {
          throw new Unsupported(
              "an atomic group ((?>...), at index " + at + ")" + NEEDS_BACKTRACKING);
        } else if (at('<')) {
          int close = s.indexOf('>', pos);
          if (close < 0) {
            throw new Unsupported(syntax(pos));
          }
          pos = close + 1;
        } else {
          int set = flags;
          boolean on = true;
          while (pos < s.length() && !at(')') && !at(':')) {
            char f = s.charAt(pos++);
            int bit =
                switch (f) {
                  case 'i' -> CI;
                  case 'd' -> UNIX_LINES;
                  case 'm' -> MULTILINE;
                  case 's' -> DOTALL;
                  case 'u' -> UNICODE_CASE;
                  case '-' -> 0;
                  default ->
                      throw new Unsupported(
                          "the inline flag (?"
                              + f
                              + ") (at index "
                              + (pos - 1)
                              + "), which Wick's linear-time matcher does not read");
                };
            if (f == '-') {
              on = false;
            } else {
              set = on ? set | bit : set & ~bit;
            }
          }
          if (at(')')) {
            pos++;
            flags = set; // to the end of the enclosing group
            return null;
          }
          if (!at(':')) {
            throw new Unsupported(syntax(pos));
          }
          pos++;
          flags = set;
        }
      }
      Node inner = alternation();
      if (!at(')')) {
        throw new Unsupported(syntax(pos));
      }
      pos++;
      flags = saved;
      return inner;
    }

    /** A class from its {@code [} at {@code open}: read here, or asked of Java's engine. */
    CodeSet charClass(int open) {
      boolean negated = false;
      if (at('^')) {
        negated = true;
        pos++;
      }
      if (at(']')) {
        return probedClass(open);
      }
      CodeSet set = CodeSet.EMPTY;
      boolean firstItem = true;
      while (!at(']')) {
        if (pos >= s.length()) {
          throw new Unsupported(syntax(pos));
        }
        if (at('[') || (at('&') && at(1, '&')) || (at('-') && !firstItem && !at(1, ']'))) {
          return probedClass(open);
        }
        firstItem = false;
        int c = take();
        int low;
        if (c == '\\') {
          int e = take();
          CodeSet whole = shorthand(e);
          if (e == 'p' || e == 'P') {
            whole = property(pos - 2);
          }
          if (whole != null) {
            if (at('-') && !at(1, ']')) {
              return probedClass(open);
            }
            set = set.union(whole);
            continue;
          }
          if (e == 'Q' || Character.isLetter(e) && "tnrfaexuc0N".indexOf(e) < 0) {
            return probedClass(open);
          }
          low = literalEscape(e);
        } else {
          low = c;
        }
        if (at('-') && pos + 1 < s.length() && !at(1, ']')) {
          pos++;
          int h = take();
          int high;
          if (h == '\\') {
            int e = take();
            if (shorthand(e) != null || e == 'p' || e == 'P' || e == 'Q') {
              return probedClass(open);
            }
            high = literalEscape(e);
          } else if (h == '[') {
            return probedClass(open);
          } else {
            high = h;
          }
          if (high < low) {
            throw new Unsupported(syntax(pos));
          }
          set = set.union(fold(CodeSet.range(low, high)));
        } else {
          set = set.union(fold(CodeSet.of(low)));
        }
      }
      pos++; // ']'
      return negated ? set.complement() : set;
    }

    /** The class that opens at {@code open}, its extent found here, its members asked of Java. */
    private CodeSet probedClass(int open) {
      int i = open + 1;
      int depth = 1;
      i = skipClassStart(i);
      while (i < s.length() && depth > 0) {
        char ch = s.charAt(i);
        if (ch == '\\' && i + 1 < s.length() && s.charAt(i + 1) == 'Q') {
          int end = s.indexOf("\\E", i + 2);
          i = end < 0 ? s.length() : end + 2;
        } else if (ch == '\\') {
          i += 2;
        } else if (ch == '[') {
          depth++;
          i = skipClassStart(i + 1);
        } else {
          if (ch == ']') {
            depth--;
          }
          i++;
        }
      }
      if (depth != 0) {
        throw new Unsupported(syntax(open));
      }
      pos = i;
      return probe(s.substring(open, i), open);
    }

    private int skipClassStart(int i) {
      if (i < s.length() && s.charAt(i) == '^') {
        i++;
      }
      if (i < s.length() && s.charAt(i) == ']') {
        i++;
      }
      return i;
    }

    private CodeSet probe(String oneCharacter, int at) {
      try {
        return CodeSet.probed(oneCharacter, flags & (CI | UNICODE_CASE));
      } catch (PatternSyntaxException e) {
        throw new Unsupported(syntax(at));
      }
    }

    /** {@code \pX}, {@code \p{...}} or their negations, from the backslash at {@code at}. */
    private CodeSet property(int at) {
      if (at('{')) {
        int close = s.indexOf('}', pos);
        if (close < 0) {
          throw new Unsupported(syntax(pos));
        }
        pos = close + 1;
      } else {
        take();
      }
      return probe(s.substring(at, pos), at);
    }

    Node escape(int at) {
      int e = take();
      CodeSet shorthand = shorthand(e);
      if (shorthand != null) {
        return new Chars(shorthand);
      }
      switch (e) {
        case 'p', 'P':
          return new Chars(property(at));
        case 'Q':
          {
            int end = s.indexOf("\\E", pos);
            String quoted = end < 0 ? s.substring(pos) : s.substring(pos, end);
            pos = end < 0 ? s.length() : end + 2;
            List<Node> parts = new ArrayList<>();
            quoted.codePoints().forEach(q -> parts.add(new Chars(literal(q))));
            return new Sequence(parts);
          }
        case 'A':
          return new Assertion(Nfa.START);
        case 'z':
          return new Assertion(Nfa.END);
        case 'Z':
          return new Assertion(Nfa.DOLLAR);
        case 'b', 'B':
          throw new Unsupported(
              "a word boundary (\\b or \\B, at index "
                  + at
                  + "), which Java decides with Unicode letters where \\w means ASCII");
        case 'G':
          throw new Unsupported("\\G (at index " + at + "), the end of a previous match");
        case 'R':
          throw new Unsupported(
              "\\R (at index "
                  + at
                  + "), which Java matches as an atomic group"
                  + NEEDS_BACKTRACKING);
        case 'X':
          throw new Unsupported("\\X (at index " + at + "), a grapheme cluster");
        case 'k':
          throw new Unsupported(backReference(at));
        default:
          if (e >= '1' && e <= '9') {
            throw new Unsupported(backReference(at));
          }
          return new Chars(literal(literalEscape(e)));
      }
    }

    private static String backReference(int at) {
      return "a back reference (such as \\1 or \\k<name>, at index "
          + at
          + "), which matches what a group matched earlier"
          + NEEDS_BACKTRACKING;
    }

    /** The code point an escape stands for; escapes that are not one character are refused. */
    private int literalEscape(int e) {
      switch (e) {
        case 't':
          return '\t';
        case 'n':
          return '\n';
        case 'r':
          return '\r';
        case 'f':
          return '\f';
        case 'a':
          return 7;
        case 'e':
          return 27;
        case 'c':
          return take() ^ 64;
        case '0':
          return octal();
        case 'x':
          if (at('{')) {
            int close = s.indexOf('}', pos);
            if (close < 0) {
              throw new Unsupported(syntax(pos));
            }
            int cp = hex(close - pos - 1, pos + 1);
            pos = close + 1;
            return cp;
          }
          {
            int cp = hex(2, pos);
            pos += 2;
            return cp;
          }
        case 'u':
          {
            int cp = hex(4, pos);
            pos += 4;
            if (Character.isHighSurrogate((char) cp) && at('\\') && at(1, 'u')) {
              int low = hex(4, pos + 2);
              if (Character.isLowSurrogate((char) low)) {
                pos += 6;
                return Character.toCodePoint((char) cp, (char) low);
              }
            }
            return cp;
          }
        case 'N':
          {
            int close = s.indexOf('}', pos);
            if (!at('{') || close < 0) {
              throw new Unsupported(syntax(pos));
            }
            try {
              int cp = Character.codePointOf(s.substring(pos + 1, close));
              pos = close + 1;
              return cp;
            } catch (IllegalArgumentException unknown) {
              throw new Unsupported(syntax(pos));
            }
          }
        default:
          if (e < 128 && !Character.isLetterOrDigit(e)) {
            return e; // an escaped punctuation character stands for itself
          }
          throw new Unsupported(syntax(pos - 1));
      }
    }

    private int octal() {
      int n = digit(0, '7');
      if (n < 0) {
        throw new Unsupported(syntax(pos));
      }
      pos++;
      int m = digit(0, '7');
      if (m < 0) {
        return n;
      }
      pos++;
      int o = digit(0, '7');
      if (o >= 0 && n <= 3) {
        pos++;
        return n * 64 + m * 8 + o;
      }
      return n * 8 + m;
    }

    private int digit(int offset, char highest) {
      if (pos + offset >= s.length()) {
        return -1;
      }
      char c = s.charAt(pos + offset);
      return c >= '0' && c <= highest ? c - '0' : -1;
    }

    private int hex(int digits, int from) {
      if (digits < 1 || digits > 8 || from + digits > s.length()) {
        throw new Unsupported(syntax(from));
      }
      String h = s.substring(from, from + digits);
      if (!h.matches("[0-9a-fA-F]+")) {
        throw new Unsupported(syntax(from));
      }
      long cp = Long.parseLong(h, 16);
      if (cp > Character.MAX_CODE_POINT) {
        throw new Unsupported(syntax(from));
      }
      return (int) cp;
    }
  }

  // ---- Thompson's construction, built back to front: each node is compiled given its successor

  /** A nondeterministic automaton with zero-width assertions, as arrays once built. */
  private static final class Nfa implements Serializable {
    private static final long serialVersionUID = 1L;

    static final byte READ = 0;
    static final byte FORK = 1;
    static final byte START = 2;
    static final byte END = 3;

    /** {@code $} and {@code \Z}: the end, once no character can follow them. */
    static final byte DOLLAR = 4;

    static final byte ACCEPTING = 5;
    static final int ACCEPT = 0;

    byte[] kinds;
    int[][] targets;
    CodeSet[] sets;
    int start;

    private transient List<Byte> kindList = new ArrayList<>();
    private transient List<int[]> targetList = new ArrayList<>();
    private transient List<CodeSet> setList = new ArrayList<>();

    static Nfa of(Node root) {
      Nfa nfa = new Nfa();
      nfa.add(ACCEPTING, null, new int[0]);
      nfa.start = nfa.compile(root, ACCEPT);
      nfa.kinds = new byte[nfa.kindList.size()];
      for (int i = 0; i < nfa.kinds.length; i++) {
        nfa.kinds[i] = nfa.kindList.get(i);
      }
      nfa.targets = nfa.targetList.toArray(new int[0][]);
      nfa.sets = nfa.setList.toArray(new CodeSet[0]);
      nfa.kindList = null;
      nfa.targetList = null;
      nfa.setList = null;
      nfa.checkDollars();
      return nfa;
    }

    private int add(byte kind, CodeSet set, int[] to) {
      if (kindList.size() >= MAX_NFA_STATES) {
        throw new Unsupported(
            "repetition counts that make it larger than "
                + MAX_NFA_STATES
                + " automaton states; use smaller counts");
      }
      kindList.add(kind);
      setList.add(set);
      targetList.add(to);
      return kindList.size() - 1;
    }

    private int compile(Node node, int next) {
      if (node instanceof Chars c) {
        return add(READ, c.set(), new int[] {next});
      }
      if (node instanceof Assertion a) {
        return add(a.kind(), null, new int[] {next});
      }
      if (node instanceof Sequence q) {
        int entry = next;
        for (int i = q.parts().size() - 1; i >= 0; i--) {
          entry = compile(q.parts().get(i), entry);
        }
        return entry;
      }
      if (node instanceof Choice c) {
        int[] entries = new int[c.options().size()];
        for (int i = 0; i < entries.length; i++) {
          entries[i] = compile(c.options().get(i), next);
        }
        return add(FORK, null, entries);
      }
      Repeat r = (Repeat) node;
      int entry;
      if (r.max() < 0) {
        int loop = add(FORK, null, null);
        targetList.set(loop, new int[] {compile(r.node(), loop), next});
        entry = loop;
      } else {
        entry = next;
        for (int i = 0; i < r.max() - r.min(); i++) {
          entry = add(FORK, null, new int[] {compile(r.node(), entry), next});
        }
      }
      for (int i = 0; i < r.min(); i++) {
        entry = compile(r.node(), entry);
      }
      return entry;
    }

    /**
     * Refuses a {@code $} or {@code \Z} that a character can follow: Java lets them match before a
     * final line terminator, which then must be read; where nothing can be read after them they
     * mean the end.
     */
    private void checkDollars() {
      for (int d = 0; d < kinds.length; d++) {
        if (kinds[d] != DOLLAR) {
          continue;
        }
        BitSet seen = new BitSet(kinds.length);
        int[] stack = new int[kinds.length];
        int top = 0;
        stack[top++] = targets[d][0];
        seen.set(targets[d][0]);
        while (top > 0) {
          int s = stack[--top];
          if (kinds[s] == READ && !sets[s].isEmpty()) {
            throw new Unsupported(
                "$ or \\Z before more of the pattern, where Java lets them match before a final"
                    + " line break");
          }
          for (int t : targets[s]) {
            if (!seen.get(t)) {
              seen.set(t);
              stack[top++] = t;
            }
          }
        }
      }
    }

    private long work;

    private void spend(long steps) {
      work += steps;
      if (work > MAX_WORK) {
        throw new TooLarge();
      }
    }

    /** Whether the closure may pass {@code state} given where in the text it is. */
    private boolean passes(int state, boolean atStart, boolean atEnd) {
      byte k = kinds[state];
      return k == FORK || (k == START && atStart) || ((k == END || k == DOLLAR) && atEnd);
    }

    /** Whether the closure keeps {@code state}: reading states, the accept, pending end anchors. */
    private boolean keeps(int state, boolean atEnd) {
      byte k = kinds[state];
      return k == READ || k == ACCEPTING || (!atEnd && (k == END || k == DOLLAR));
    }

    /** The states reachable from {@code from} without reading that the closure keeps. */
    BitSet closure(BitSet from, boolean atStart, boolean atEnd) {
      BitSet seen = new BitSet(kinds.length);
      int[] stack = new int[kinds.length];
      int top = 0;
      for (int i = from.nextSetBit(0); i >= 0; i = from.nextSetBit(i + 1)) {
        seen.set(i);
        stack[top++] = i;
      }
      BitSet kept = new BitSet(kinds.length);
      while (top > 0) {
        spend(1);
        int state = stack[--top];
        if (keeps(state, atEnd)) {
          kept.set(state);
        } else if (passes(state, atStart, atEnd)) {
          for (int t : targets[state]) {
            if (!seen.get(t)) {
              seen.set(t);
              stack[top++] = t;
            }
          }
        }
      }
      return kept;
    }

    /**
     * The closure of the first {@code n} states of {@code from} into {@code out}, for simulation:
     * the count of states written. {@code mark} and {@code generation} keep what was seen.
     */
    int close(
        int[] from,
        int n,
        boolean atStart,
        boolean atEnd,
        int[] out,
        int[] mark,
        int[] stack,
        int[] generation) {
      int g = ++generation[0];
      int top = 0;
      for (int i = 0; i < n; i++) {
        if (mark[from[i]] != g) {
          mark[from[i]] = g;
          stack[top++] = from[i];
        }
      }
      int count = 0;
      while (top > 0) {
        int state = stack[--top];
        if (keeps(state, atEnd)) {
          out[count++] = state;
        } else if (passes(state, atStart, atEnd)) {
          for (int t : targets[state]) {
            if (mark[t] != g) {
              mark[t] = g;
              stack[top++] = t;
            }
          }
        }
      }
      return count;
    }
  }

  /** A table that would pass the limits of states, size or building work. */
  private static final class TooLarge extends RuntimeException {
    TooLarge() {
      super(null, null, false, false);
    }
  }

  // ---- subset construction over classes of code points that every set treats alike

  private static Automaton build(Nfa nfa, boolean table) {
    List<CodeSet> distinct = new ArrayList<>();
    Map<CodeSet, Integer> index = new HashMap<>();
    for (int s = 0; s < nfa.kinds.length; s++) {
      if (nfa.kinds[s] == Nfa.READ && !index.containsKey(nfa.sets[s])) {
        index.put(nfa.sets[s], distinct.size());
        distinct.add(nfa.sets[s]);
      }
    }
    TreeSet<Integer> cuts = new TreeSet<>();
    cuts.add(128);
    for (CodeSet set : distinct) {
      for (int b : set.bounds()) {
        if (b > 128 && b < CodeSet.END) {
          cuts.add(b);
        }
      }
    }
    Map<BitSet, Integer> classIds = new HashMap<>();
    List<Integer> representatives = new ArrayList<>();
    int[] asciiClass = new int[128];
    for (int c = 0; c < 128; c++) {
      asciiClass[c] = classId(c, distinct, classIds, representatives);
    }
    int[] starts = new int[cuts.size()];
    int[] ids = new int[cuts.size()];
    int runs = 0;
    for (int cut : cuts) {
      int id = classId(cut, distinct, classIds, representatives);
      if (runs == 0 || ids[runs - 1] != id) {
        starts[runs] = cut;
        ids[runs++] = id;
      }
    }
    int[] rangeStart = Arrays.copyOf(starts, runs);
    int[] rangeClass = Arrays.copyOf(ids, runs);
    int classes = classIds.size();
    try {
      if (!table) {
        throw new TooLarge();
      }
      return table(nfa, asciiClass, rangeStart, rangeClass, classes, representatives);
    } catch (TooLarge e) {
      return new Automaton(asciiClass, rangeStart, rangeClass, classes, null, null, nfa);
    }
  }

  private static int classId(
      int cp, List<CodeSet> distinct, Map<BitSet, Integer> ids, List<Integer> representatives) {
    BitSet signature = new BitSet(distinct.size());
    for (int i = 0; i < distinct.size(); i++) {
      if (distinct.get(i).contains(cp)) {
        signature.set(i);
      }
    }
    Integer id = ids.get(signature);
    if (id == null) {
      id = ids.size();
      ids.put(signature, id);
      representatives.add(cp);
    }
    return id;
  }

  private static Automaton table(
      Nfa nfa,
      int[] asciiClass,
      int[] rangeStart,
      int[] rangeClass,
      int classes,
      List<Integer> representatives) {
    Map<BitSet, Integer> ids = new HashMap<>();
    List<BitSet> sets = new ArrayList<>();
    BitSet initial = new BitSet();
    initial.set(nfa.start);
    // The first state is at the start of the text, where ^ and \A hold: it is never merged with a
    // later state of the same set.
    sets.add(nfa.closure(initial, true, false));
    int[] next = new int[16 * classes];
    for (int d = 0; d < sets.size(); d++) {
      BitSet set = sets.get(d);
      for (int k = 0; k < classes; k++) {
        int c = representatives.get(k);
        BitSet moved = new BitSet();
        for (int s = set.nextSetBit(0); s >= 0; s = set.nextSetBit(s + 1)) {
          nfa.spend(1);
          if (nfa.kinds[s] == Nfa.READ && nfa.sets[s].contains(c)) {
            moved.set(nfa.targets[s][0]);
          }
        }
        int target = -1;
        if (!moved.isEmpty()) {
          BitSet closed = nfa.closure(moved, false, false);
          Integer id = ids.get(closed);
          if (id == null) {
            if (sets.size() >= MAX_STATES || (long) (sets.size() + 1) * classes > MAX_TABLE) {
              throw new TooLarge();
            }
            id = sets.size();
            ids.put(closed, id);
            sets.add(closed);
          }
          target = id;
        }
        if (d * classes + k >= next.length) {
          next = Arrays.copyOf(next, next.length * 2);
        }
        next[d * classes + k] = target;
      }
    }
    boolean[] accepting = new boolean[sets.size()];
    for (int d = 0; d < sets.size(); d++) {
      accepting[d] = nfa.closure(sets.get(d), d == 0, true).get(Nfa.ACCEPT);
    }
    return new Automaton(
        asciiClass,
        rangeStart,
        rangeClass,
        classes,
        Arrays.copyOf(next, sets.size() * classes),
        accepting,
        null);
  }
}
