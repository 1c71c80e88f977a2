package dev.wick.testkit.generators.internal;

import dev.wick.core.WickException;
import dev.wick.core.schema.DataType;
import dev.wick.core.schema.FieldPath;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A value domain: the set of values one position of a schema can hold, its edge cases, and how to
 * draw a value from a seeded {@link SplittableRandom}. Domains are built once per schema by {@link
 * SchemaDomains} and read by two backends: {@link BulkGenerator} calls {@link #draw} directly,
 * millions of times a second; the jqwik adapter turns each kind into shrinkable jqwik arbitraries.
 *
 * <p>The kinds form a closed set, so that a backend handles each of them and nothing else: numbers
 * ({@link Integral}, {@link Floating}, {@link Decimal}), {@link Text} (and its {@link Utf8} bytes),
 * {@link Binary}, a {@link Choice} among values, a {@link Constant}, {@link Mapped} values, opaque
 * {@link Drawn} values (semantic types), {@link Filtered} values, {@link Nullable} values,
 * collections ({@link ListOf}, {@link MapOf}), records ({@link Struct}), unions ({@link OneOf}) and
 * the {@link Slot} that marks a field path (where a test may replace the values).
 *
 * <p>One concept past 500 lines: the sealed family of domains and their records, which the
 * generators match on exhaustively, so they live in one file.
 *
 * @param <T> the type of the values
 */
public sealed interface Domain<T>
    permits Domain.Integral,
        Domain.Floating,
        Domain.Decimal,
        Domain.Text,
        Domain.Utf8,
        Domain.Binary,
        Domain.Choice,
        Domain.Constant,
        Domain.Mapped,
        Domain.Drawn,
        Domain.Filtered,
        Domain.Nullable,
        Domain.ListOf,
        Domain.MapOf,
        Domain.Struct,
        Domain.OneOf,
        Domain.Slot {

  /** A value of this domain; edge cases come up at the rate the domain was built with. */
  T draw(SplittableRandom random);

  /** Whole numbers in {@code [min, max]}; half the draws stay in the typical sub-range. */
  record Integral(
      long min,
      long max,
      long typicalMin,
      long typicalMax,
      List<Long> edgeCases,
      double edgeCaseProbability)
      implements Domain<Long> {
    public Integral {
      if (min > max) {
        throw new IllegalArgumentException("min " + min + " > max " + max);
      }
      typicalMin = Math.max(min, Math.min(max, typicalMin));
      typicalMax = Math.max(typicalMin, Math.min(max, typicalMax));
      edgeCases = edgeCases.stream().filter(e -> e >= min && e <= max).distinct().toList();
    }

    @Override
    public Long draw(SplittableRandom random) {
      if (!edgeCases.isEmpty() && random.nextDouble() < edgeCaseProbability) {
        return edgeCases.get(random.nextInt(edgeCases.size()));
      }
      return random.nextBoolean()
          ? uniform(random, typicalMin, typicalMax)
          : uniform(random, min, max);
    }

    static long uniform(SplittableRandom random, long lo, long hi) {
      if (lo == hi) {
        return lo;
      }
      if (hi == Long.MAX_VALUE) {
        return lo == Long.MIN_VALUE ? random.nextLong() : random.nextLong(lo - 1, hi) + 1;
      }
      return random.nextLong(lo, hi + 1);
    }
  }

  /**
   * Floating point numbers of any magnitude between about 1e-6 and 1e12, both signs; the special
   * values (NaN, infinities, extremes, signed zeros) come up as edge cases.
   */
  record Floating(List<Double> edgeCases, double edgeCaseProbability) implements Domain<Double> {
    public Floating {
      edgeCases = List.copyOf(edgeCases);
    }

    @Override
    public Double draw(SplittableRandom random) {
      if (!edgeCases.isEmpty() && random.nextDouble() < edgeCaseProbability) {
        return edgeCases.get(random.nextInt(edgeCases.size()));
      }
      double mantissa = random.nextDouble() * 2 - 1;
      return mantissa * POWERS_OF_TEN[random.nextInt(POWERS_OF_TEN.length)];
    }

    private static final double[] POWERS_OF_TEN = {
      1e-6, 1e-3, 1, 1e1, 1e2, 1e3, 1e4, 1e6, 1e9, 1e12
    };
  }

  /**
   * Exact decimals with at most {@code precision} digits, {@code scale} of them after the point;
   * the number of digits varies from one to {@code precision}.
   */
  record Decimal(int precision, int scale, List<BigDecimal> edgeCases, double edgeCaseProbability)
      implements Domain<BigDecimal> {
    public Decimal {
      edgeCases = List.copyOf(edgeCases);
    }

    /** The largest value: {@code precision} nines, {@code scale} of them after the point. */
    public BigDecimal max() {
      return new BigDecimal(BigInteger.TEN.pow(precision).subtract(BigInteger.ONE), scale);
    }

    @Override
    public BigDecimal draw(SplittableRandom random) {
      if (!edgeCases.isEmpty() && random.nextDouble() < edgeCaseProbability) {
        return edgeCases.get(random.nextInt(edgeCases.size()));
      }
      int digits = random.nextInt(1, precision + 1);
      BigInteger unscaled;
      if (digits <= 18) {
        unscaled = BigInteger.valueOf(random.nextLong(LONG_POWERS_OF_TEN[digits]));
      } else {
        StringBuilder text = new StringBuilder(digits);
        while (text.length() < digits) {
          int chunk = Math.min(18, digits - text.length());
          String part = Long.toString(random.nextLong(LONG_POWERS_OF_TEN[chunk]));
          text.append("0".repeat(chunk - part.length())).append(part);
        }
        unscaled = new BigInteger(text.toString());
      }
      return new BigDecimal(random.nextBoolean() ? unscaled : unscaled.negate(), scale);
    }

    private static final long[] LONG_POWERS_OF_TEN = new long[19];

    static {
      LONG_POWERS_OF_TEN[0] = 1;
      for (int i = 1; i < LONG_POWERS_OF_TEN.length; i++) {
        LONG_POWERS_OF_TEN[i] = LONG_POWERS_OF_TEN[i - 1] * 10;
      }
    }
  }

  /** A range of Unicode code points drawn with a relative weight. */
  record CodePoints(int from, int to, int weight) {
    public CodePoints {
      if (from > to || weight <= 0) {
        throw new IllegalArgumentException("bad code point range " + from + ".." + to);
      }
      if (from <= 0xDFFF && to >= 0xD800) {
        throw new IllegalArgumentException("a code point range must not include surrogates");
      }
    }
  }

  /**
   * Strings of {@code minLength} to {@code maxLength} UTF-16 chars whose code points come from
   * weighted ranges (mostly ASCII letters and digits, some Latin, Greek, Cyrillic, CJK and emoji).
   */
  final class Text implements Domain<String> {

    /** The default alphabet: ASCII first (where jqwik shrinks to), then wider Unicode. */
    public static final List<CodePoints> DEFAULT_RANGES =
        List.of(
            new CodePoints('a', 'z', 40),
            new CodePoints('A', 'Z', 10),
            new CodePoints('0', '9', 10),
            new CodePoints(' ', '~', 10),
            new CodePoints(0xA0, 0x24F, 8),
            new CodePoints(0x370, 0x4FF, 7),
            new CodePoints(0x4E00, 0x9FFF, 7),
            new CodePoints(0x1F300, 0x1F64F, 3));

    /** The share of strings drawn from the whole alphabet; the rest use its ASCII ranges. */
    public static final double UNICODE_SHARE = 0.1;

    private static final int SLOTS = 256;
    private final int minLength;
    private final int maxLength;
    private final List<CodePoints> ranges;
    private final List<String> edgeCases;
    private final double edgeCaseProbability;
    // A draw picks one of 256 slots, each standing for a range in proportion to its weight.
    private final int[] slotFrom = new int[SLOTS];
    private final int[] slotSize = new int[SLOTS];
    // ASCII chars in proportion to their range's weight, picked by 12 random bits each.
    private static final int ASCII_TABLE = 4096;
    private final byte[] asciiTable = new byte[ASCII_TABLE];
    private final boolean hasAscii;

    public Text(
        int minLength,
        int maxLength,
        List<CodePoints> ranges,
        List<String> edgeCases,
        double edgeCaseProbability) {
      if (minLength < 0 || minLength > maxLength) {
        throw new IllegalArgumentException("bad string length " + minLength + ".." + maxLength);
      }
      if (ranges.isEmpty()) {
        throw new IllegalArgumentException("a text domain needs at least one code point range");
      }
      this.minLength = minLength;
      this.maxLength = maxLength;
      this.ranges = List.copyOf(ranges);
      this.edgeCases =
          edgeCases.stream()
              .filter(e -> e.length() >= minLength && e.length() <= maxLength)
              .distinct()
              .toList();
      this.edgeCaseProbability = edgeCaseProbability;
      fill(ranges, slotFrom, slotSize);
      List<CodePoints> ascii = ranges.stream().filter(r -> r.to() < 0x80).toList();
      this.hasAscii = !ascii.isEmpty();
      if (hasAscii) {
        long total = 0;
        for (CodePoints r : ascii) {
          total += r.weight();
        }
        int slot = 0;
        long cumulative = 0;
        for (CodePoints r : ascii) {
          cumulative += r.weight();
          int end = (int) (cumulative * ASCII_TABLE / total);
          int size = r.to() - r.from() + 1;
          for (int k = 0; slot < end; slot++, k++) {
            asciiTable[slot] = (byte) (r.from() + k % size);
          }
        }
      }
    }

    private static void fill(List<CodePoints> ranges, int[] from, int[] size) {
      long total = 0;
      for (CodePoints r : ranges) {
        total += r.weight();
      }
      long cumulative = 0;
      int slot = 0;
      for (CodePoints r : ranges) {
        cumulative += r.weight();
        int end = (int) (cumulative * SLOTS / total);
        for (; slot < end; slot++) {
          from[slot] = r.from();
          size[slot] = r.to() - r.from() + 1;
        }
      }
    }

    public int minLength() {
      return minLength;
    }

    public int maxLength() {
      return maxLength;
    }

    public List<CodePoints> ranges() {
      return ranges;
    }

    public List<String> edgeCases() {
      return edgeCases;
    }

    public double edgeCaseProbability() {
      return edgeCaseProbability;
    }

    @Override
    public String draw(SplittableRandom random) {
      Object drawn = drawEither(random);
      return drawn instanceof String s ? s : new String((byte[]) drawn, StandardCharsets.UTF_8);
    }

    /**
     * The UTF-8 bytes of the string {@link #draw} would give from the same random state: what Spark
     * stores, without making a {@code String} first.
     */
    public byte[] drawUtf8(SplittableRandom random) {
      Object drawn = drawEither(random);
      return drawn instanceof String s ? s.getBytes(StandardCharsets.UTF_8) : (byte[]) drawn;
    }

    /** An edge case ({@code String}), or the UTF-8 bytes of a drawn string. */
    private Object drawEither(SplittableRandom random) {
      if (!edgeCases.isEmpty() && random.nextDouble() < edgeCaseProbability) {
        return edgeCases.get(random.nextInt(edgeCases.size()));
      }
      // The empty string is an edge case: drawn lengths start at 1, so that "" comes up at the
      // edge-case rate rather than once in (maxLength + 1) draws.
      int lo = minLength == 0 && maxLength > 0 && !edgeCases.isEmpty() ? 1 : minLength;
      int length = lo == maxLength ? lo : random.nextInt(lo, maxLength + 1);
      if (hasAscii && random.nextDouble() >= UNICODE_SHARE) {
        return ascii(random, length);
      }
      // Up to 4 UTF-8 bytes per UTF-16 char; `chars` counts the string's length as Java does.
      byte[] out = new byte[length * 4];
      int n = 0;
      int chars = 0;
      while (chars < length) {
        long bits = random.nextLong();
        // One 64-bit draw per char: 8 bits pick the range, 32 bits the code point in it.
        int slot = (int) (bits & (SLOTS - 1));
        int cp = slotFrom[slot] + (int) (((bits >>> 8) & 0xFFFFFFFFL) * slotSize[slot] >>> 32);
        if (cp > Character.MAX_VALUE && chars + 1 == length) {
          cp = 'a' + (int) ((bits >>> 40) % 26); // no room for a surrogate pair
        }
        if (cp < 0x80) {
          out[n++] = (byte) cp;
        } else if (cp < 0x800) {
          out[n++] = (byte) (0xC0 | (cp >>> 6));
          out[n++] = (byte) (0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
          out[n++] = (byte) (0xE0 | (cp >>> 12));
          out[n++] = (byte) (0x80 | ((cp >>> 6) & 0x3F));
          out[n++] = (byte) (0x80 | (cp & 0x3F));
        } else {
          out[n++] = (byte) (0xF0 | (cp >>> 18));
          out[n++] = (byte) (0x80 | ((cp >>> 12) & 0x3F));
          out[n++] = (byte) (0x80 | ((cp >>> 6) & 0x3F));
          out[n++] = (byte) (0x80 | (cp & 0x3F));
        }
        chars += Character.charCount(cp);
      }
      return java.util.Arrays.copyOf(out, n);
    }

    /** The bytes of a string of the ASCII ranges only: five chars per 64-bit draw. */
    private byte[] ascii(SplittableRandom random, int length) {
      byte[] out = new byte[length];
      long bits = 0;
      for (int i = 0; i < length; i++) {
        if (i % 5 == 0) {
          bits = random.nextLong();
        }
        out[i] = asciiTable[(int) (bits & (ASCII_TABLE - 1))];
        bits >>>= 12;
      }
      return out;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Text t
          && t.minLength == minLength
          && t.maxLength == maxLength
          && t.ranges.equals(ranges)
          && t.edgeCases.equals(edgeCases)
          && t.edgeCaseProbability == edgeCaseProbability;
    }

    @Override
    public int hashCode() {
      return Objects.hash(minLength, maxLength, ranges, edgeCases, edgeCaseProbability);
    }

    @Override
    public String toString() {
      return "Text[" + minLength + ".." + maxLength + "]";
    }
  }

  /** The strings of a {@link Text} domain as UTF-8 bytes (how Spark holds strings). */
  record Utf8(Text text) implements Domain<byte[]> {
    public Utf8 {
      Objects.requireNonNull(text, "text");
    }

    @Override
    public byte[] draw(SplittableRandom random) {
      return text.drawUtf8(random);
    }
  }

  /** Byte arrays of {@code minLength} to {@code maxLength} random bytes. */
  record Binary(int minLength, int maxLength, double edgeCaseProbability)
      implements Domain<byte[]> {
    public Binary {
      if (minLength < 0 || minLength > maxLength) {
        throw new IllegalArgumentException("bad byte length " + minLength + ".." + maxLength);
      }
    }

    @Override
    public byte[] draw(SplittableRandom random) {
      if (random.nextDouble() < edgeCaseProbability) {
        // Edge cases: the shortest array, all zeros or all ones.
        byte[] edge = new byte[random.nextBoolean() ? minLength : maxLength];
        if (random.nextBoolean()) {
          java.util.Arrays.fill(edge, (byte) 0xFF);
        }
        return edge;
      }
      byte[] out = new byte[random.nextInt(minLength, maxLength + 1)];
      for (int i = 0; i < out.length; i += 8) {
        long bits = random.nextLong();
        for (int j = i; j < Math.min(out.length, i + 8); j++) {
          out[j] = (byte) bits;
          bits >>>= 8;
        }
      }
      return out;
    }
  }

  /** One of a fixed list of values (enum symbols, booleans), picked uniformly. */
  record Choice<T>(List<T> values) implements Domain<T> {
    public Choice {
      values = List.copyOf(values);
      if (values.isEmpty()) {
        throw new IllegalArgumentException("a choice needs at least one value");
      }
    }

    @Override
    public T draw(SplittableRandom random) {
      return values.get(random.nextInt(values.size()));
    }
  }

  /** Always the same value (possibly null): how a recursion that reached its depth ends. */
  record Constant<T>(T value) implements Domain<T> {
    @Override
    public T draw(SplittableRandom random) {
      return value;
    }
  }

  /** The values of {@code source} passed through {@code to}. */
  record Mapped<S, T>(Domain<S> source, Function<? super S, ? extends T> to) implements Domain<T> {
    public Mapped {
      Objects.requireNonNull(source, "source");
      Objects.requireNonNull(to, "to");
    }

    @Override
    public T draw(SplittableRandom random) {
      return to.apply(source.draw(random));
    }
  }

  /**
   * Values an opaque function draws (a semantic type's valid values): no structure a backend could
   * shrink, so jqwik keeps them as drawn.
   */
  record Drawn<T>(String description, Function<SplittableRandom, T> draw) implements Domain<T> {
    public Drawn {
      Objects.requireNonNull(description, "description");
      Objects.requireNonNull(draw, "draw");
    }

    @Override
    public T draw(SplittableRandom random) {
      return draw.apply(random);
    }
  }

  /** The values of {@code source} that {@code keep} accepts (retried up to {@link #MAX_MISSES}). */
  record Filtered<T>(String description, Domain<T> source, Predicate<? super T> keep)
      implements Domain<T> {
    /** How many rejected draws in a row make the domain give up. */
    public static final int MAX_MISSES = 10_000;

    @Override
    public T draw(SplittableRandom random) {
      for (int i = 0; i < MAX_MISSES; i++) {
        T value = source.draw(random);
        if (keep.test(value)) {
          return value;
        }
      }
      throw WickException.usage(
          "Could not generate a value for "
              + description
              + " in "
              + MAX_MISSES
              + " tries; register a semantic type that generates valid values for it.");
    }
  }

  /** The values of {@code inner}, or null with probability {@code nullProbability}. */
  record Nullable<T>(Domain<T> inner, double nullProbability) implements Domain<T> {
    @Override
    public T draw(SplittableRandom random) {
      return random.nextDouble() < nullProbability ? null : inner.draw(random);
    }
  }

  /** Lists of {@code minSize} to {@code maxSize} elements; the smallest size is an edge case. */
  record ListOf<T>(Domain<T> element, int minSize, int maxSize, double edgeCaseProbability)
      implements Domain<List<T>> {
    public ListOf {
      if (minSize < 0 || minSize > maxSize) {
        throw new IllegalArgumentException("bad list size " + minSize + ".." + maxSize);
      }
    }

    @Override
    public List<T> draw(SplittableRandom random) {
      int size =
          random.nextDouble() < edgeCaseProbability
              ? minSize
              : random.nextInt(minSize, maxSize + 1);
      List<T> out = new ArrayList<>(size);
      for (int i = 0; i < size; i++) {
        out.add(element.draw(random));
      }
      return out;
    }
  }

  /**
   * Maps of {@code minSize} to {@code maxSize} entries with distinct keys (fewer when the keys run
   * out of distinct values).
   */
  record MapOf<K, V>(
      Domain<K> key, Domain<V> value, int minSize, int maxSize, double edgeCaseProbability)
      implements Domain<Map<K, V>> {
    public MapOf {
      if (minSize < 0 || minSize > maxSize) {
        throw new IllegalArgumentException("bad map size " + minSize + ".." + maxSize);
      }
    }

    @Override
    public Map<K, V> draw(SplittableRandom random) {
      int size =
          random.nextDouble() < edgeCaseProbability
              ? minSize
              : random.nextInt(minSize, maxSize + 1);
      Map<K, V> out = new LinkedHashMap<>();
      for (int attempt = 0; out.size() < size && attempt < size * 8; attempt++) {
        K k = key.draw(random);
        if (!out.containsKey(k)) {
          out.put(k, value.draw(random));
        }
      }
      return out;
    }
  }

  /** A record's field values, one domain per field, in field order. */
  record Struct(List<Domain<?>> fields) implements Domain<Object[]> {
    public Struct {
      fields = List.copyOf(fields);
    }

    @Override
    public Object[] draw(SplittableRandom random) {
      Object[] values = new Object[fields.size()];
      for (int i = 0; i < values.length; i++) {
        values[i] = fields.get(i).draw(random);
      }
      return values;
    }
  }

  /** A value of one of the branches (a union), each branch equally likely. */
  record OneOf<T>(List<Domain<? extends T>> branches) implements Domain<T> {
    public OneOf {
      branches = List.copyOf(branches);
      if (branches.isEmpty()) {
        throw new IllegalArgumentException("a union needs at least one branch");
      }
    }

    @Override
    public T draw(SplittableRandom random) {
      return branches.get(random.nextInt(branches.size())).draw(random);
    }
  }

  /**
   * The position of a field path (a field, {@code a[]} elements, {@code m{}} values): draws from
   * {@code inner}, and tells a backend that replaces the values there how to bring a value given in
   * Wick's Java form into the target's form ({@code fromJava}, which fails with a clear message on
   * a value of the wrong type).
   *
   * @param path the field path, as {@code Schema.resolve} normalizes it
   * @param type the type of the values at the path
   * @param nullable whether null is a valid value here
   */
  record Slot<T>(
      FieldPath path,
      DataType type,
      boolean nullable,
      Domain<T> inner,
      Function<Object, Object> fromJava)
      implements Domain<T> {
    public Slot {
      Objects.requireNonNull(path, "path");
      Objects.requireNonNull(type, "type");
      Objects.requireNonNull(inner, "inner");
      Objects.requireNonNull(fromJava, "fromJava");
    }

    @Override
    public T draw(SplittableRandom random) {
      return inner.draw(random);
    }
  }
}
