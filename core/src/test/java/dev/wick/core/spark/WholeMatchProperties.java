package dev.wick.core.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.regex.Pattern;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * The automaton answers what Java's engine answers: on random patterns of the syntax it builds, on
 * texts drawn from each pattern and then damaged, and on the patterns Wick ships.
 */
class WholeMatchProperties {

  /** A random pattern, kept as a tree so that texts matching it can be drawn. */
  private sealed interface Re {
    String render();

    void draw(SplittableRandom r, StringBuilder out);
  }

  private record Lit(String text, String rendered) implements Re {
    public String render() {
      return rendered;
    }

    public void draw(SplittableRandom r, StringBuilder out) {
      out.append(text);
    }
  }

  /** A class or shorthand; {@code members} are characters it holds, drawn from when matching. */
  private record Cls(String rendered, String members) implements Re {
    public String render() {
      return rendered;
    }

    public void draw(SplittableRandom r, StringBuilder out) {
      out.append(members.charAt(r.nextInt(members.length())));
    }
  }

  private record Seq(List<Re> parts) implements Re {
    public String render() {
      StringBuilder b = new StringBuilder();
      parts.forEach(p -> b.append(p.render()));
      return b.toString();
    }

    public void draw(SplittableRandom r, StringBuilder out) {
      parts.forEach(p -> p.draw(r, out));
    }
  }

  private record Alt(List<Re> options, boolean capturing) implements Re {
    public String render() {
      StringBuilder b = new StringBuilder(capturing ? "(" : "(?:");
      for (int i = 0; i < options.size(); i++) {
        b.append(i > 0 ? "|" : "").append(options.get(i).render());
      }
      return b.append(')').toString();
    }

    public void draw(SplittableRandom r, StringBuilder out) {
      options.get(r.nextInt(options.size())).draw(r, out);
    }
  }

  private record Rep(Re node, int min, int max, String quantifier) implements Re {
    public String render() {
      return "(?:" + node.render() + ")" + quantifier;
    }

    public void draw(SplittableRandom r, StringBuilder out) {
      int hi = max < 0 ? min + 3 : max;
      int times = min + r.nextInt(hi - min + 1);
      for (int i = 0; i < times; i++) {
        node.draw(r, out);
      }
    }
  }

  private static final List<Re> ATOMS =
      List.of(
          new Lit("a", "a"),
          new Lit("b", "b"),
          new Lit("-", "-"),
          new Lit("@", "@"),
          new Lit(".", "\\."),
          new Lit("\t", "\\t"),
          new Lit("é", "é"),
          new Lit("x.y", "\\Qx.y\\E"),
          new Lit("A", "\\x41"),
          new Cls(".", "ab.@\t"),
          new Cls("\\d", "0123456789"),
          new Cls("\\w", "aZ_09"),
          new Cls("\\s", " \t\n\u000B\f\r"),
          new Cls("\\S", "a@.é"),
          new Cls("\\W", "@.- é"),
          new Cls("\\D", "ab@ "),
          new Cls("[a-c]", "abc"),
          new Cls("[^a@]", "b.-\n"),
          new Cls("[\\d.]", "05."),
          new Cls("[-a]", "-a"),
          new Cls("[a-]", "-a"),
          new Cls("[^\\s@]", "ab.é"),
          new Cls("[\\x20-\\x2f]", " !./"),
          new Cls("[à-ÿa]", "aé"));

  private static Re pattern(SplittableRandom r, int depth) {
    if (depth <= 0 || r.nextInt(3) == 0) {
      return ATOMS.get(r.nextInt(ATOMS.size()));
    }
    switch (r.nextInt(3)) {
      case 0 -> {
        List<Re> parts = new ArrayList<>();
        for (int i = 0, n = 1 + r.nextInt(3); i < n; i++) {
          parts.add(pattern(r, depth - 1));
        }
        return new Seq(parts);
      }
      case 1 -> {
        List<Re> options = new ArrayList<>();
        for (int i = 0, n = 1 + r.nextInt(3); i < n; i++) {
          options.add(r.nextInt(6) == 0 ? new Seq(List.of()) : pattern(r, depth - 1));
        }
        return new Alt(options, r.nextBoolean());
      }
      default -> {
        Re node = pattern(r, depth - 1);
        String lazy = r.nextInt(4) == 0 ? "?" : "";
        return switch (r.nextInt(6)) {
          case 0 -> new Rep(node, 0, 1, "?" + lazy);
          case 1 -> new Rep(node, 0, -1, "*" + lazy);
          case 2 -> new Rep(node, 1, -1, "+" + lazy);
          case 3 -> {
            int n = r.nextInt(4);
            yield new Rep(node, n, n, "{" + n + "}" + lazy);
          }
          case 4 -> {
            int n = r.nextInt(3);
            yield new Rep(node, n, -1, "{" + n + ",}" + lazy);
          }
          default -> {
            int n = r.nextInt(3);
            int m = n + r.nextInt(3);
            yield new Rep(node, n, m, "{" + n + "," + m + "}" + lazy);
          }
        };
      }
    }
  }

  private static final String NOISE = "ab-@.\t\n\r xé0Z_";

  private static String damage(SplittableRandom r, String text) {
    StringBuilder s = new StringBuilder(text);
    switch (r.nextInt(4)) {
      case 0 -> {
        if (s.length() > 0) {
          s.deleteCharAt(r.nextInt(s.length()));
        }
      }
      case 1 -> s.insert(r.nextInt(s.length() + 1), NOISE.charAt(r.nextInt(NOISE.length())));
      case 2 -> {
        if (s.length() > 0) {
          s.setCharAt(r.nextInt(s.length()), NOISE.charAt(r.nextInt(NOISE.length())));
        }
      }
      default -> s.append('\n');
    }
    return s.toString();
  }

  private static boolean java(String pattern, String text) {
    return Pattern.compile("\\A(?:" + pattern + ")\\z").matcher(text).find();
  }

  /**
   * Java's answer, or null when its backtracking runs past a budget of character reads (nested
   * quantifiers make it exponential; the automaton is not).
   */
  private static Boolean javaWithinBudget(String pattern, String text) {
    try {
      return Pattern.compile("\\A(?:" + pattern + ")\\z").matcher(new Budgeted(text)).find();
    } catch (OverBudget e) {
      return null;
    }
  }

  private static final class OverBudget extends RuntimeException {}

  private static final class Budgeted implements CharSequence {
    private final String text;
    private final long[] reads;

    Budgeted(String text) {
      this(text, new long[] {0});
    }

    private Budgeted(String text, long[] reads) {
      this.text = text;
      this.reads = reads;
    }

    @Override
    public int length() {
      return text.length();
    }

    @Override
    public char charAt(int index) {
      if (++reads[0] > 2_000_000) {
        throw new OverBudget();
      }
      return text.charAt(index);
    }

    @Override
    public CharSequence subSequence(int start, int end) {
      return new Budgeted(text.substring(start, end), reads);
    }

    @Override
    public String toString() {
      return text;
    }
  }

  @Property(tries = 600)
  void theAutomatonAnswersWhatJavasEngineAnswers(@ForAll long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    Re re = pattern(r, 3);
    String pattern = re.render();
    WholeMatch match = WholeMatch.of(pattern);
    assertThat(match.isAutomaton()).as("built for %s", pattern).isTrue();
    int compared = 0;
    for (int i = 0; i < 40; i++) {
      StringBuilder drawn = new StringBuilder();
      re.draw(r, drawn);
      String text = i % 2 == 0 ? drawn.toString() : damage(r, drawn.toString());
      Boolean expected = text.length() > 40 ? null : javaWithinBudget(pattern, text);
      if (expected != null) {
        compared++;
        assertThat(match.matches(text)).as("%s on \"%s\"", pattern, text).isEqualTo(expected);
      }
    }
    assertThat(compared).as("texts compared for %s", pattern).isGreaterThan(0);
  }

  @Example
  void drawnTextsMatchTheirPattern() {
    // Guards the property above: the drawn texts, undamaged, must match, so it compares both ways.
    SplittableRandom r = new SplittableRandom(7);
    int compared = 0;
    for (int i = 0; i < 200; i++) {
      Re re = pattern(r, 3);
      StringBuilder drawn = new StringBuilder();
      re.draw(r, drawn);
      Boolean matches = javaWithinBudget(re.render(), drawn.toString());
      if (matches != null) {
        compared++;
        assertThat(matches).as("%s on \"%s\"", re.render(), drawn).isTrue();
      }
    }
    assertThat(compared).isGreaterThan(150);
  }

  @Example
  void theShippedPatternsAreAutomataThatAgreeWithJava() {
    List<String> patterns =
        List.of(
            "[0-9A-Za-z]{22}",
            "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}",
            "[^@]{1,64}@.{1,253}",
            "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@"
                + "(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,63}",
            "(?:https?|ftp)://(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)*"
                + "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?::[0-9]{1,5})?(?:[/?#][^\\s]*)?",
            "v-?[0-9]+",
            "cat_[0-9]+");
    List<String> texts =
        List.of(
            "",
            "a",
            "user1@example.com",
            "user1@example.com\n",
            "a.b+c@mail.example.co",
            "a..b@example.com",
            "a@b",
            "a@-b.com",
            "a@b-.com",
            "@".repeat(2) + "x.io",
            "x".repeat(64) + "@example.com",
            "x".repeat(65) + "@example.com",
            "https://example.com:8080/a/b?q=1#f",
            "http://exa mple.com",
            "ftp://a.b",
            "Ab3dE5gH7jK9mN1pQ3sT5v",
            "Ab3dE5gH7jK9mN1pQ3sT5",
            "Ab3dE5gH7jK9mN1pQ3sT5é",
            "123e4567-e89b-12d3-a456-426614174000",
            "123e4567-e89b-12d3-a456-42661417400g",
            "v-12",
            "v--12",
            "cat_7",
            "cat_",
            "ünïcode@example.com");
    for (String p : patterns) {
      WholeMatch match = WholeMatch.of(p);
      assertThat(match.isAutomaton()).as(p).isTrue();
      assertThat(match.states().orElseThrow()).as(p).isLessThan(AsciiAutomaton.MAX_STATES);
      for (String t : texts) {
        assertThat(match.matches(t)).as("%s on \"%s\"", p, t).isEqualTo(java(p, t));
      }
    }
  }

  @Example
  void syntaxOutsideTheRegularPartStaysWithJavasEngine() {
    List<String> patterns =
        List.of(
            "(?=a)a+",
            "(a)\\1",
            "a*+a",
            "(?>a|ab)c",
            "(?i)abc",
            "^a$",
            "a\\b",
            "[a-z&&[^e]]+",
            "[a[b]]",
            "\\p{L}+",
            "\\h",
            "a{1,2}{2}");
    for (String p : patterns) {
      WholeMatch match = WholeMatch.of(p);
      assertThat(match.isAutomaton()).as(p).isFalse();
      for (String t : List.of("", "a", "aa", "ab", "abc", "ABC", "aab", "x", "b", " ", "ac")) {
        assertThat(match.matches(t)).as("%s on \"%s\"", p, t).isEqualTo(java(p, t));
      }
    }
    assertThat(WholeMatch.of("a*+a").matches("aaa")).isFalse();
    assertThat(WholeMatch.of("(?i)abc").matches("ABC")).isTrue();
  }

  @Example
  void aHostilePatternGoesToJavasEngineWithoutBuildingForLong() {
    // Thousands of reading states and every printable character a class of its own: the building
    // stops at its limits of states and steps, and Java's engine decides.
    StringBuilder classes = new StringBuilder("(?:");
    for (int c = 33; c < 127; c++) {
      classes.append(c > 33 ? "|" : "").append("\\x").append(String.format("%02x", c));
    }
    String pattern = classes + "){0,40}.{0,200}[ab]{0,300}";
    WholeMatch match = WholeMatch.of(pattern);
    assertThat(match.isAutomaton()).isFalse();
    assertThat(match.matches("!!ab")).isTrue();
    assertThat(match.matches("\n")).isFalse();
  }

  @Example
  void aPatternWhoseAutomatonWouldBeHugeStaysWithJavasEngine() {
    // (a|b)*a(a|b){20}: the automaton must remember the last 21 characters, 2^21 states.
    String pattern = "[ab]*a[ab]{20}";
    WholeMatch match = WholeMatch.of(pattern);
    assertThat(match.isAutomaton()).isFalse();
    String text = "b".repeat(5) + "a" + "b".repeat(20);
    assertThat(match.matches(text)).isTrue();
    assertThat(match.matches(text + "b")).isFalse();
  }
}
