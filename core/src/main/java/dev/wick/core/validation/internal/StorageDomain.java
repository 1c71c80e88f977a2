package dev.wick.core.validation.internal;

import dev.wick.core.schema.DataType;
import dev.wick.core.schema.DataType.DecimalType;
import dev.wick.core.schema.DataType.EnumType;
import dev.wick.core.schema.DataType.TimestampType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.SplittableRandom;
import java.util.UUID;

/**
 * Plain values of a storage type with no meaning attached, for drawing candidates when a semantic
 * type has no generator of its own (value types that only know how to check themselves).
 */
final class StorageDomain {
  private static final String CHARS =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 -_.@";

  private StorageDomain() {}

  /** A value of {@code storage} in Java form, or null when the type has no plain values here. */
  static Object draw(SplittableRandom r, DataType storage) {
    if (storage instanceof DataType.StringType) {
      int n = r.nextInt(4) == 0 ? r.nextInt(3) : 1 + r.nextInt(12);
      StringBuilder s = new StringBuilder(n);
      boolean upper = r.nextBoolean();
      for (int i = 0; i < n; i++) {
        char c = CHARS.charAt(r.nextInt(CHARS.length()));
        s.append(upper ? c : Character.toLowerCase(c));
      }
      return s.toString();
    }
    if (storage instanceof DataType.UuidType) {
      return new UUID(r.nextLong(), r.nextLong()).toString();
    }
    if (storage instanceof EnumType e) {
      return e.symbols().get(r.nextInt(e.symbols().size()));
    }
    if (storage instanceof DataType.BooleanType) {
      return r.nextBoolean();
    }
    if (storage instanceof DataType.IntType) {
      int scale = r.nextInt(3);
      return scale == 0 ? r.nextInt(-10, 101) : scale == 1 ? r.nextInt(-1000, 1000) : r.nextInt();
    }
    if (storage instanceof DataType.LongType) {
      int scale = r.nextInt(3);
      return scale == 0
          ? r.nextLong(-10, 101)
          : scale == 1 ? r.nextLong(-1000, 1000) : r.nextLong();
    }
    if (storage instanceof DataType.FloatType) {
      return (float) ((r.nextDouble() - 0.5) * 2000);
    }
    if (storage instanceof DataType.DoubleType) {
      return (r.nextDouble() - 0.5) * 2000;
    }
    if (storage instanceof DecimalType d) {
      BigInteger limit = BigInteger.TEN.pow(Math.min(d.precision(), 18));
      long unscaled = r.nextLong(-limit.longValue() + 1, limit.longValue());
      return new BigDecimal(BigInteger.valueOf(unscaled), d.scale());
    }
    if (storage instanceof DataType.DateType) {
      return LocalDate.ofEpochDay(r.nextLong(-3650, 36500));
    }
    if (storage instanceof TimestampType t) {
      Instant i = Instant.ofEpochSecond(r.nextLong(0, 4_102_444_800L));
      return t.utcAdjusted() ? i : LocalDateTime.ofInstant(i, ZoneOffset.UTC);
    }
    if (storage instanceof DataType.BytesType) {
      byte[] b = new byte[r.nextInt(16)];
      for (int i = 0; i < b.length; i++) {
        b[i] = (byte) r.nextInt(256);
      }
      return b;
    }
    return null;
  }
}
