package dev.wick.checks;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.sum;

import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import org.apache.spark.api.java.function.MapPartitionsFunction;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;

/**
 * The exact number of distinct key values (or combinations) of a dataset holding just the key
 * columns, nulls counting as one value as in a grouping.
 *
 * <p>Spark's {@code distinct().count()} hashes every key twice: once before the shuffle, in a
 * partial aggregation that reduces nothing when the keys are unique (the case a unique check
 * expects), and once after it. For keys whose values Spark hands to Java as values that are equal
 * exactly when a grouping would call them equal (integers, booleans, dates, timestamps, decimals of
 * the column's one scale, text compared byte by byte), the keys are instead shuffled by their hash,
 * sorted within each partition (Spark's generated radix sort) and counted in one walk that compares
 * each key with the one before it. Any other key (floating point, whose grouping equates NaNs and
 * both zeros; binary; collated text; nested types) is counted by Spark's grouping.
 */
final class DistinctKeys {
  private DistinctKeys() {}

  /** The number of distinct rows of {@code keys}, every column of which is a key. */
  static long count(Dataset<Row> keys) {
    if (!Arrays.stream(keys.schema().fields()).allMatch(DistinctKeys::equalAsJavaValues)) {
      return keys.distinct().count();
    }
    // Positional names: a key field's own name may hold dots or backticks.
    String[] names = new String[keys.columns().length];
    Arrays.setAll(names, i -> "k" + i);
    Column[] columns = Arrays.stream(names).map(c -> col(c)).toArray(Column[]::new);
    Row total =
        keys.toDF(names)
            .repartition(columns)
            .sortWithinPartitions(columns)
            .mapPartitions(new CountChanges(), Encoders.LONG())
            .agg(sum(col("value")))
            .first();
    return total.isNullAt(0) ? 0L : total.getLong(0);
  }

  /**
   * Whether two values of {@code field} as a {@link Row} gives them are {@link Object#equals}
   * exactly when a grouping puts them in one group.
   */
  private static boolean equalAsJavaValues(StructField field) {
    DataType t = field.dataType();
    return t instanceof LongType
        || t instanceof IntegerType
        || t instanceof ShortType
        || t instanceof ByteType
        || t instanceof BooleanType
        || t instanceof DateType
        || t instanceof TimestampType
        || t instanceof TimestampNTZType
        || t instanceof DecimalType
        // The plain string type: its values group by their bytes, as Java strings compare.
        || t.equals(DataTypes.StringType);
  }

  /** One partition's count of rows that differ from the row before them (the first one does). */
  private static final class CountChanges implements MapPartitionsFunction<Row, Long> {
    private static final long serialVersionUID = 1L;

    @Override
    public Iterator<Long> call(Iterator<Row> rows) {
      long changes = 0;
      Object[] previous = null;
      while (rows.hasNext()) {
        Row row = rows.next();
        int n = row.length();
        boolean same = previous != null;
        for (int i = 0; same && i < n; i++) {
          same = Objects.equals(previous[i], row.get(i));
        }
        if (!same) {
          changes++;
          previous = previous == null ? new Object[n] : previous;
          for (int i = 0; i < n; i++) {
            previous[i] = row.get(i);
          }
        }
      }
      return List.of(changes).iterator();
    }
  }
}
