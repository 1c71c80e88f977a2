package dev.wick.testkit.generators.internal;

import dev.wick.core.WickException;
import dev.wick.core.schema.DataType;
import dev.wick.core.schema.DataType.BytesType;
import dev.wick.core.schema.DataType.FixedType;
import dev.wick.core.schema.DataType.IntType;
import dev.wick.core.schema.DataType.LongType;
import dev.wick.core.schema.DataType.StringType;
import dev.wick.core.schema.DataType.UuidType;
import dev.wick.core.schema.FieldPath;
import java.math.BigInteger;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * The identifiers of a bulk generation, unique within the generated dataset: fields of the uuid
 * logical type, fields of the {@code uuid} or {@code base62_id} semantic type, and the fields named
 * as keys. A key's value is not drawn from a random source but derived from the record's global
 * index and the seed through a bijective mix (SplitMix64's finalizer, and murmur3's for 32-bit
 * ints), so values are unique across partitions without any coordination, yet look random and stay
 * valid for their type and semantic type.
 *
 * <p>One instance serves one task: {@link #at(long)} sets the index of the record about to be
 * drawn.
 */
final class UniqueKeys {
  private static final char[] BASE62 =
      "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".toCharArray();

  /** Base62 digits that hold any 64-bit value: 62^11 > 2^64. */
  private static final int WIDE_DIGITS = 11;

  private final Set<FieldPath> named;
  private final boolean identifiers;
  private final long seed;
  private long index;

  UniqueKeys(Set<FieldPath> named, boolean identifiers, long seed) {
    this.named = Set.copyOf(named);
    this.identifiers = identifiers;
    this.seed = seed;
  }

  /** Whether {@code path} was named as a key (rather than being unique as an identifier). */
  boolean isNamed(FieldPath path) {
    return named.contains(path);
  }

  /** Sets the global index of the record drawn next. */
  void at(long index) {
    this.index = index;
  }

  /**
   * The unique values of the field at {@code path}, in Wick's Java form, or null when the field is
   * not a key. {@code semantic} is the field's semantic type name (or null), {@code sample} one of
   * its valid values (for the length of a base62 id).
   */
  Domain<Object> domain(
      FieldPath path,
      DataType type,
      String semantic,
      java.util.function.Supplier<Object> sample,
      String where) {
    if (path == null || !path.isStructPath()) {
      return null;
    }
    boolean isNamed = named.contains(path);
    boolean isId =
        type instanceof UuidType
            || (type instanceof StringType
                && ("uuid".equals(semantic) || "base62_id".equals(semantic)));
    if (!isNamed && !(identifiers && isId)) {
      return null;
    }
    long salt = mix64(seed ^ mix64(path.toString().hashCode() * 0x9E3779B97F4A7C15L));
    if (type instanceof UuidType || (type instanceof StringType && "uuid".equals(semantic))) {
      return new Domain.Drawn<>("unique " + where, r -> uuid(mix64(index + salt), salt));
    }
    if (type instanceof StringType && "base62_id".equals(semantic)) {
      int length = sample.get() instanceof String s ? s.length() : 22;
      return new Domain.Drawn<>("unique " + where, r -> base62(index, salt, length));
    }
    if (semantic != null) {
      throw WickException.usage(
          "Key field '"
              + where
              + "' has the semantic type "
              + semantic
              + ", whose values Wick cannot keep unique; name a field of a plain string, long, int"
              + " or bytes type, or one of the uuid or base62_id semantic types.");
    }
    if (type instanceof LongType) {
      return new Domain.Drawn<>("unique " + where, r -> mix64(index + salt));
    } else if (type instanceof IntType) {
      return new Domain.Drawn<>("unique " + where, r -> mix32(int32(index, where) + (int) salt));
    } else if (type instanceof StringType) {
      return new Domain.Drawn<>("unique " + where, r -> base62(index, salt, WIDE_DIGITS));
    } else if (type instanceof BytesType || (type instanceof FixedType f && f.size() >= 8)) {
      int size = type instanceof FixedType f ? f.size() : 8;
      return new Domain.Drawn<>("unique " + where, r -> bytes(mix64(index + salt), salt, size));
    }
    throw WickException.usage(
        "Key field '"
            + where
            + "' is a "
            + type.describe()
            + ", which Wick cannot keep unique; name a string, long, int, bytes or uuid field, or a"
            + " fixed of at least 8 bytes.");
  }

  private static int int32(long index, String where) {
    if (index >>> 32 != 0) {
      throw WickException.usage(
          "Key field '"
              + where
              + "' is an int, which holds 2^32 distinct values, fewer than the records asked for;"
              + " generate fewer records or make the key a long.");
    }
    return (int) index;
  }

  /** SplitMix64's finalizer: a bijection of the 64-bit values. */
  static long mix64(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** Murmur3's finalizer: a bijection of the 32-bit values. */
  static int mix32(int h) {
    h ^= h >>> 16;
    h *= 0x85EBCA6B;
    h ^= h >>> 13;
    h *= 0xC2B2AE35;
    return h ^ (h >>> 16);
  }

  /**
   * A version 4 UUID whose 122 free bits hold the 64 bits of {@code u} (60 in the high half, 4 at
   * the bottom of the low half), so distinct {@code u} give distinct UUIDs; the rest is filler.
   */
  static String uuid(long u, long salt) {
    long v = u >>> 4;
    long hi = ((v >>> 12) << 16) | 0x4000L | (v & 0xFFFL);
    long filler = mix64(u ^ salt ^ 0x5DEECE66DL);
    long lo = 0x8000000000000000L | (filler & 0x3FFFFFFFFFFFFFF0L) | (u & 0xFL);
    return new UUID(hi, lo).toString();
  }

  /**
   * A base62 string of {@code length} chars, distinct for distinct indexes: from 11 chars on, the
   * last 11 digits spell a 64-bit bijective mix of the index (the others are filler); below that,
   * the digits spell an affine permutation of the index modulo 62^length, unique for as many
   * records as there are such strings.
   */
  static String base62(long index, long salt, int length) {
    char[] out = new char[length];
    if (length >= WIDE_DIGITS) {
      long u = mix64(index + salt);
      for (int i = length - 1; i >= length - WIDE_DIGITS; i--) {
        out[i] = BASE62[(int) Long.remainderUnsigned(u, 62)];
        u = Long.divideUnsigned(u, 62);
      }
      SplittableRandom filler = new SplittableRandom(mix64(index ^ salt));
      for (int i = 0; i < length - WIDE_DIGITS; i++) {
        out[i] = BASE62[filler.nextInt(62)];
      }
      return new String(out);
    }
    BigInteger m = BigInteger.valueOf(62).pow(length);
    // 0x9E3779B97F4A7C15 is odd and not a multiple of 31, so coprime to 62^length.
    BigInteger a = new BigInteger("9E3779B97F4A7C15", 16);
    BigInteger b = BigInteger.valueOf(salt).mod(m);
    long v = a.multiply(BigInteger.valueOf(index).add(b)).mod(m).longValueExact();
    for (int i = length - 1; i >= 0; i--) {
      out[i] = BASE62[(int) (v % 62)];
      v /= 62;
    }
    return new String(out);
  }

  /** {@code size} bytes: the 8 bytes of {@code u}, then filler. */
  static byte[] bytes(long u, long salt, int size) {
    byte[] out = new byte[size];
    for (int i = 0; i < 8; i++) {
      out[i] = (byte) (u >>> (56 - 8 * i));
    }
    long filler = mix64(u ^ salt);
    for (int i = 8; i < size; i++) {
      if ((i - 8) % 8 == 0 && i > 8) {
        filler = mix64(filler);
      }
      out[i] = (byte) (filler >>> (8 * ((i - 8) % 8)));
    }
    return out;
  }
}
