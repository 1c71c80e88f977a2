package dev.wick.profiler.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.apache.spark.unsafe.types.UTF8String;

/** {@link Utf8#numChars} against Spark's own count and Java's code points. */
class Utf8Properties {
  @Property(tries = 2000)
  void countsTheCodePointsOfAnyString(
      @ForAll String s, @ForAll @IntRange(min = 0, max = 7) int offset) {
    byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
    // A string that starts inside a larger buffer, at any alignment.
    byte[] buffer = new byte[offset + utf8.length + 3];
    System.arraycopy(utf8, 0, buffer, offset, utf8.length);
    UTF8String v = UTF8String.fromBytes(buffer, offset, utf8.length);
    assertThat(Utf8.numChars(v)).isEqualTo(v.numChars()).isEqualTo(s.codePointCount(0, s.length()));
  }

  @Example
  void countsMultiByteCharactersOnce() {
    String s = "år 東京 😀 naïve café, plain ascii tail";
    UTF8String v = UTF8String.fromString(s);
    assertThat(Utf8.numChars(v)).isEqualTo(s.codePointCount(0, s.length())).isEqualTo(36);
    assertThat(Utf8.numChars(UTF8String.fromString(""))).isZero();
  }
}
