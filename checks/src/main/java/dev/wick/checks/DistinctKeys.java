package dev.wick.checks;

import static org.apache.spark.sql.functions.col;

import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.spark.HashPartitioner;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.api.java.function.PairFlatMapFunction;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeProjection;
import org.apache.spark.sql.catalyst.expressions.UnsafeRow;
import org.apache.spark.sql.classic.SparkSession;
import org.apache.spark.sql.execution.QueryExecution;
import org.apache.spark.sql.execution.SQLExecution;
import org.apache.spark.sql.internal.SQLConf;
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
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;
import org.apache.spark.unsafe.Platform;
import scala.Option;
import scala.Tuple2;

/**
 * The exact number of distinct key values (or combinations) of a dataset holding just the key
 * columns, nulls counting as one value as in a grouping.
 *
 * <p>Spark's {@code distinct().count()} hashes every key twice: once before the shuffle, in a
 * partial aggregation that reduces nothing when the keys are unique (the case a unique check
 * expects), and once after it. For keys whose values are equal exactly when their bytes in Spark's
 * {@link UnsafeRow} are (integers, booleans, dates, timestamps, decimals of the column's one scale,
 * text compared byte by byte: a null's slot is zeroed and equal leading fields put the variable-
 * length bytes at equal offsets), the keys are instead sent by the hash of their bytes to one of
 * the session's shuffle partitions, packed into chunks of many keys (a shuffle of single rows costs
 * a stream write and read per key), sorted within each partition by Spark's sort (generated radix
 * sort, spilling as it must) and counted in one walk over Catalyst's own rows that compares each
 * key's bytes with the key before it, with no conversion to Java rows and no second aggregation.
 * The walk runs as a SQL execution of the keys' own query, so listeners and observations of that
 * query see it as they see an action. Any other key (floating point, whose grouping equates NaNs
 * and both zeros; binary; collated text; nested types) is counted by Spark's grouping.
 */
final class DistinctKeys {
  /** The name of the SQL execution that counts the keys, for listeners. */
  static final String EXECUTION = "wick unique keys";

  private DistinctKeys() {}

  /** The number of distinct rows of {@code keys}, every column of which is a key. */
  static long count(Dataset<Row> keys) {
    if (!Arrays.stream(keys.schema().fields()).allMatch(DistinctKeys::equalAsBytes)) {
      return keys.distinct().count();
    }
    StructType schema = keys.schema();
    // Positional names: a key field's own name may hold dots or backticks.
    String[] names = new String[schema.size()];
    Arrays.setAll(names, i -> "k" + i);
    Column[] columns = Arrays.stream(names).map(c -> col(c)).toArray(Column[]::new);
    SparkSession session = (SparkSession) keys.sparkSession();
    QueryExecution read = keys.queryExecution();
    int partitions = partitions(session, read);
    scala.Function0<Long> walk =
        () -> {
          JavaRDD<InternalRow> arrived =
              read.toRdd()
                  .toJavaRDD()
                  .mapPartitionsToPair(new Pack(schema, partitions))
                  .partitionBy(new HashPartitioner(partitions))
                  .values()
                  .mapPartitions(new Unpack(schema.size()));
          return session
              .internalCreateDataFrame(arrived.rdd(), schema, false)
              .toDF(names)
              .sortWithinPartitions(columns)
              .queryExecution()
              .toRdd()
              .toJavaRDD()
              .mapPartitions(new CountChanges())
              .fold(0L, Long::sum);
        };
    return SQLExecution.withNewExecutionId(read, Option.apply(EXECUTION), walk);
  }

  /**
   * How many partitions the keys are sent to: as many as the keys' estimated size fills at the
   * adaptive execution's advisory partition size (64 MB unless set), at least one per task slot and
   * at most the session's shuffle partitions, as adaptive execution would coalesce them (this
   * shuffle is the RDD's own, which it does not see). Keys larger than estimated make larger
   * partitions, which Spark's sort spills as it must.
   */
  static int partitions(SparkSession session, QueryExecution keys) {
    int most = Math.max(1, session.sessionState().conf().numShufflePartitions());
    int least = Math.min(most, Math.max(1, session.sparkContext().defaultParallelism()));
    BigInteger size = keys.optimizedPlan().stats().sizeInBytes().bigInteger();
    long advisory =
        Math.max(
            1L,
            (Long)
                session.sessionState().conf().getConf(SQLConf.ADVISORY_PARTITION_SIZE_IN_BYTES()));
    BigInteger wanted = size.divide(BigInteger.valueOf(advisory)).add(BigInteger.ONE);
    return wanted.compareTo(BigInteger.valueOf(most)) >= 0
        ? most
        : Math.max(least, wanted.intValue());
  }

  /**
   * One partition's keys as chunks of {@code [size][UnsafeRow bytes]...}, one series of chunks per
   * shuffle partition, chosen by the hash of the key's bytes (equal keys, equal bytes, one
   * partition). Each partition's buffer holds at most {@link #chunkBytes} before it is sent, so a
   * task holds about 32 MB at most whatever its number of keys.
   */
  private static final class Pack
      implements PairFlatMapFunction<Iterator<InternalRow>, Integer, byte[]> {
    private static final long serialVersionUID = 1L;
    private final StructType schema;
    private final int partitions;

    Pack(StructType schema, int partitions) {
      this.schema = schema;
      this.partitions = partitions;
    }

    /**
     * Chunks of 32 MB in all, from 4 KB each (many partitions: 40 MB for 10,000) to 1 MB (few); a
     * chunk of 4 KB still carries a hundred keys or more.
     */
    private int chunkBytes() {
      return Math.max(4 << 10, Math.min(1 << 20, (32 << 20) / partitions));
    }

    @Override
    public Iterator<Tuple2<Integer, byte[]>> call(Iterator<InternalRow> rows) {
      int limit = chunkBytes();
      byte[][] buffers = new byte[partitions][];
      int[] used = new int[partitions];
      ArrayDeque<Tuple2<Integer, byte[]>> ready = new ArrayDeque<>();
      UnsafeProjection[] toUnsafe = new UnsafeProjection[1];
      return new Iterator<>() {
        private boolean flushed;

        @Override
        public boolean hasNext() {
          while (ready.isEmpty() && rows.hasNext()) {
            add(unsafe(rows.next()));
          }
          if (ready.isEmpty() && !flushed) {
            flushed = true;
            for (int p = 0; p < partitions; p++) {
              if (used[p] > 0) {
                ready.add(new Tuple2<>(p, Arrays.copyOf(buffers[p], used[p])));
              }
            }
          }
          return !ready.isEmpty();
        }

        @Override
        public Tuple2<Integer, byte[]> next() {
          if (!hasNext()) {
            throw new NoSuchElementException();
          }
          return ready.poll();
        }

        private UnsafeRow unsafe(InternalRow row) {
          if (row instanceof UnsafeRow u) {
            return u;
          }
          if (toUnsafe[0] == null) {
            toUnsafe[0] = UnsafeProjection.create(schema);
          }
          return toUnsafe[0].apply(row);
        }

        private void add(UnsafeRow key) {
          int p = Math.floorMod(key.hashCode(), partitions);
          int size = key.getSizeInBytes();
          int needed = Integer.BYTES + size;
          byte[] buffer = buffers[p];
          if (buffer != null && used[p] > 0 && used[p] + needed > limit) {
            ready.add(new Tuple2<>(p, Arrays.copyOf(buffer, used[p])));
            used[p] = 0;
          }
          if (buffer == null || used[p] + needed > buffer.length) {
            int grown = Math.max(used[p] + needed, Math.min(limit, Math.max(4096, 2 * used[p])));
            buffer = buffers[p] = Arrays.copyOf(buffer == null ? new byte[0] : buffer, grown);
          }
          Platform.putInt(buffer, Platform.BYTE_ARRAY_OFFSET + used[p], size);
          key.writeToMemory(buffer, Platform.BYTE_ARRAY_OFFSET + used[p] + Integer.BYTES);
          used[p] += needed;
        }
      };
    }
  }

  /** A partition's chunks back as keys: one reused {@link UnsafeRow} over each key's bytes. */
  private static final class Unpack implements FlatMapFunction<Iterator<byte[]>, InternalRow> {
    private static final long serialVersionUID = 1L;
    private final int fields;

    Unpack(int fields) {
      this.fields = fields;
    }

    @Override
    public Iterator<InternalRow> call(Iterator<byte[]> chunks) {
      UnsafeRow key = new UnsafeRow(fields);
      return new Iterator<>() {
        private byte[] chunk;
        private int at;

        @Override
        public boolean hasNext() {
          while ((chunk == null || at >= chunk.length) && chunks.hasNext()) {
            chunk = chunks.next();
            at = 0;
          }
          return chunk != null && at < chunk.length;
        }

        @Override
        public InternalRow next() {
          if (!hasNext()) {
            throw new NoSuchElementException();
          }
          int size = Platform.getInt(chunk, Platform.BYTE_ARRAY_OFFSET + at);
          key.pointTo(chunk, Platform.BYTE_ARRAY_OFFSET + at + Integer.BYTES, size);
          at += Integer.BYTES + size;
          return key;
        }
      };
    }
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
