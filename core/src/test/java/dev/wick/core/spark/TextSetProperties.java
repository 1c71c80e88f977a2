package dev.wick.core.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.apache.spark.sql.catalyst.util.GenericArrayData;
import org.apache.spark.unsafe.types.UTF8String;

/** {@link TextSet} answers as a set of strings does, whatever the values' lengths and bytes. */
class TextSetProperties {
  /**
   * Short and long values, with zero bytes, non-ASCII characters and values that differ only in
   * their last byte or their length, so that packed and hashed lookups are both tried.
   */
  @Provide
  Arbitrary<String> texts() {
    return Arbitraries.strings()
        .withChars('a', 'b', '\0', 'é', '語', 'z')
        .ofMinLength(0)
        .ofMaxLength(12);
  }

  @Property(tries = 300)
  void containsExactlyTheValuesOfTheSet(
      @ForAll("sets") List<String> values, @ForAll("probes") List<String> probes) {
    TextSet set = TextSet.of(values);
    Set<String> expected = new HashSet<>(values);
    List<String> tried = new ArrayList<>(probes);
    tried.addAll(values);
    for (String probe : tried) {
      assertThat(set.contains(UTF8String.fromString(probe)))
          .as("%s in %s", probe, values)
          .isEqualTo(expected.contains(probe));
      // The same answer through an array of one element, as the generated code asks.
      assertThat(
              set.containsEveryUtf8(
                  new GenericArrayData(new Object[] {UTF8String.fromString(probe), null})))
          .isEqualTo(expected.contains(probe));
    }
  }

  @Provide
  Arbitrary<List<String>> sets() {
    return texts().list().ofMaxSize(40);
  }

  @Provide
  Arbitrary<List<String>> probes() {
    return texts().list().ofMinSize(1).ofMaxSize(40);
  }

  @Example
  void valuesThatShareTheirFirstBytesOrDifferInLengthAreApart() {
    TextSet set = TextSet.of(List.of("", "SE", "abcdefgh", "abcdefghi", "a\0"));
    assertThat(set.contains(UTF8String.fromString(""))).isTrue();
    assertThat(set.contains(UTF8String.fromString("SE"))).isTrue();
    assertThat(set.contains(UTF8String.fromString("SE\0"))).isFalse();
    assertThat(set.contains(UTF8String.fromString("S"))).isFalse();
    assertThat(set.contains(UTF8String.fromString("a"))).isFalse();
    assertThat(set.contains(UTF8String.fromString("a\0"))).isTrue();
    assertThat(set.contains(UTF8String.fromString("abcdefgh"))).isTrue();
    assertThat(set.contains(UTF8String.fromString("abcdefgi"))).isFalse();
    assertThat(set.contains(UTF8String.fromString("abcdefghi"))).isTrue();
    assertThat(set.contains(UTF8String.fromString("abcdefghj"))).isFalse();
    assertThat(set.contains(UTF8String.fromString("\0\0"))).isFalse();
  }

  @Example
  void bytesNoJavaStringHoldsAreInNoSet() {
    // Eight 0xFF bytes pack to the marker of a free slot; Spark may hold such invalid UTF-8.
    byte[] ff = new byte[8];
    java.util.Arrays.fill(ff, (byte) 0xFF);
    for (List<String> values : List.of(List.<String>of(), List.of("abcdefgh"), List.of("a", "b"))) {
      TextSet set = TextSet.of(values);
      assertThat(set.contains(UTF8String.fromBytes(ff))).isFalse();
      assertThat(set.contains(UTF8String.fromBytes(ff, 0, 3))).isFalse();
    }
  }

  @Example
  void manyValuesOfOneLengthAreAllFoundAndNothingElse() {
    List<String> codes = new ArrayList<>();
    for (char a = 'A'; a <= 'Z'; a++) {
      for (char b = 'A'; b <= 'Z'; b += 2) {
        codes.add("" + a + b);
      }
    }
    TextSet set = TextSet.of(codes);
    for (char a = 'A'; a <= 'Z'; a++) {
      for (char b = 'A'; b <= 'Z'; b++) {
        assertThat(set.contains(UTF8String.fromString("" + a + b)))
            .as("%s%s", a, b)
            .isEqualTo((b - 'A') % 2 == 0);
      }
    }
  }
}
