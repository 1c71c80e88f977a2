package dev.wick.profiler.internal;

import java.io.Serializable;
import java.util.List;

/** The row count and one {@link FieldSummary} per profiled path, for a partition or more. */
final class PartitionSummary implements Serializable {
  private static final long serialVersionUID = 1L;

  long rows;

  /** The first partition this summary covers: merges go in partition order. */
  int partition;

  final FieldSummary[] fields;

  PartitionSummary(FieldSummary[] fields) {
    this.fields = fields;
  }

  /** Merges {@code other} into this summary and returns this. */
  PartitionSummary merge(PartitionSummary other, List<ColumnSpec> specs) {
    rows += other.rows;
    for (int i = 0; i < fields.length; i++) {
      if (fields[i] == null) {
        fields[i] = other.fields[i];
      } else if (other.fields[i] != null) {
        fields[i].merge(other.fields[i], specs.get(i).path());
      }
    }
    return this;
  }
}
