package dev.wick.profiler.internal;

import java.util.Iterator;
import java.util.List;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.util.ArrayData;

/**
 * The per-partition loop of a profile: reads each projected row once and feeds every path's {@link
 * FieldAccumulator}, then emits the partition's {@link PartitionSummary}. Runs on the executors
 * over Spark's internal rows, so values are read without conversion to Java objects.
 */
final class PartitionProfiler implements FlatMapFunction<Iterator<InternalRow>, PartitionSummary> {
  private static final long serialVersionUID = 1L;

  private final List<ColumnSpec> specs;
  private final int itemsMapSize;

  PartitionProfiler(List<ColumnSpec> specs, int itemsMapSize) {
    this.specs = List.copyOf(specs);
    this.itemsMapSize = itemsMapSize;
  }

  @Override
  public Iterator<PartitionSummary> call(Iterator<InternalRow> rows) {
    int n = specs.size();
    FieldAccumulator[] accs = new FieldAccumulator[n];
    ColumnSpec[] cols = specs.toArray(new ColumnSpec[0]);
    TaskContext task = TaskContext.get();
    int partition = task == null ? 0 : task.partitionId();
    for (int i = 0; i < n; i++) {
      accs[i] = new FieldAccumulator(cols[i], itemsMapSize, partition);
    }
    long count = 0;
    while (rows.hasNext()) {
      InternalRow row = rows.next();
      count++;
      for (int i = 0; i < n; i++) {
        ColumnSpec c = cols[i];
        int v = c.validOrdinal();
        if (!c.repeated()) {
          accs[i].add(row, c.ordinal(), v < 0 ? null : row, v);
          continue;
        }
        if (row.isNullAt(c.ordinal())) {
          continue; // a null array or map holds no values
        }
        ArrayData values = row.getArray(c.ordinal());
        ArrayData verdicts = v < 0 || row.isNullAt(v) ? null : row.getArray(v);
        for (int j = 0, size = values.numElements(); j < size; j++) {
          accs[i].add(values, j, verdicts, j);
        }
      }
    }
    FieldSummary[] out = new FieldSummary[n];
    for (int i = 0; i < n; i++) {
      out[i] = accs[i].finish();
    }
    PartitionSummary summary = new PartitionSummary(out);
    summary.rows = count;
    summary.partition = partition;
    return List.of(summary).iterator();
  }
}
