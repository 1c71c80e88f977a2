package dev.wick.core.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.regex.Pattern;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.apache.spark.unsafe.types.UTF8String;

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
      int[] codePoints = members.codePoints().toArray();
      out.appendCodePoint(codePoints[r.nextInt(codePoints.length)]);
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
          new Lit("Ж", "Ж"),
          new Lit("😀", "😀"),
          new Lit("😀", "\\x{1F600}"),
          new Lit("😀", "\\uD83D\\uDE00"),
          new Lit("\uD800", "\\uD800"),
          new Lit("ß", "\\u00DF"),
          new Lit("\u2028", "\\u2028"),
          new Lit("\u0001", "\\cA"),
          new Lit("\u0008", "\\010"),
          new Cls(".", "ab.@\té😀"),
          new Cls("\\d", "0123456789"),
          new Cls("\\w", "aZ_09"),
          new Cls("\\s", " \t\n\u000B\f\r"),
          new Cls("\\S", "a@.é😀"),
          new Cls("\\W", "@.- é😀"),
          new Cls("\\D", "ab@ é"),
          new Cls("\\h", " \t\u00A0\u2003"),
          new Cls("\\V", "aé"),
          new Cls("[a-c]", "abc"),
          new Cls("[^a@]", "b.-\né😀"),
          new Cls("[\\d.]", "05."),
          new Cls("[-a]", "-a"),
          new Cls("[a-]", "-a"),
          new Cls("[^\\s@]", "ab.é"),
          new Cls("[\\x20-\\x2f]", " !./"),
          new Cls("[à-ÿa]", "aé"),
          new Cls("[^é]", "aü😀"),
          new Cls("[😀-😂]", "😀😁"),
          new Cls("[\\uD800-\\uDBFF]", "\uD800\uDBFF"),
          new Cls("\\p{L}", "aéЖ"),
          new Cls("\\P{L}", "1 😀"),
          new Cls("\\p{Lu}", "AÉ"),
          new Cls("\\p{IsGreek}", "αβ"),
          new Cls("\\p{Alpha}", "aZ"),
          new Cls("[\\w&&[^a]]", "bZ_"),
          new Cls("[a-c[x-z]]", "ax"),
          new Cls("[\\p{L}\\d]", "é5"),
          new Cls("(?i:a)", "aA"),
          new Cls("(?i:[b-d])", "bD"),
          new Cls("(?i:[^b])", "aé"),
          new Cls("(?i:é)", "é"),
          new Cls("(?s:.)", "\n\ra"),
          new Cls("(?d:.)", "\ra"));

  /** Anchors inside a pattern: texts drawn with them mostly fail, which is compared too. */
  private static final List<Re> INNER_ANCHORS =
      List.of(new Lit("", "^"), new Lit("", "\\A"), new Lit("", "\\z"));

  private static Re pattern(SplittableRandom r, int depth) {
    return pattern(r, depth, false);
  }

  private static Re pattern(SplittableRandom r, int depth, boolean anchors) {
    if (depth <= 0 || r.nextInt(3) == 0) {
      if (anchors && r.nextInt(20) == 0) {
        return INNER_ANCHORS.get(r.nextInt(INNER_ANCHORS.size()));
      }
      return ATOMS.get(r.nextInt(ATOMS.size()));
    }
    switch (r.nextInt(3)) {
      case 0 -> {
        List<Re> parts = new ArrayList<>();
        for (int i = 0, n = 1 + r.nextInt(3); i < n; i++) {
          parts.add(pattern(r, depth - 1, anchors));
        }
        return new Seq(parts);
      }
      case 1 -> {
        List<Re> options = new ArrayList<>();
        for (int i = 0, n = 1 + r.nextInt(3); i < n; i++) {
          options.add(r.nextInt(6) == 0 ? new Seq(List.of()) : pattern(r, depth - 1, anchors));
        }
        return new Alt(options, r.nextBoolean());
      }
      default -> {
        Re node = pattern(r, depth - 1, false);
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

  private static final String NOISE = "ab-@.\t\n\r xé0Z_AЖ\u0085\u2028\uD800\uDE00😀";

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

  private static final List<String> HEADS = List.of("", "", "", "^", "\\A");
  private static final List<String> TAILS = List.of("", "", "", "$", "\\z", "\\Z");

  @Property(tries = 600)
  void theAutomatonAnswersWhatJavasEngineAnswers(@ForAll long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    Re re = pattern(r, 3, true);
    String pattern =
        HEADS.get(r.nextInt(HEADS.size())) + re.render() + TAILS.get(r.nextInt(TAILS.size()));
    WholeMatch match = WholeMatch.of(pattern);
    Automaton simulated = Automaton.of(pattern, false);
    int compared = 0;
    for (int i = 0; i < 40; i++) {
      StringBuilder drawn = new StringBuilder();
      re.draw(r, drawn);
      String text = i % 2 == 0 ? drawn.toString() : damage(r, drawn.toString());
      Boolean expected = text.length() > 40 ? null : javaWithinBudget(pattern, text);
      if (expected != null) {
        compared++;
        assertThat(match.matches(text)).as("%s on \"%s\"", pattern, text).isEqualTo(expected);
        assertThat(simulated.matches(text))
            .as("simulated %s on \"%s\"", pattern, text)
            .isEqualTo(expected);
      }
      // Spark's strings are UTF-8: a lone surrogate becomes '?', and damaged bytes read as Java
      // decodes them
      byte[] bytes = utf8(r, text, i % 3 == 0);
      UTF8String value = UTF8String.fromBytes(bytes);
      Boolean expectedUtf8 =
          value.numChars() > 40 ? null : javaWithinBudget(pattern, value.toString());
      if (expectedUtf8 != null) {
        compared++;
        assertThat(match.matchesUtf8(value))
            .as("%s on bytes %s", pattern, Arrays.toString(bytes))
            .isEqualTo(expectedUtf8);
      }
    }
    assertThat(compared).as("texts compared for %s", pattern).isGreaterThan(0);
  }

  private static final byte[][] BAD_UTF8 = {
    {(byte) 0xFF},
    {(byte) 0xC0, (byte) 0x80},
    {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
    {(byte) 0xE2, (byte) 0x82},
    {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80},
    {(byte) 0x80}
  };

  /** The UTF-8 bytes of {@code text}, with malformed bytes put in at a random place if asked. */
  private static byte[] utf8(SplittableRandom r, String text, boolean damage) {
    byte[] good = text.getBytes(StandardCharsets.UTF_8);
    if (!damage) {
      return good;
    }
    byte[] bad = BAD_UTF8[r.nextInt(BAD_UTF8.length)];
    int at = r.nextInt(good.length + 1);
    byte[] out = new byte[good.length + bad.length];
    System.arraycopy(good, 0, out, 0, at);
    System.arraycopy(bad, 0, out, at, bad.length);
    System.arraycopy(good, at, out, at + bad.length, good.length - at);
    return out;
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
      assertThat(match.isTable()).as(p).isTrue();
      assertThat(match.states()).as(p).isLessThan(Automaton.MAX_STATES);
      for (String t : texts) {
        assertThat(match.matches(t)).as("%s on \"%s\"", p, t).isEqualTo(java(p, t));
        assertThat(match.matchesUtf8(UTF8String.fromString(t)))
            .as("%s on \"%s\"", p, t)
            .isEqualTo(java(p, t));
      }
    }
  }

  @Example
  void syntaxBeyondPlainClassesIsDecidedAsJavaDecidesIt() {
    List<String> patterns =
        List.of(
            "(?i)abc",
            "(?i)[^a]b",
            "^a$",
            "\\Aa+\\z",
            "a+\\Z",
            "a(?:$|\\z)",
            "[a-z&&[^e]]+",
            "[a[b]]",
            "[]a]+",
            "\\p{L}+",
            "\\p{javaLowerCase}\\P{IsLatin}",
            "\\h\\v",
            "(?s).+",
            "(?-i:a)(?i)b",
            "\\N{LATIN SMALL LETTER E WITH ACUTE}",
            "a^b",
            "a\\z|b");
    List<String> texts =
        List.of(
            "",
            "a",
            "aa",
            "ab",
            "aB",
            "abc",
            "ABC",
            "Ab",
            "aab",
            "x",
            "b",
            " ",
            "ac",
            "]a",
            "é",
            "éé",
            "aΣ",
            "a\n",
            "\n",
            " \n",
            "\t\u2028",
            "Ё",
            "aé",
            "a\r\n",
            "e");
    for (String p : patterns) {
      WholeMatch match = WholeMatch.of(p);
      for (String t : texts) {
        assertThat(match.matches(t)).as("%s on \"%s\"", p, t).isEqualTo(java(p, t));
      }
    }
  }

  @Example
  void constructsNoLinearMatcherDecidesAreRefusedNamingTheConstruct() {
    Map<String, String> refused = new LinkedHashMap<>();
    refused.put("(?=a)a+", "a look-ahead or look-behind");
    refused.put("(?<!b)a", "a look-ahead or look-behind");
    refused.put("(a)\\1", "a back reference");
    refused.put("(?<x>a)\\k<x>", "a back reference");
    refused.put("a*+a", "a possessive quantifier");
    refused.put("(?>a|ab)c", "an atomic group");
    refused.put("a\\b", "a word boundary");
    refused.put("(?m)^a$", "^ or $ in multiline mode");
    refused.put("a$\\n?", "$ or \\Z before more of the pattern");
    refused.put("(?x)a b", "the inline flag (?x)");
    refused.put("(?iu)k", "case-insensitive matching beyond ASCII");
    refused.put("\\R", "\\R (at index 0)");
    refused.put("(?:^|a){2}", "an anchor under a quantifier");
    refused.put("(?:a{1000}){1000}", "larger than 40000 automaton states");
    refused.forEach(
        (p, phrase) ->
            assertThatThrownBy(() -> WholeMatch.of(p))
                .as(p)
                .isInstanceOf(UnsupportedPatternException.class)
                .hasMessageStartingWith("pattern '" + p + "' uses ")
                .hasMessageContaining(phrase)
                .hasMessageEndingWith(
                    "Wick matches only patterns it decides in time linear in the value, so"
                        + " rewrite the pattern without it."));
  }

  @Example
  void aBacktrackingPatternOnLongTextsBeyondAsciiIsDecided() {
    // (.*a){12} makes Java's engine try every way of cutting a text without twelve a's
    WholeMatch match = WholeMatch.of("(.*a){12}");
    String noMatch = "é" + "b".repeat(4999);
    String twelve = "é" + "ba".repeat(12) + "b".repeat(4975) + "a";
    assertThat(match.matches(noMatch)).isFalse();
    assertThat(match.matches(twelve)).isTrue();
    assertThat(match.matchesUtf8(UTF8String.fromString(noMatch))).isFalse();
    assertThat(match.matchesUtf8(UTF8String.fromString(twelve))).isTrue();
    Automaton simulated = Automaton.of("(.*a){12}", false);
    assertThat(simulated.matches(noMatch)).isFalse();
    assertThat(simulated.matches(twelve)).isTrue();
  }

  @Example
  void aHostilePatternIsSimulatedWithoutBuildingForLong() {
    // Thousands of reading states and every printable character a class of its own: the building
    // stops at its limits of states and steps, and the automaton is simulated.
    StringBuilder classes = new StringBuilder("(?:");
    for (int c = 33; c < 127; c++) {
      classes.append(c > 33 ? "|" : "").append("\\x").append(String.format("%02x", c));
    }
    String pattern = classes + "){0,40}.{0,200}[ab]{0,300}";
    WholeMatch match = WholeMatch.of(pattern);
    assertThat(match.isTable()).isFalse();
    assertThat(match.matches("!!ab")).isTrue();
    assertThat(match.matches("!!abé")).isTrue();
    assertThat(match.matches("\n")).isFalse();
    assertThat(match.matchesUtf8(UTF8String.fromString("!é"))).isTrue();
  }

  @Example
  void aPatternWhoseTableWouldBeHugeIsSimulated() {
    // (a|b)*a(a|b){20}: a table must remember the last 21 characters, 2^21 states.
    String pattern = "[ab]*a[ab]{20}";
    WholeMatch match = WholeMatch.of(pattern);
    assertThat(match.isTable()).isFalse();
    String text = "b".repeat(5) + "a" + "b".repeat(20);
    assertThat(match.matches(text)).isTrue();
    assertThat(match.matches(text + "b")).isFalse();
    assertThat(match.matches("é" + text)).isFalse();
  }
}
