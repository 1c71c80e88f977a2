package dev.wick.profiler.internal;

import org.apache.spark.unsafe.Platform;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * The length in characters (code points) of a UTF-8 string, eight bytes at a time: every byte that
 * is not a continuation byte ({@code 10xxxxxx}) starts a character. For valid UTF-8 this equals
 * {@link UTF8String#numChars()}, which steps through the string one character at a time and was the
 * largest single cost of profiling high-cardinality text.
 */
final class Utf8 {
  private static final long HIGH_BITS = 0x8080808080808080L;

  private Utf8() {}

  static int numChars(UTF8String v) {
    Object base = v.getBaseObject();
    long offset = v.getBaseOffset();
    int n = v.numBytes();
    int continuation = 0;
    int i = 0;
    for (; i + 8 <= n; i += 8) {
      long w = Platform.getLong(base, offset + i);
      long high = w & HIGH_BITS;
      if (high != 0) {
        // A continuation byte has bit 7 set and bit 6 clear; w << 1 moves each bit 6 to bit 7.
        continuation += Long.bitCount(high & ~(w << 1));
      }
    }
    for (; i < n; i++) {
      if ((Platform.getByte(base, offset + i) & 0xC0) == 0x80) {
        continuation++;
      }
    }
    return n - continuation;
  }
}
