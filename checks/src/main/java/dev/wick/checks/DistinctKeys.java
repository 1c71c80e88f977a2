package dev.wick.checks;

import static org.apache.spark.sql.functions.col;

import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
import org.apache.spark.sql.execution.QueryExecution;
import org.apache.spark.sql.execution.SQLExecution;
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
import scala.Option;

/**
 * The exact number of distinct key values (or combinations) of a dataset holding just the key
 * columns, nulls counting as one value as in a grouping.
 *
 * <p>Spark's {@code distinct().count()} hashes every key twice: once before the shuffle, in a
 * partial aggregation that reduces nothing when the keys are unique (the case a unique check
 * expects), and once after it. For keys whose values are equal exactly when their bytes in Spark's
 * {@link UnsafeRow} are (integers, booleans, dates, timestamps, decimals of the column's one scale,
 * text compared byte by byte: a null's slot is zeroed and equal leading fields put the variable-
 * length bytes at equal offsets), the keys are instead shuffled by their hash, sorted within each
 * partition (Spark's generated radix sort) and counted in one walk over Catalyst's own rows that
 * compares each key's bytes with the key before it, with no conversion to Java rows and no second
 * aggregation; the walk runs as a SQL execution of its own, so listeners and observations of the
 * query see it as they see an action. Any other key (floating point, whose grouping equates NaNs
 * and both zeros; binary; collated text; nested types) is counted by Spark's grouping.
 */
final class DistinctKeys {
  private DistinctKeys() {}

  /** The number of distinct rows of {@code keys}, every column of which is a key. */
  static long count(Dataset<Row> keys) {
    if (!Arrays.stream(keys.schema().fields()).allMatch(DistinctKeys::equalAsBytes)) {
      return keys.distinct().count();
    }
    // Positional names: a key field's own name may hold dots or backticks.
    String[] names = new String[keys.columns().length];
    Arrays.setAll(names, i -> "k" + i);
    Column[] columns = Arrays.stream(names).map(c -> col(c)).toArray(Column[]::new);
    QueryExecution sorted =
        keys.toDF(names).repartition(columns).sortWithinPartitions(columns).queryExecution();
    scala.Function0<Long> walk =
        () -> sorted.toRdd().toJavaRDD().mapPartitions(new CountChanges()).fold(0L, Long::sum);
    return SQLExecution.withNewExecutionId(sorted, Option.apply("wick unique keys"), walk);
  }

  /**
   * Whether two values of {@code field} are in one group of a grouping exactly when their bytes in
   * an {@link UnsafeRow} are equal.
   */
  private static boolean equalAsBytes(StructField field) {
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
        // The plain string type: its values group by their bytes.
        || t.equals(DataTypes.StringType);
  }

  /**
   * One partition's count of rows that differ from the row before them (the first one does). The
   * sorted rows arrive in one reused buffer, so the row before is a copy, kept in one buffer of its
   * own that each new key overwrites.
   */
  private static final class CountChanges implements FlatMapFunction<Iterator<InternalRow>, Long> {
    private static final long serialVersionUID = 1L;

    @Override
    public Iterator<Long> call(Iterator<InternalRow> rows) {
      long changes = 0;
      InternalRow previous = null;
      while (rows.hasNext()) {
        InternalRow row = rows.next();
        if (previous == null || !previous.equals(row)) {
          changes++;
          if (previous instanceof UnsafeRow kept && row instanceof UnsafeRow sorted) {
            kept.copyFrom(sorted);
          } else {
            previous = row.copy();
          }
        }
      }
      return List.of(changes).iterator();
    }
  }
}
