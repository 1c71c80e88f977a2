package dev.wick.testkit.jobtest;

import static dev.wick.testkit.jobtest.WickAssertions.assertThat;
import static org.apache.spark.sql.functions.col;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.WickException;
import dev.wick.core.schema.Schemas;
import dev.wick.testkit.jobtest.avro.TrackCount;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.MetadataBuilder;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Each dataset assertion, passing and failing. */
@SparkTest
class DatasetAssertTest {
  private static final StructType COUNTS =
      new StructType()
          .add("track_id", DataTypes.StringType, false)
          .add("plays", DataTypes.LongType, false)
          .add("ms_played", DataTypes.LongType, false);

  private SparkSession spark;
  private Dataset<Row> counts;

  /** Matches the columns by name, in another order. */
  record Count(long plays, String track_id, long ms_played) {}

  @BeforeEach
  void setUp(SparkSession spark) {
    this.spark = spark;
    counts = frame(COUNTS, row("t1", 2L, 64_000L), row("t2", 1L, 35_000L), row("t3", 1L, 1_000L));
  }

  private Dataset<Row> frame(StructType schema, Row... rows) {
    return spark.createDataFrame(List.of(rows), schema);
  }

  private static Row row(Object... values) {
    return RowFactory.create(values);
  }

  @Test
  void containsExactlyInAnyOrderTakesRowsRecordsAvroRecordsAndPlainValues() {
    assertThat(counts)
        .containsExactlyInAnyOrder(
            row("t3", 1L, 1_000L), row("t1", 2L, 64_000L), row("t2", 1L, 35_000L));
    assertThat(counts)
        .containsExactlyInAnyOrder(
            new Count(1, "t2", 35_000), new Count(2, "t1", 64_000), new Count(1, "t3", 1_000));
    assertThat(counts)
        .containsExactlyInAnyOrderElementsOf(
            List.of(
                new TrackCount("t1", 2L, 64_000L),
                new TrackCount("t2", 1L, 35_000L),
                new TrackCount("t3", 1L, 1_000L)));
    // Integers stand for longs: integral values compare by value.
    assertThat(counts)
        .containsExactlyInAnyOrder(row("t3", 1, 1_000), row("t1", 2, 64_000), row("t2", 1, 35_000));
    assertThat(spark.createDataset(List.of("b", "a"), Encoders.STRING()))
        .containsExactlyInAnyOrder("a", "b");
    assertThat(counts.select("track_id")).containsExactlyInAnyOrder("t1", "t2", "t3");
  }

  @Test
  void containsExactlyInAnyOrderCountsDuplicates() {
    Dataset<String> lines = spark.createDataset(List.of("a", "a"), Encoders.STRING());
    assertThatThrownBy(() -> assertThat(lines).containsExactlyInAnyOrder("a"))
        .isInstanceOf(AssertionError.class)
        .hasMessage(
            """

            Expecting the dataset to contain exactly, in any order, the 1 expected row, but it \
            has 2 rows: 1 unexpected.
            unexpected, found but not expected (1):
              1. {value="a"}
            """);
  }

  @Test
  void containsExactlyInAnyOrderFailureShowsTheRowsSideBySide() {
    assertThatThrownBy(
            () ->
                assertThat(counts)
                    .as("daily counts")
                    .containsExactlyInAnyOrder(
                        row("t1", 3L, 64_000L), row("t2", 1L, 35_000L), row("t4", 1L, 1_000L)))
        .isInstanceOf(AssertionError.class)
        .hasMessage(
            """
            [daily counts]\s
            Expecting the dataset to contain exactly, in any order, the 3 expected rows, but it \
            has 3 rows: 2 changed.
            changed (2):
              1. same track_id="t1", ms_played=64000; differs in 1 of 3 columns:
                   column | expected | actual
                   plays  | 3        | 2
              2. same plays=1, ms_played=1000; differs in 1 of 3 columns:
                   column   | expected | actual
                   track_id | "t4"     | "t3"
            """);
  }

  @Test
  void withKeyPairsRowsByTheirKey() {
    assertThatThrownBy(
            () ->
                assertThat(counts)
                    .withKey("track_id")
                    .containsExactlyInAnyOrder(
                        row("t1", 3L, 60_000L), row("t2", 1L, 35_000L), row("t4", 1L, 1_000L)))
        .hasMessage(
            """

            Expecting the dataset to contain exactly, in any order, the 3 expected rows, but it \
            has 3 rows: 1 changed, 1 missing and 1 unexpected.
            changed (1):
              1. key track_id="t1"; differs in 2 of 3 columns:
                   column    | expected | actual
                   plays     | 3        | 2
                   ms_played | 60000    | 64000
            missing, expected but not found (1):
              1. {track_id="t4", plays=1, ms_played=1000}
            unexpected, found but not expected (1):
              1. {track_id="t3", plays=1, ms_played=1000}
            """);
    assertThatThrownBy(() -> assertThat(counts).withKey("track").containsExactly())
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Key column 'track' is not a column of the dataset; its columns are [track_id,"
                + " plays, ms_played].");
  }

  @Test
  void expectedValuesThatCannotBeRowsAreRefused() {
    assertThatThrownBy(() -> assertThat(counts).containsExactlyInAnyOrder("t1"))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Expected value 0 (\"t1\") is a String, which cannot stand for a row of 3 columns;"
                + " give Rows, Java records or Avro records.");
    assertThatThrownBy(() -> assertThat(counts).containsExactlyInAnyOrder(row("t1", 2L)))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Expected row 0 has 2 values, but the dataset has 3 columns [track_id, plays,"
                + " ms_played]; give one value per column.");
  }

  @Test
  void containsExactlyChecksTheOrder() {
    Dataset<Row> sorted = counts.orderBy(col("ms_played").desc());
    assertThat(sorted)
        .containsExactly(row("t1", 2L, 64_000L), row("t2", 1L, 35_000L), row("t3", 1L, 1_000L));
    assertThatThrownBy(
            () ->
                assertThat(sorted)
                    .containsExactly(
                        row("t1", 2L, 64_000L), row("t3", 1L, 1_000L), row("t2", 1L, 35_000L)))
        .hasMessage(
            """

            Expecting the dataset to contain exactly, in this order, the 3 expected rows; it has \
            the same rows in another order, the first difference at index 1:
              expected: {track_id="t3", plays=1, ms_played=1000}
              actual:   {track_id="t2", plays=1, ms_played=35000}
            """);
    assertThatThrownBy(() -> assertThat(sorted).containsExactly(row("t1", 2L, 64_000L)))
        .hasMessage(
            """

            Expecting the dataset to contain exactly, in this order, the 1 expected row, but it \
            has 3 rows: 2 unexpected.
            unexpected, found but not expected (2):
              1. {track_id="t2", plays=1, ms_played=35000}
              2. {track_id="t3", plays=1, ms_played=1000}
            """);
  }

  @Test
  void hasSchemaComparesEverythingUnlessToldOtherwise() {
    StructType looser =
        new StructType()
            .add("plays", DataTypes.LongType, true)
            .add("track_id", DataTypes.StringType, true)
            .add(
                "ms_played",
                DataTypes.LongType,
                true,
                new MetadataBuilder().putString("comment", "total").build());
    assertThat(counts).hasSchema(COUNTS);
    assertThatThrownBy(() -> assertThat(counts).hasSchema(looser))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("but it differs in 5 places:")
        .hasMessageContaining(
            "  - column order: expected (plays, track_id, ms_played), actual (track_id, plays,"
                + " ms_played)\n")
        .hasMessageContaining("  - column plays: expected nullable, actual not null\n")
        .hasMessageContaining(
            "  - column ms_played: expected metadata {\"comment\":\"total\"}, actual {}\n");
    assertThatThrownBy(
            () -> assertThat(counts).ignoringNullability().ignoringColumnOrder().hasSchema(looser))
        .hasMessageContaining(
            "(ignoring nullability and column order), but it differs in 1 place:");
    assertThat(counts)
        .ignoringNullability()
        .ignoringColumnOrder()
        .ignoringMetadata()
        .hasSchema(looser);
    assertThat(counts)
        .ignoringNullability()
        .ignoringMetadata()
        .hasSchema(Schemas.fromAvro(TrackCount.getClassSchema()));
    assertThat(Metadata.empty().json()).isEqualTo("{}");
  }

  @Test
  void isEqualToComparesSchemasThenRowsInAnyOrder() {
    Dataset<Row> same =
        frame(COUNTS, row("t3", 1L, 1_000L), row("t2", 1L, 35_000L), row("t1", 2L, 64_000L));
    assertThat(counts).isEqualTo(same);
    Dataset<Row> reordered = same.select("ms_played", "track_id", "plays");
    assertThatThrownBy(() -> assertThat(counts).isEqualTo(reordered))
        .hasMessage(
            """

            Expecting the dataset to equal the other dataset, but their schemas differ \
            (nullability, column order and metadata compared):
              - column order: expected (ms_played, track_id, plays), actual (track_id, plays, \
            ms_played)
            """);
    assertThat(counts).ignoringColumnOrder().isEqualTo(reordered);
    Dataset<Row> other = frame(COUNTS, row("t3", 1L, 1_000L), row("t1", 2L, 64_000L));
    assertThatThrownBy(() -> assertThat(counts).isEqualTo(other))
        .hasMessage(
            """

            Expecting the dataset (3 rows) to equal the other dataset (2 rows) in any order, but \
            they differ: 1 unexpected.
            unexpected, found but not expected (1):
              1. {track_id="t2", plays=1, ms_played=35000}
            """);
    assertThat(counts.count()).isEqualTo(3L);
  }

  @Test
  void isEqualToToleratesFloatingPointAndTimestampDifferencesWhenAsked() {
    StructType schema =
        new StructType()
            .add("id", DataTypes.StringType)
            .add("score", DataTypes.DoubleType)
            .add("at", DataTypes.TimestampType);
    Instant t = Instant.parse("2024-05-01T12:00:00Z");
    Dataset<Row> computed =
        frame(
            schema,
            row("a", 0.1 + 0.2, Timestamp.from(t)),
            row("b", Double.NaN, Timestamp.from(t.plusMillis(1))));
    Dataset<Row> expected =
        frame(schema, row("a", 0.3, Timestamp.from(t)), row("b", Double.NaN, Timestamp.from(t)));
    assertThatThrownBy(() -> assertThat(computed).withKey("id").isEqualTo(expected))
        .hasMessage(
            """

            Expecting the dataset (2 rows) to equal the other dataset (2 rows) in any order, but \
            they differ: 2 changed.
            changed (2):
              1. key id="a"; differs in 1 of 3 columns:
                   column | expected | actual
                   score  | 0.3      | 0.30000000000000004
              2. key id="b"; differs in 1 of 3 columns:
                   column | expected             | actual
                   at     | 2024-05-01T12:00:00Z | 2024-05-01T12:00:00.001Z
            """);
    assertThatThrownBy(() -> assertThat(computed).withTolerance(1e-9).isEqualTo(expected))
        .hasMessageContaining("1 changed");
    assertThat(computed)
        .withTolerance(1e-9)
        .withTimestampTolerance(Duration.ofMillis(1))
        .isEqualTo(expected);
    assertThat(computed)
        .withTolerance(1e-9)
        .withTimestampTolerance(Duration.ofMillis(1))
        .containsExactlyInAnyOrder(
            row("b", Double.NaN, Timestamp.from(t)), row("a", 0.3, Timestamp.from(t)));
  }

  @Test
  void isEqualToAnythingButADatasetIsAssertJs() {
    assertThat(counts).isEqualTo(counts);
    assertThatThrownBy(() -> assertThat(counts).isEqualTo("a string"))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("a string");
  }

  @Test
  void isEmptyAndHasRowCount() {
    assertThat(counts.filter(col("plays").gt(5))).isEmpty();
    assertThat(counts).hasRowCount(3);
    assertThatThrownBy(() -> assertThat(counts.filter(col("plays").gt(1))).isEmpty())
        .hasMessage(
            """

            Expecting the dataset to be empty, but it has 1 row.
            rows:
              1. {track_id="t1", plays=2, ms_played=64000}
            """);
    assertThatThrownBy(() -> assertThat(counts).hasRowCount(4))
        .hasMessage("\nExpecting the dataset to have 4 rows, but it has 3.");
  }

  @Test
  void allSatisfyWithAJavaRequirement() {
    assertThat(counts).allSatisfy(r -> assertThat(r.getLong(1)).isPositive());
    assertThatThrownBy(
            () -> assertThat(counts).allSatisfy(r -> assertThat(r.getLong(1)).isGreaterThan(1L)))
        .hasMessage(
            """

            Expecting every row to satisfy the requirements, but 2 of 3 rows do not:
              1. row 1 {track_id="t2", plays=1, ms_played=35000}
                 Expecting actual:
                   1L
                 to be greater than:
                   1L
              2. row 2 {track_id="t3", plays=1, ms_played=1000}
                 Expecting actual:
                   1L
                 to be greater than:
                   1L
            """);
  }

  @Test
  void allSatisfyWithASparkCondition() {
    assertThat(counts).allSatisfy(col("plays").geq(1));
    assertThatThrownBy(() -> assertThat(counts).allSatisfy(col("ms_played").gt(10_000)))
        .hasMessage(
            """

            Expecting every row to satisfy (ms_played > 10000), but 1 of 3 rows does not (false \
            or null).
            rows:
              1. {track_id="t3", plays=1, ms_played=1000}
            """);
  }

  @Test
  void aNullDatasetFailsLikeAssertJ() {
    assertThatThrownBy(() -> assertThat((Dataset<Row>) null).isEmpty())
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("Expecting actual not to be null");
  }
}
