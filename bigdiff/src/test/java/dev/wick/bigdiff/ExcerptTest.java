package dev.wick.bigdiff;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ExcerptTest {
  @Test
  void shortValuesAreShownWhole() {
    assertThat(Excerpt.around("abc", "abd")).containsExactly("abc", "abd");
    assertThat(Excerpt.of("x".repeat(Excerpt.WIDTH))).isEqualTo("x".repeat(Excerpt.WIDTH));
    assertThat(Excerpt.around(null, "abd")).containsExactly(null, "abd");
  }

  @Test
  void longValuesAreShownAroundTheirFirstDifferenceWithTheirLength() {
    String left = "a".repeat(5_000) + "X" + "b".repeat(5_000);
    String right = "a".repeat(5_000) + "Y" + "b".repeat(4_000);

    String[] shown = Excerpt.around(left, right);

    assertThat(shown[0])
        .isEqualTo("…" + "a".repeat(40) + "X" + "b".repeat(79) + "… (10,001 characters)");
    assertThat(shown[1])
        .isEqualTo("…" + "a".repeat(40) + "Y" + "b".repeat(79) + "… (9,001 characters)");
  }

  @Test
  void aLongValueAloneShowsItsStart() {
    assertThat(Excerpt.of("z".repeat(1_000)))
        .isEqualTo("z".repeat(Excerpt.WIDTH) + "… (1,000 characters)");
  }

  @Test
  void aWindowNeverSplitsACharacter() {
    String clef = "\uD834\uDD1E"; // one character, two UTF-16 units

    String[] shown = Excerpt.around(clef.repeat(200) + "a", clef.repeat(200) + "b");
    String start = Excerpt.of("a" + clef.repeat(100));

    assertThat(shown[0]).startsWith("…" + clef).endsWith(clef + "a (401 characters)");
    assertThat(shown[1]).startsWith("…" + clef).endsWith(clef + "b (401 characters)");
    assertThat(start).isEqualTo("a" + clef.repeat(59) + "… (201 characters)");
    for (String s : new String[] {shown[0], shown[1], start}) {
      assertThat(pairedSurrogates(s)).as(s).isTrue();
    }
  }

  private static boolean pairedSurrogates(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (Character.isHighSurrogate(c)
          && (i + 1 == s.length() || !Character.isLowSurrogate(s.charAt(i + 1)))) {
        return false;
      }
      if (Character.isLowSurrogate(c) && (i == 0 || !Character.isHighSurrogate(s.charAt(i - 1)))) {
        return false;
      }
    }
    return true;
  }
}
