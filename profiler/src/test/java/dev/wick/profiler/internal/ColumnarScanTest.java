package dev.wick.profiler.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.core.schema.Schemas;
import dev.wick.core.spark.WickSpark;
import dev.wick.profiler.Profile;
import dev.wick.profiler.Profiler;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Profiles read from the scan's column batches equal those read from Catalyst's rows. */
class ColumnarScanTest {
  static SparkSession spark;
  @TempDir static Path dir;
  static String parquet;

  @BeforeAll
  static void data() {
    spark = WickSpark.local(2);
    parquet = dir.resolve("mixed").toString();
    // Repeated and unique texts (dictionary-encoded and plain pages), nulls, and most types.
    spark
        .range(0, 50_000, 1, 3)
        .selectExpr(
            "id",
            "if(id % 7 = 0, NULL, concat('c', cast(id % 40 AS string))) AS country",
            "concat('user-', cast(id AS string), repeat('x', cast(id % 5 AS int))) AS user",
            "cast(xxhash64(id) % 100000 AS double) / 7 AS price",
            "cast(id % 1000 AS decimal(12, 2)) AS amount",
            "id % 3 = 0 AS flag",
            "date'2024-01-01' + cast(id % 400 AS int) AS day",
            "timestamp'2024-01-01 00:00:00' + make_interval(0, 0, 0, 0, 0, 0, id) AS at",
            "cast(concat('b', cast(id % 9 AS string)) AS binary) AS bytes",
            "if(id % 5 = 0, NULL, array(id % 3, id % 4)) AS tags")
        .write()
        .parquet(parquet);
  }

  /** Whether the profile of {@code data} reads the scan's column batches. */
  private static boolean readsBatches(Dataset<Row> data) {
    ProfilePlan plan = ProfilePlan.of(data, Schemas.fromSpark(data.schema()), List.of(), List.of());
    return ProfileScan.columnarSource(plan.projected().queryExecution()).isPresent();
  }

  private static String withoutCreatedAt(Profile p) {
    return p.toJson().replaceFirst("\"createdAt\" : \"[^\"]*\"", "\"createdAt\" : \"\"");
  }

  @Test
  void batchesAndRowsGiveTheSameProfile() {
    Profile p =
        sameFromBatchesAndRows(
            "spark.sql.parquet.enableVectorizedReader",
            () -> spark.read().parquet(parquet).select("country", "user", "price", "day"));
    assertThat(p.field("country").orElseThrow().nulls()).isEqualTo(7143);
  }

  @Test
  void orcBatchesAndRowsGiveTheSameProfile() {
    String orc = dir.resolve("mixed-orc").toString();
    spark.read().parquet(parquet).drop("tags").write().orc(orc);
    sameFromBatchesAndRows("spark.sql.orc.enableVectorizedReader", () -> spark.read().orc(orc));
  }

  /**
   * The profile of {@code read}'s rows, read from column batches, after checking that it equals the
   * profile read row by row with the vectorized reader turned off ({@code vectorizedReader}).
   */
  private static Profile sameFromBatchesAndRows(
      String vectorizedReader, Supplier<Dataset<Row>> read) {
    Dataset<Row> columns = read.get();
    assertThat(readsBatches(columns)).isTrue();
    Profile fromBatches = Profiler.defaults().profile(columns, "mixed");
    assertThat(fromBatches.rowCount()).isEqualTo(50_000);
    Profile fromRows;
    spark.conf().set(vectorizedReader, "false");
    try {
      Dataset<Row> rows = read.get();
      assertThat(readsBatches(rows)).isFalse();
      fromRows = Profiler.defaults().profile(rows, "mixed");
    } finally {
      spark.conf().unset(vectorizedReader);
    }
    assertThat(withoutCreatedAt(fromBatches)).isEqualTo(withoutCreatedAt(fromRows));
    return fromBatches;
  }

  @Test
  void everyTypeProfilesAlikeFromBatchesAndRows() {
    Dataset<Row> all = spark.read().parquet(parquet);
    assertThat(readsBatches(all)).as("arrays' sizes are computed").isFalse();
    assertThat(readsBatches(all.drop("tags"))).isTrue();
    Profile whole = Profiler.defaults().profile(all.drop("tags"), "mixed");
    // The same rows through a computed plan, which is never read from batches.
    Dataset<Row> computed = all.drop("tags").where("id >= 0");
    assertThat(readsBatches(computed)).isFalse();
    assertThat(withoutCreatedAt(Profiler.defaults().profile(computed, "mixed")))
        .isEqualTo(withoutCreatedAt(whole));
  }
}
