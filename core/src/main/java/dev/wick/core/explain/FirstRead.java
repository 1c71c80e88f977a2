package dev.wick.core.explain;

import dev.wick.core.spark.Columns;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructField;

/**
 * What the explainer's first read learned of the candidate columns, from the first rows of some
 * partitions, about {@value Explainer#MEASURED_ROWS} in all: each column's first distinct values
 * (at most {@value Explainer#MAX_VALUES} and one more) and, for numbers and times, every value read
 * (the buckets' edges are their quantiles).
 *
 * <p>The partitions read are as many as Spark runs tasks at once (at least two), spread evenly from
 * the first to the last, so that the read is one wave of tasks, each stopping once it has its
 * share; the same data gives the same values. Each task sends back what it learned, not its rows,
 * so a wide row of long text costs the driver nothing. A Catalyst {@code limit} would take its rows
 * from whichever partition answers first, and a {@code sample} decodes every row, hence the RDD.
 */
final class FirstRead {
  private final long rows;
  private final Map<String, Seen> columns;

  private FirstRead(long rows, Map<String, Seen> columns) {
    this.rows = rows;
    this.columns = columns;
  }

  /** How many rows were read. */
  long rows() {
    return rows;
  }

  /** The columns read. */
  Set<String> columns() {
    return columns.keySet();
  }

  /** The first distinct values of {@code column} (nulls aside), at most one more than allowed. */
  List<Object> distinct(String column) {
    return columns.get(column).distinct();
  }

  /** Every non-null value of {@code column} read, when it is a number or a time; else none. */
  List<Object> values(String column) {
    return columns.get(column).values();
  }

  /** What was seen of one column: its first distinct values and, for numbers and times, all. */
  private record Seen(List<Object> distinct, List<Object> values) implements Serializable {}

  /** What one task learned: its rows, and what it saw of each column. */
  private record Part(long rows, List<Seen> columns) implements Serializable {}

  /** Reads {@code fields} of {@code data} now. */
  static FirstRead of(Dataset<Row> data, List<StructField> fields) {
    Dataset<Row> rows =
        data.select(fields.stream().map(f -> Columns.column(f.name())).toArray(Column[]::new));
    JavaRDD<Row> rdd = rows.javaRDD();
    int partitions = rdd.getNumPartitions();
    int n = fields.size();
    List<Part> parts = new ArrayList<>();
    if (partitions > 0) {
      int read =
          Math.min(
              partitions, Math.max(2, rows.sparkSession().sparkContext().defaultParallelism()));
      int[] ids = new int[read];
      for (int i = 0; i < read; i++) {
        ids[i] = read == 1 ? 0 : (int) Math.round((double) i * (partitions - 1) / (read - 1));
      }
      int each = Math.max(1, Explainer.MEASURED_ROWS / read);
      boolean[] ordered = new boolean[n];
      for (int i = 0; i < n; i++) {
        ordered[i] = Explainer.orderable(fields.get(i).dataType());
      }
      for (List<Part> taken :
          rdd.mapPartitions((Iterator<Row> it) -> List.of(learn(it, each, ordered)).iterator())
              .collectPartitions(ids)) {
        parts.addAll(taken);
      }
    }
    long total = 0;
    List<Set<Object>> distinct = new ArrayList<>();
    List<List<Object>> values = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      distinct.add(new LinkedHashSet<>());
      values.add(new ArrayList<>());
    }
    for (Part p : parts) {
      total += p.rows();
      for (int i = 0; i < n; i++) {
        for (Object v : p.columns().get(i).distinct()) {
          addDistinct(distinct.get(i), v);
        }
        values.get(i).addAll(p.columns().get(i).values());
      }
    }
    Map<String, Seen> byName = new LinkedHashMap<>();
    for (int i = 0; i < n; i++) {
      byName.put(fields.get(i).name(), new Seen(new ArrayList<>(distinct.get(i)), values.get(i)));
    }
    return new FirstRead(total, byName);
  }

  /** What a task learns from the first {@code each} rows of its partition. */
  private static Part learn(Iterator<Row> it, int each, boolean[] ordered) {
    int n = ordered.length;
    List<Set<Object>> distinct = new ArrayList<>(n);
    List<List<Object>> values = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      distinct.add(new LinkedHashSet<>());
      values.add(new ArrayList<>(ordered[i] ? Math.min(each, 4096) : 0));
    }
    long rows = 0;
    while (rows < each && it.hasNext()) {
      Row r = it.next();
      rows++;
      for (int i = 0; i < n; i++) {
        Object v = r.get(i);
        if (v == null) {
          continue;
        }
        addDistinct(distinct.get(i), v);
        if (ordered[i]) {
          values.get(i).add(v);
        }
      }
    }
    List<Seen> columns = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      columns.add(new Seen(new ArrayList<>(distinct.get(i)), values.get(i)));
    }
    return new Part(rows, columns);
  }

  /** Keeps {@code v} among the distinct values, up to one more than a column cut by values has. */
  private static void addDistinct(Set<Object> distinct, Object v) {
    if (distinct.size() <= Explainer.MAX_VALUES) {
      distinct.add(v);
    }
  }

  /**
   * A first read begun now on a thread of its own: created here, the thread inherits this one's
   * Spark settings (its job group).
   */
  static CompletableFuture<FirstRead> ahead(Dataset<Row> data, List<StructField> fields) {
    CompletableFuture<FirstRead> read = new CompletableFuture<>();
    Thread reader =
        new Thread(
            () -> {
              try {
                read.complete(of(data, fields));
              } catch (Throwable e) {
                read.completeExceptionally(e);
              }
            },
            "wick-explain-first-read");
    reader.setDaemon(true);
    reader.start();
    return read;
  }

  /**
   * The read begun ahead, once done; its error as the same read made here would have thrown it (a
   * Spark job's {@code SparkException} is checked in Java but undeclared, as Scala throws it).
   */
  static FirstRead await(CompletableFuture<FirstRead> ahead) {
    try {
      return ahead.join();
    } catch (CompletionException e) {
      throw FirstRead.<RuntimeException>rethrow(e.getCause());
    }
  }

  @SuppressWarnings("unchecked")
  private static <T extends Throwable> T rethrow(Throwable t) throws T {
    throw (T) t;
  }
}
