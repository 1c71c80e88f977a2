package dev.wick.core.spark;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A deterministic automaton that decides, for text made only of ASCII characters, whether the whole
 * text matches a Java regular expression: exactly what {@code Pattern.compile("\\A(?:" + pattern +
 * ")\\z").matcher(text).find()} answers, one table lookup a character.
 *
 * <p>It is built only from the part of Java's syntax whose meaning on ASCII text is a regular
 * language and is known here exactly: literals and escapes, {@code .}, classes with ranges and
 * negation, {@code \d \w \s} and their negations, groups (capturing, named and {@code (?:)}),
 * alternation, and greedy or lazy {@code ? * + {n} {n,} {n,m}} (laziness does not change which
 * texts match as a whole). Anything else (anchors, look-arounds, back references, possessive
 * quantifiers, atomic groups, inline flags, nested classes and class intersections, Unicode
 * properties) leaves it unbuilt, as does a pattern whose automaton would exceed {@link #MAX_STATES}
 * states, and the caller keeps Java's engine. Classes are read over ASCII only: a non-ASCII text
 * never reaches the automaton, so {@code [^@]} is every ASCII character but {@code @} here.
 */
final class AsciiAutomaton implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The most automaton states built before giving the pattern back to Java's engine. */
  static final int MAX_STATES = 4096;

  private static final int MAX_NFA_STATES = 40_000;

  /**
   * The most steps (states visited while building) spent on one pattern, so that a hostile pattern
   * costs milliseconds before it goes to Java's engine, not minutes.
   */
  private static final long MAX_WORK = 5_000_000;

  /** The input class of each ASCII character: characters no part of the pattern tells apart. */
  private final byte[] classOf;

  private final int classes;

  /**
   * The transitions, by state and class: a state is the offset of its row ({@code number *
   * classes}), and {@code next[state + class]} is the following state's offset, or -1 when no match
   * can follow. Offsets rather than numbers take a multiplication out of each character's step,
   * which waits on the one before it.
   */
  private final int[] next;

  /** Whether each state, by number, accepts. */
  private final boolean[] accepting;

  /** An automaton of {@code next[number * classes + class]}, each entry a state's number or -1. */
  private AsciiAutomaton(byte[] classOf, int classes, int[] next, boolean[] accepting) {
    this.classOf = classOf;
    this.classes = classes;
    this.next = new int[next.length];
    for (int i = 0; i < next.length; i++) {
      this.next[i] = next[i] < 0 ? -1 : next[i] * classes;
    }
    this.accepting = accepting;
  }

  /** The automaton for {@code pattern}, or empty when it uses syntax this does not build. */
  static Optional<AsciiAutomaton> of(String pattern) {
    try {
      Parser parser = new Parser(pattern);
      Node root = parser.alternation();
      if (parser.pos != pattern.length()) {
        return Optional.empty();
      }
      return Optional.of(determinize(Nfa.of(root)));
    } catch (Unsupported | StackOverflowError e) {
      return Optional.empty();
    }
  }

  /** The state after the start state reads nothing. */
  int start() {
    return 0;
  }

  /** The state after {@code state} reads the ASCII character {@code c}, or -1: no match. */
  int step(int state, int c) {
    return next[state + classOf[c]];
  }

  boolean accepts(int state) {
    return accepting[state / classes];
  }

  int states() {
    return accepting.length;
  }

  // ---- the pattern as a tree over sets of ASCII characters

  private sealed interface Node {}

  /** One character out of a set of ASCII characters (bit i: character i). */
  private record Chars(long low, long high) implements Node {
    static Chars of(BitSet set) {
      long[] words = Arrays.copyOf(set.toLongArray(), 2);
      return new Chars(words[0], words[1]);
    }

    boolean contains(int c) {
      return c < 64 ? (low >>> c & 1) != 0 : (high >>> (c - 64) & 1) != 0;
    }
  }

  private record Sequence(List<Node> parts) implements Node {}

  private record Choice(List<Node> options) implements Node {}

  /** {@code node} at least {@code min} and at most {@code max} times; max -1 is unbounded. */
  private record Repeat(Node node, int min, int max) implements Node {}

  private static final class Unsupported extends RuntimeException {
    Unsupported() {
      super(null, null, false, false);
    }
  }

  private static BitSet chars(int from, int to) {
    BitSet b = new BitSet(128);
    b.set(from, to + 1);
    return b;
  }

  private static BitSet complement(BitSet set) {
    BitSet b = chars(0, 127);
    b.andNot(set);
    return b;
  }

  /** Java's {@code \d}, {@code \w} and {@code \s} without the UNICODE_CHARACTER_CLASS flag. */
  private static BitSet shorthand(char c) {
    return switch (c) {
      case 'd' -> chars('0', '9');
      case 'D' -> complement(chars('0', '9'));
      case 'w', 'W' -> {
        BitSet w = chars('a', 'z');
        w.or(chars('A', 'Z'));
        w.or(chars('0', '9'));
        w.set('_');
        yield c == 'w' ? w : complement(w);
      }
      case 's', 'S' -> {
        BitSet s = new BitSet(128);
        for (char x : new char[] {' ', '\t', '\n', 0x0B, '\f', '\r'}) {
          s.set(x);
        }
        yield c == 's' ? s : complement(s);
      }
      default -> null;
    };
  }

  /** A strict reader: whatever it does not know exactly throws {@link Unsupported}. */
  private static final class Parser {
    private final String s;
    private int pos;

    Parser(String s) {
      this.s = s;
    }

    private boolean at(char c) {
      return pos < s.length() && s.charAt(pos) == c;
    }

    private char take() {
      if (pos >= s.length()) {
        throw new Unsupported();
      }
      return s.charAt(pos++);
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
        parts.add(quantified(atom()));
      }
      return new Sequence(parts);
    }

    Node quantified(Node atom) {
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
          throw new Unsupported();
        }
        String body = s.substring(pos + 1, close);
        if (!body.matches("[0-9]{1,4}(,[0-9]{0,4})?")) {
          throw new Unsupported();
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
          throw new Unsupported();
        }
      } else {
        return atom;
      }
      if (at('+')) {
        throw new Unsupported(); // possessive: gives up no characters, which changes what matches
      }
      if (at('?')) {
        pos++; // lazy: the same texts match as a whole
      }
      if (at('*') || at('+') || at('?') || at('{')) {
        throw new Unsupported();
      }
      return new Repeat(atom, min, max);
    }

    Node atom() {
      char c = take();
      switch (c) {
        case '(':
          return group();
        case '[':
          return Chars.of(charClass());
        case '.':
          {
            BitSet any = chars(0, 127);
            any.clear('\n');
            any.clear('\r');
            return Chars.of(any);
          }
        case '\\':
          return escape();
        case '^', '$', ')', '*', '+', '?', '{', '|':
          throw new Unsupported();
        default:
          return literal(c);
      }
    }

    private static Node literal(int c) {
      BitSet b = new BitSet(128);
      if (c < 128) {
        b.set(c); // a character beyond ASCII matches no ASCII text: the empty set
      }
      return Chars.of(b);
    }

    Node group() {
      if (at('?')) {
        pos++;
        if (at(':')) {
          pos++;
        } else if (at('<')
            && pos + 1 < s.length()
            && Character.isLetter(s.charAt(pos + 1))
            && s.charAt(pos + 1) < 128) {
          int close = s.indexOf('>', pos);
          if (close < 0) {
            throw new Unsupported();
          }
          pos = close + 1;
        } else {
          throw new Unsupported(); // look-arounds, atomic groups, inline flags
        }
      }
      Node inner = alternation();
      if (!at(')')) {
        throw new Unsupported();
      }
      pos++;
      return inner;
    }

    BitSet charClass() {
      boolean negated = false;
      if (at('^')) {
        negated = true;
        pos++;
      }
      if (at(']')) {
        throw new Unsupported();
      }
      BitSet set = new BitSet(128);
      while (!at(']')) {
        char c = take();
        if (c == '[' || (c == '&' && at('&'))) {
          throw new Unsupported(); // nested classes and intersections
        }
        int low;
        if (c == '\\') {
          char e = take();
          BitSet shorthand = shorthand(e);
          if (shorthand != null) {
            if (at('-') && pos + 1 < s.length() && s.charAt(pos + 1) != ']') {
              throw new Unsupported();
            }
            set.or(shorthand);
            continue;
          }
          low = literalEscape(e);
        } else {
          low = c;
        }
        if (at('-') && pos + 1 < s.length() && s.charAt(pos + 1) != ']') {
          pos++;
          char h = take();
          int high;
          if (h == '\\') {
            char e = take();
            if (shorthand(e) != null) {
              throw new Unsupported();
            }
            high = literalEscape(e);
          } else if (h == '[') {
            throw new Unsupported();
          } else {
            high = h;
          }
          if (high < low) {
            throw new Unsupported();
          }
          if (low < 128) {
            set.set(low, Math.min(high, 127) + 1);
          }
        } else if (low < 128) {
          set.set(low);
        }
      }
      pos++; // ']'
      return negated ? complement(set) : set;
    }

    Node escape() {
      char e = take();
      BitSet shorthand = shorthand(e);
      if (shorthand != null) {
        return Chars.of(shorthand);
      }
      if (e == 'Q') {
        int end = s.indexOf("\\E", pos);
        String quoted = end < 0 ? s.substring(pos) : s.substring(pos, end);
        pos = end < 0 ? s.length() : end + 2;
        List<Node> parts = new ArrayList<>();
        quoted.chars().forEach(q -> parts.add(literal(q)));
        return new Sequence(parts);
      }
      return literal(literalEscape(e));
    }

    /** The character an escape stands for; escapes that are not one character are unsupported. */
    private int literalEscape(char e) {
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
        case 'x':
          return hex(2);
        case 'u':
          return hex(4);
        default:
          if (e < 128 && !Character.isLetterOrDigit(e)) {
            return e; // an escaped punctuation character stands for itself
          }
          throw new Unsupported();
      }
    }

    private int hex(int digits) {
      if (pos + digits > s.length()) {
        throw new Unsupported();
      }
      String h = s.substring(pos, pos + digits);
      if (!h.matches("[0-9a-fA-F]+")) {
        throw new Unsupported();
      }
      pos += digits;
      return Integer.parseInt(h, 16);
    }
  }

  // ---- Thompson's construction, built back to front: each node is compiled given its successor

  private static final class Nfa {
    /** Per state: the characters it reads (null for a state that only forks). */
    final List<Chars> reads = new ArrayList<>();

    /** Per state: where it goes after reading, or where it forks to without reading. */
    final List<int[]> targets = new ArrayList<>();

    static final int ACCEPT = 0;
    int start;

    static Nfa of(Node root) {
      Nfa nfa = new Nfa();
      nfa.add(null, new int[0]); // the accepting state
      nfa.start = nfa.compile(root, ACCEPT);
      return nfa;
    }

    private int add(Chars chars, int[] to) {
      if (reads.size() >= MAX_NFA_STATES) {
        throw new Unsupported();
      }
      reads.add(chars);
      targets.add(to);
      return reads.size() - 1;
    }

    private int compile(Node node, int next) {
      if (node instanceof Chars c) {
        return add(c, new int[] {next});
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
        return add(null, entries);
      }
      Repeat r = (Repeat) node;
      int entry;
      if (r.max() < 0) {
        int loop = add(null, null);
        targets.set(loop, new int[] {compile(r.node(), loop), next});
        entry = loop;
      } else {
        entry = next;
        for (int i = 0; i < r.max() - r.min(); i++) {
          entry = add(null, new int[] {compile(r.node(), entry), next});
        }
      }
      for (int i = 0; i < r.min(); i++) {
        entry = compile(r.node(), entry);
      }
      return entry;
    }

    long work;

    private void spend(long steps) {
      work += steps;
      if (work > MAX_WORK) {
        throw new Unsupported();
      }
    }

    /** The states reachable from {@code from} without reading: reading states and the accept. */
    BitSet closure(BitSet from) {
      BitSet seen = new BitSet(reads.size());
      int[] stack = new int[reads.size()];
      int top = 0;
      for (int i = from.nextSetBit(0); i >= 0; i = from.nextSetBit(i + 1)) {
        seen.set(i);
        stack[top++] = i;
      }
      while (top > 0) {
        spend(1);
        int state = stack[--top];
        if (reads.get(state) == null) {
          for (int t : targets.get(state)) {
            if (!seen.get(t)) {
              seen.set(t);
              stack[top++] = t;
            }
          }
        }
      }
      BitSet kept = new BitSet(reads.size());
      for (int i = seen.nextSetBit(0); i >= 0; i = seen.nextSetBit(i + 1)) {
        if (reads.get(i) != null || i == ACCEPT) {
          kept.set(i);
        }
      }
      return kept;
    }
  }

  // ---- subset construction over classes of characters that every set treats alike

  private static AsciiAutomaton determinize(Nfa nfa) {
    List<Chars> distinct = nfa.reads.stream().filter(c -> c != null).distinct().toList();
    Map<BitSet, Integer> classIds = new HashMap<>();
    byte[] classOf = new byte[128];
    int[] representative = new int[128];
    for (int c = 0; c < 128; c++) {
      BitSet signature = new BitSet(distinct.size());
      for (int i = 0; i < distinct.size(); i++) {
        if (distinct.get(i).contains(c)) {
          signature.set(i);
        }
      }
      Integer id = classIds.get(signature);
      if (id == null) {
        id = classIds.size();
        classIds.put(signature, id);
        representative[id] = c;
      }
      classOf[c] = (byte) (int) id;
    }
    int classes = classIds.size();

    Map<BitSet, Integer> ids = new HashMap<>();
    List<BitSet> sets = new ArrayList<>();
    BitSet initial = new BitSet();
    initial.set(nfa.start);
    BitSet first = nfa.closure(initial);
    ids.put(first, 0);
    sets.add(first);
    int[] next = new int[16 * classes];
    for (int d = 0; d < sets.size(); d++) {
      BitSet set = sets.get(d);
      for (int k = 0; k < classes; k++) {
        int c = representative[k];
        BitSet moved = new BitSet();
        for (int s = set.nextSetBit(0); s >= 0; s = set.nextSetBit(s + 1)) {
          nfa.spend(1);
          Chars reads = nfa.reads.get(s);
          if (reads != null && reads.contains(c)) {
            moved.set(nfa.targets.get(s)[0]);
          }
        }
        int target = -1;
        if (!moved.isEmpty()) {
          BitSet closed = nfa.closure(moved);
          Integer id = ids.get(closed);
          if (id == null) {
            if (sets.size() >= MAX_STATES) {
              throw new Unsupported();
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
      accepting[d] = sets.get(d).get(Nfa.ACCEPT);
    }
    return new AsciiAutomaton(
        classOf, classes, Arrays.copyOf(next, sets.size() * classes), accepting);
  }
}
