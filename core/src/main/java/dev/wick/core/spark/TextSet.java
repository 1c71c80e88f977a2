package dev.wick.core.spark;

import java.io.Serializable;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.Set;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * A set of strings, to test on Spark whether a text value, or every element of an array, is in it.
 * For one value a row, {@code isin} past ten values is a Scala hash set of {@code UTF8String}s
 * whose lookups hash the value's bytes and compare through Scala's generic equality, several times
 * the cost of the lookups here; for the elements of an array Catalyst's only forms are lambdas
 * ({@code forall}), which Spark interprets and which keep it from compiling the projection that
 * holds them with the scan, or {@code array_except}, which builds a hash set every row. This is one
 * generated loop of lookups on the elements' UTF-8 bytes: values of up to 8 bytes (codes, short
 * names) are packed into one {@code long} and looked up in a small open-addressing table of the
 * set's values of the same length (one multiplication and, mostly, one comparison: a binary search
 * of a few dozen values costs several mispredicted branches); longer values by a hash lookup.
 */
public final class TextSet implements Serializable {
  private static final long serialVersionUID = 1L;

  /** Values longer than this many bytes are looked up by hash. */
  private static final int PACKED = 8;

  /**
   * The free slots of a packed table: the prefix of eight {@code 0xFF} bytes, which no string from
   * Java holds (no UTF-8 sequence has that byte) and no shorter value's zero-padded prefix equals.
   */
  private static final long FREE = -1L;

  private final Set<UTF8String> values;

  /**
   * For each byte length up to {@link #PACKED}, a linear-probing table of the {@link
   * UTF8String#getPrefix() prefixes} of the values of that length, at most half full ({@link #FREE}
   * elsewhere): a value that short is its prefix (zero-padded), so two values of one length are
   * equal exactly when their prefixes are.
   */
  private final long[][] packedByLength;

  /** For each length, how far to shift a mixed prefix to get a slot of its table. */
  private final int[] shiftByLength;

  private TextSet(Set<UTF8String> values) {
    this.values = values;
    this.packedByLength = new long[PACKED + 1][];
    this.shiftByLength = new int[PACKED + 1];
    for (int length = 0; length <= PACKED; length++) {
      int n = length;
      long[] prefixes =
          values.stream().filter(v -> v.numBytes() == n).mapToLong(UTF8String::getPrefix).toArray();
      // At least two slots, and twice as many as values: some slot is always free.
      int bits = 64 - Long.numberOfLeadingZeros(2L * Math.max(1, prefixes.length) - 1);
      long[] table = new long[1 << bits];
      Arrays.fill(table, FREE);
      int mask = table.length - 1;
      for (long prefix : prefixes) {
        int slot = slot(prefix, 64 - bits);
        while (table[slot] != FREE) {
          slot = (slot + 1) & mask;
        }
        table[slot] = prefix;
      }
      packedByLength[length] = table;
      shiftByLength[length] = 64 - bits;
    }
  }

  /**
   * The home slot of {@code prefix}: the top bits of a multiplicative hash, which depend on every
   * bit of the prefix (a short value's bytes sit in its top bits, which a multiplication carries
   * only upwards).
   */
  private static int slot(long prefix, int shift) {
    return (int) ((prefix * 0x9E3779B97F4A7C15L) >>> shift);
  }

  /** The set of {@code values}. */
  public static TextSet of(Collection<String> values) {
    Set<UTF8String> set = new HashSet<>();
    values.forEach(v -> set.add(UTF8String.fromString(v)));
    return new TextSet(set);
  }

  /**
   * The Spark column that is true where the text {@code value} is in the set, false where it is
   * not, and null where it is null: the answers of {@code value.isin(...)} on the same strings
   * compared byte by byte, as one generated call.
   */
  public Column column(Column value) {
    return Invocations.booleanCall(this, "contains", value, DataTypes.StringType);
  }

  /**
   * The Spark column that is true where every non-null element of the array of strings {@code
   * array} is in the set (an empty array too), false where one is not, and null where the array is
   * null.
   */
  public Column everyElementIn(Column array) {
    return Invocations.booleanCall(
        this, "containsEveryUtf8", array, DataTypes.createArrayType(DataTypes.StringType));
  }

  /** Whether every non-null element is in the set: the method the generated code calls. */
  public boolean containsEveryUtf8(ArrayData array) {
    for (int i = 0, n = array.numElements(); i < n; i++) {
      if (!array.isNullAt(i) && !contains(array.getUTF8String(i))) {
        return false;
      }
    }
    return true;
  }

  /** Whether {@code value} is in the set: the method {@link #column} calls. */
  public boolean contains(UTF8String value) {
    int length = value.numBytes();
    if (length > PACKED) {
      return values.contains(value);
    }
    long[] table = packedByLength[length];
    long prefix = value.getPrefix();
    int mask = table.length - 1;
    for (int slot = slot(prefix, shiftByLength[length]); ; slot = (slot + 1) & mask) {
      long held = table[slot];
      if (held == prefix) {
        // A value of invalid UTF-8 may pack to the free marker: it is in no set.
        return prefix != FREE;
      }
      if (held == FREE) {
        return false;
      }
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TextSet other && other.values.equals(values);
  }

  @Override
  public int hashCode() {
    return values.hashCode();
  }

  @Override
  public String toString() {
    return "text_set(" + values.size() + " values)";
  }
}
