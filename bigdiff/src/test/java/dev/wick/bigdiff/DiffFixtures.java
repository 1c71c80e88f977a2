package dev.wick.bigdiff;

import dev.wick.core.io.Format;
import dev.wick.core.io.Output;
import dev.wick.core.spark.WickSpark;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/** Shared helpers of the bigdiff tests: the session, and a diff's summary and keys from one run. */
final class DiffFixtures {
  private DiffFixtures() {}

  static SparkSession spark() {
    return WickSpark.local(2);
  }

  /** A dataset from SQL, e.g. {@code values (1, 'a'), (2, 'b') as t(id, s)}. */
  static Dataset<Row> values(String valuesClause) {
    return spark().sql("select * from " + valuesClause);
  }

  /** The summary and the {@code keys/} rows of one diff. */
  record Run(DiffSummary summary, List<Row> keys) {

    /** Per key (text of the first key column), its diff type. */
    Map<String, String> types() {
      Map<String, String> out = new TreeMap<>();
      for (Row r : keys) {
        out.put(String.valueOf(r.get(0)), r.getAs("diff"));
      }
      return out;
    }

    /** Per key (text of the first key column), the fields reported as differing. */
    Map<String, Set<String>> differingFields() {
      Map<String, Set<String>> out = new TreeMap<>();
      for (Row r : keys) {
        Set<String> fields = new TreeSet<>();
        for (Row item : r.<Row>getList(r.fieldIndex("fields"))) {
          fields.add(item.getAs("field"));
        }
        out.put(String.valueOf(r.get(0)), fields);
      }
      return out;
    }

    /** The {@code fields} entry of {@code field} for {@code key}. */
    Row entry(Object key, String field) {
      for (Row r : keys) {
        if (String.valueOf(r.get(0)).equals(String.valueOf(key))) {
          for (Row item : r.<Row>getList(r.fieldIndex("fields"))) {
            if (item.getAs("field").equals(field)) {
              return item;
            }
          }
        }
      }
      throw new AssertionError("no entry for field " + field + " of key " + key);
    }

    GlobalCounts global() {
      return summary.global();
    }

    FieldStats field(String path) {
      return summary.field(path).orElseThrow();
    }
  }

  /** Runs {@code diff} once, writing it to a temporary folder, and reads its keys back. */
  static Run run(PreparedDiff diff) {
    Path dir;
    try {
      dir = Files.createTempDirectory("wick-bigdiff-test");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Path out = dir.resolve("diff");
    try (Output output = Output.create(spark(), out.toString(), false, List.of())) {
      DiffSummary summary = diff.writeTo(output, Format.PARQUET);
      output.commit();
      List<Row> keys = spark().read().parquet(out.resolve("keys").toString()).collectAsList();
      return new Run(summary, keys);
    } finally {
      delete(dir);
    }
  }

  static Run run(BigDiff diff, Dataset<Row> lhs, Dataset<Row> rhs) {
    return run(diff.prepare(lhs, rhs));
  }

  private static void delete(Path dir) {
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
