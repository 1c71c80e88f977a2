package dev.wick.profiler.internal;

import java.util.Iterator;
import java.util.List;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * The per-partition loop of a profile: reads each projected value once and feeds every path's
 * {@link FieldAccumulator}, then emits the partition's {@link PartitionSummary}. Runs on the
 * executors over Spark's internal rows ({@link #rows}), or over a columnar scan's batches ({@link
 * #batches}), so values are read without conversion to Java objects. Each accumulator sees its
 * field's values in the same order either way, so both give the same summary.
 */
final class PartitionProfiler {
  private final List<ColumnSpec> specs;
  private final int itemsMapSize;

  PartitionProfiler(List<ColumnSpec> specs, int itemsMapSize) {
    this.specs = List.copyOf(specs);
    this.itemsMapSize = itemsMapSize;
  }

  /** Profiles a partition of the projected rows. */
  FlatMapFunction<Iterator<InternalRow>, PartitionSummary> rows() {
    List<ColumnSpec> fields = specs;
    int mapSize = itemsMapSize;
    return rows -> {
      Partition p = new Partition(fields, mapSize);
      while (rows.hasNext()) {
        InternalRow row = rows.next();
        p.rows++;
        for (int i = 0; i < p.cols.length; i++) {
          ColumnSpec c = p.cols[i];
          int v = c.validOrdinal();
          feed(p.accs[i], c, row, c.ordinal(), v < 0 ? null : row, v);
        }
      }
      return List.of(p.summary()).iterator();
    };
  }

  /**
   * Profiles a partition of a columnar scan's batches, whose column {@code columns[i]} holds the
   * projected column {@code i} (a plain column: no semantic verdict is computed beside it). Each
   * field is read a batch at a time; a text column the reader left dictionary-encoded is counted
   * per dictionary entry while its field's values are still counted exactly, which gives the same
   * counts, lengths and sketches as one value at a time.
   */
  FlatMapFunction<Iterator<ColumnarBatch>, PartitionSummary> batches(int[] columns) {
    List<ColumnSpec> fields = specs;
    int mapSize = itemsMapSize;
    int[] picked = columns.clone();
    return batches -> {
      Partition p = new Partition(fields, mapSize);
      DictionaryCounts dictionary = new DictionaryCounts();
      while (batches.hasNext()) {
        ColumnarBatch batch = batches.next();
        int n = batch.numRows();
        p.rows += n;
        for (int i = 0; i < p.cols.length; i++) {
          ColumnSpec c = p.cols[i];
          ColumnVector vector = batch.column(picked[i]);
          if (!c.repeated()
              && vector instanceof WritableColumnVector w
              && w.hasDictionary()
              && dictionary.count(w, n, p.accs[i])) {
            continue;
          }
          ColumnarArray values = new ColumnarArray(vector, 0, n);
          for (int r = 0; r < n; r++) {
            feed(p.accs[i], c, values, r, null, -1);
          }
        }
      }
      return List.of(p.summary()).iterator();
    };
  }

  /**
   * Feeds the value at {@code ordinal} of {@code source} (the elements of an array or map's values
   * for a repeated path) to {@code acc}, with the semantic verdict at {@code verdictOrdinal} of
   * {@code verdicts} when Catalyst computed one.
   */
  private static void feed(
      FieldAccumulator acc,
      ColumnSpec c,
      SpecializedGetters source,
      int ordinal,
      SpecializedGetters verdicts,
      int verdictOrdinal) {
    if (!c.repeated()) {
      acc.add(source, ordinal, verdicts, verdictOrdinal);
      return;
    }
    if (source.isNullAt(ordinal)) {
      return; // a null array or map holds no values
    }
    ArrayData values = source.getArray(ordinal);
    ArrayData verdictValues =
        verdicts == null || verdicts.isNullAt(verdictOrdinal)
            ? null
            : verdicts.getArray(verdictOrdinal);
    for (int j = 0, size = values.numElements(); j < size; j++) {
      acc.add(values, j, verdictValues, j);
    }
  }

  /** One partition's accumulators and row count. */
  private static final class Partition {
    final ColumnSpec[] cols;
    final FieldAccumulator[] accs;
    final int partition;
    long rows;

    Partition(List<ColumnSpec> specs, int itemsMapSize) {
      cols = specs.toArray(new ColumnSpec[0]);
      accs = new FieldAccumulator[cols.length];
      TaskContext task = TaskContext.get();
      partition = task == null ? 0 : task.partitionId();
      for (int i = 0; i < cols.length; i++) {
        accs[i] = new FieldAccumulator(cols[i], itemsMapSize, partition);
      }
    }

    PartitionSummary summary() {
      FieldSummary[] out = new FieldSummary[accs.length];
      for (int i = 0; i < accs.length; i++) {
        out[i] = accs[i].finish();
      }
      PartitionSummary summary = new PartitionSummary(out);
      summary.rows = rows;
      summary.partition = partition;
      return summary;
    }
  }

  /**
   * Counts a dictionary-encoded text column of a batch per dictionary entry: how many rows hold
   * each entry, and the first such row, whose value stands for them all. Reused batch to batch.
   */
  private static final class DictionaryCounts {
    private int[] counts = new int[64];
    private int[] firstRow = new int[64];
    private int[] seen = new int[64];

    /**
     * Feeds the first {@code n} rows of {@code vector} to {@code acc} as counts per entry, if
     * {@code acc} can count that many more distinct values exactly; false (and nothing fed)
     * otherwise.
     */
    boolean count(WritableColumnVector vector, int n, FieldAccumulator acc) {
      if (!acc.countsTextExactly(0)) {
        return false;
      }
      WritableColumnVector ids = vector.getDictionaryIds();
      int distinct = 0;
      int nulls = 0;
      for (int r = 0; r < n; r++) {
        if (vector.isNullAt(r)) {
          nulls++;
          continue;
        }
        int id = ids.getInt(r);
        if (id >= counts.length) {
          grow(id);
        }
        if (counts[id]++ == 0) {
          firstRow[id] = r;
          if (distinct == seen.length) {
            seen = java.util.Arrays.copyOf(seen, 2 * distinct);
          }
          seen[distinct++] = id;
        }
      }
      boolean exact = acc.countsTextExactly(distinct);
      for (int k = 0; k < distinct; k++) {
        int id = seen[k];
        if (exact) {
          acc.addTextCopies(vector.getUTF8String(firstRow[id]), counts[id]);
        }
        counts[id] = 0;
      }
      if (exact) {
        acc.addNulls(nulls);
      }
      return exact;
    }

    private void grow(int id) {
      int size = Math.max(id + 1, 2 * counts.length);
      counts = java.util.Arrays.copyOf(counts, size);
      firstRow = java.util.Arrays.copyOf(firstRow, size);
    }
  }
}
