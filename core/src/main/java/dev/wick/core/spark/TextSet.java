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
 * names) are found by a binary search among the set's values of the same length, each packed into
 * one {@code long}, with no hashing of the bytes; longer values by a hash lookup.
 */
public final class TextSet implements Serializable {
  private static final long serialVersionUID = 1L;

  /** Values longer than this many bytes are looked up by hash. */
  private static final int PACKED = 8;

  /** Up to this many values of one length are compared one by one, not binary-searched. */
  private static final int SCANNED = 8;

  private final Set<UTF8String> values;

  /**
   * For each byte length up to {@link #PACKED}, the sorted {@link UTF8String#getPrefix() prefixes}
   * of the values of that length: a value that short is its prefix (zero-padded), so two values of
   * one length are equal exactly when their prefixes are.
   */
  private final long[][] packedByLength;

  private TextSet(Set<UTF8String> values) {
    this.values = values;
    this.packedByLength = new long[PACKED + 1][];
    for (int length = 0; length <= PACKED; length++) {
      int n = length;
      packedByLength[length] =
          values.stream()
              .filter(v -> v.numBytes() == n)
              .mapToLong(UTF8String::getPrefix)
              .sorted()
              .toArray();
    }
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
    long[] packed = packedByLength[length];
    if (packed.length == 0) {
      return false;
    }
    long prefix = value.getPrefix();
    if (packed.length <= SCANNED) {
      for (long p : packed) {
        if (p == prefix) {
          return true;
        }
      }
      return false;
    }
    return Arrays.binarySearch(packed, prefix) >= 0;
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
