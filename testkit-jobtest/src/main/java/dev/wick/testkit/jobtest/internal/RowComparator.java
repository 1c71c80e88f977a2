package dev.wick.testkit.jobtest.internal;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.sql.Date;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.spark.sql.Row;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Equality of Spark row values for the dataset assertions, with optional tolerances: an absolute
 * and a relative tolerance for floating point and decimal values (being within either is enough),
 * and one for timestamps. NaN equals NaN, integral numbers compare by value whatever their boxed
 * type, and nested rows, arrays and maps compare element by element with the same tolerances.
 *
 * @param tolerance the largest absolute difference between two equal float, double or decimal
 *     values (0 for exact)
 * @param relativeTolerance the largest difference between two equal float, double or decimal values
 *     relative to the larger of their magnitudes (0 for exact)
 * @param timestampTolerance the largest difference between two equal timestamps
 */
public record RowComparator(
    double tolerance, double relativeTolerance, Duration timestampTolerance) {

  /** Exact comparison. */
  public static final RowComparator EXACT = new RowComparator(0, 0, Duration.ZERO);

  public RowComparator {
    if (!(tolerance >= 0) || Double.isInfinite(tolerance)) {
      throw new IllegalArgumentException(
          "tolerance must be a finite number >= 0, but was " + tolerance);
    }
    if (!(relativeTolerance >= 0) || Double.isInfinite(relativeTolerance)) {
      throw new IllegalArgumentException(
          "relative tolerance must be a finite number >= 0, but was " + relativeTolerance);
    }
    Objects.requireNonNull(timestampTolerance, "timestampTolerance");
    if (timestampTolerance.isNegative()) {
      throw new IllegalArgumentException(
          "timestampTolerance must not be negative, but was " + timestampTolerance);
    }
  }

  public RowComparator withTolerance(double t) {
    return new RowComparator(t, relativeTolerance, timestampTolerance);
  }

  public RowComparator withRelativeTolerance(double t) {
    return new RowComparator(tolerance, t, timestampTolerance);
  }

  public RowComparator withTimestampTolerance(Duration t) {
    return new RowComparator(tolerance, relativeTolerance, t);
  }

  /** Whether two rows are equal column by column. */
  public boolean rowsEqual(Row a, Row b) {
    if (a.length() != b.length()) {
      return false;
    }
    for (int i = 0; i < a.length(); i++) {
      if (!equal(a.get(i), b.get(i))) {
        return false;
      }
    }
    return true;
  }

  /** Whether two values are equal under this comparator's tolerances. */
  public boolean equal(Object a, Object b) {
    if (a == null || b == null) {
      return a == b;
    }
    if (a instanceof Number x && b instanceof Number y) {
      return numbersEqual(x, y);
    }
    if (isTime(a) && isTime(b)) {
      Instant x = instant(a);
      Instant y = instant(b);
      return Duration.between(x, y).abs().compareTo(timestampTolerance) <= 0;
    }
    if (isDate(a) && isDate(b)) {
      return localDate(a).equals(localDate(b));
    }
    if (isBytes(a) && isBytes(b)) {
      return Arrays.equals(bytes(a), bytes(b));
    }
    if (a instanceof Row x && b instanceof Row y) {
      return rowsEqual(x, y);
    }
    if (isMap(a) && isMap(b)) {
      Map<?, ?> x = map(a);
      Map<?, ?> y = map(b);
      if (x.size() != y.size()) {
        return false;
      }
      Map<Object, Object> yByKey = new LinkedHashMap<>();
      y.forEach((k, v) -> yByKey.put(canonical(k), v));
      for (Map.Entry<?, ?> e : x.entrySet()) {
        Object key = canonical(e.getKey());
        if (!yByKey.containsKey(key) || !equal(e.getValue(), yByKey.get(key))) {
          return false;
        }
      }
      return true;
    }
    if (isList(a) && isList(b)) {
      Iterator<?> x = list(a).iterator();
      Iterator<?> y = list(b).iterator();
      while (x.hasNext() && y.hasNext()) {
        if (!equal(x.next(), y.next())) {
          return false;
        }
      }
      return !x.hasNext() && !y.hasNext();
    }
    return a.equals(b);
  }

  private boolean numbersEqual(Number x, Number y) {
    if (isIntegral(x) && isIntegral(y)) {
      return bigInteger(x).equals(bigInteger(y));
    }
    if (x instanceof BigDecimal || y instanceof BigDecimal) {
      if (isNaNOrInfinite(x) || isNaNOrInfinite(y)) {
        return false;
      }
      BigDecimal bx = new BigDecimal(x.toString());
      BigDecimal by = new BigDecimal(y.toString());
      BigDecimal diff = bx.subtract(by).abs();
      BigDecimal relative = bx.abs().max(by.abs()).multiply(BigDecimal.valueOf(relativeTolerance));
      return diff.compareTo(BigDecimal.valueOf(tolerance)) <= 0 || diff.compareTo(relative) <= 0;
    }
    double a = x.doubleValue();
    double b = y.doubleValue();
    if (Double.isNaN(a) || Double.isNaN(b)) {
      return Double.isNaN(a) && Double.isNaN(b);
    }
    if (Double.isInfinite(a) || Double.isInfinite(b)) {
      return a == b;
    }
    if (x instanceof Float != y instanceof Float && tolerance == 0 && relativeTolerance == 0) {
      // A float column holds no more than float precision: compare at that precision.
      return (float) a == (float) b;
    }
    double diff = Math.abs(a - b);
    return diff <= tolerance || diff <= relativeTolerance * Math.max(Math.abs(a), Math.abs(b));
  }

  /**
   * A hashable form of a value such that two values with equal canonical forms are {@link #equal}
   * under any tolerance: integral numbers as {@code Long} or {@code BigInteger}, decimals without
   * trailing zeros, instants for timestamps, lists for rows and arrays.
   */
  public static Object canonical(Object v) {
    if (v == null) {
      return null;
    }
    if (v instanceof Number n && isIntegral(n)) {
      BigInteger b = bigInteger(n);
      return b.bitLength() < 64 ? (Object) b.longValue() : b;
    }
    if (v instanceof BigDecimal d) {
      return d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
    }
    if (isTime(v)) {
      return instant(v);
    }
    if (isDate(v)) {
      return localDate(v);
    }
    if (isBytes(v)) {
      return ByteBuffer.wrap(bytes(v));
    }
    if (v instanceof Row r) {
      List<Object> out = new ArrayList<>(r.length() + 1);
      out.add(RowMarker.ROW);
      for (int i = 0; i < r.length(); i++) {
        out.add(canonical(r.get(i)));
      }
      return out;
    }
    if (isMap(v)) {
      Map<Object, Object> out = new LinkedHashMap<>();
      map(v).forEach((k, x) -> out.put(canonical(k), canonical(x)));
      return new MapKey(out);
    }
    if (isList(v)) {
      List<Object> out = new ArrayList<>();
      out.add(RowMarker.LIST);
      for (Object o : list(v)) {
        out.add(canonical(o));
      }
      return out;
    }
    return v;
  }

  /** Tells rows and arrays apart in canonical forms. */
  private enum RowMarker {
    ROW,
    LIST
  }

  /** A map compared without regard to entry order. */
  private record MapKey(Map<Object, Object> entries) {
    @Override
    public boolean equals(Object o) {
      return o instanceof MapKey m && entries.equals(m.entries);
    }

    @Override
    public int hashCode() {
      return entries.hashCode();
    }
  }

  private static boolean isIntegral(Number n) {
    return n instanceof Long
        || n instanceof Integer
        || n instanceof Short
        || n instanceof Byte
        || n instanceof BigInteger;
  }

  private static boolean isNaNOrInfinite(Number n) {
    return (n instanceof Double || n instanceof Float)
        && (Double.isNaN(n.doubleValue()) || Double.isInfinite(n.doubleValue()));
  }

  private static BigInteger bigInteger(Number n) {
    return n instanceof BigInteger b ? b : BigInteger.valueOf(n.longValue());
  }

  private static boolean isTime(Object v) {
    return v instanceof Timestamp || v instanceof Instant || v instanceof LocalDateTime;
  }

  private static Instant instant(Object v) {
    if (v instanceof Timestamp t) {
      return t.toInstant();
    } else if (v instanceof LocalDateTime l) {
      return l.toInstant(ZoneOffset.UTC);
    }
    return (Instant) v;
  }

  private static boolean isDate(Object v) {
    return v instanceof Date || v instanceof LocalDate;
  }

  private static LocalDate localDate(Object v) {
    return v instanceof Date d ? d.toLocalDate() : (LocalDate) v;
  }

  private static boolean isBytes(Object v) {
    return v instanceof byte[] || v instanceof ByteBuffer;
  }

  private static byte[] bytes(Object v) {
    if (v instanceof byte[] b) {
      return b;
    }
    ByteBuffer dup = ((ByteBuffer) v).duplicate();
    byte[] out = new byte[dup.remaining()];
    dup.get(out);
    return out;
  }

  private static boolean isMap(Object v) {
    return v instanceof Map<?, ?> || v instanceof scala.collection.Map<?, ?>;
  }

  private static Map<?, ?> map(Object v) {
    return v instanceof Map<?, ?> m
        ? m
        : CollectionConverters.asJava((scala.collection.Map<?, ?>) v);
  }

  private static boolean isList(Object v) {
    return (v instanceof Collection<?> && !(v instanceof java.util.Set<?>))
        || (v instanceof scala.collection.Iterable<?> && !(v instanceof scala.collection.Map<?, ?>))
        || (v.getClass().isArray() && !(v instanceof byte[]));
  }

  private static Iterable<?> list(Object v) {
    if (v instanceof Collection<?> c) {
      return c;
    } else if (v instanceof scala.collection.Iterable<?> s) {
      return CollectionConverters.asJava(s);
    }
    List<Object> out = new ArrayList<>();
    for (int i = 0; i < java.lang.reflect.Array.getLength(v); i++) {
      out.add(java.lang.reflect.Array.get(v, i));
    }
    return out;
  }
}
