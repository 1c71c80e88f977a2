package dev.wick.testkit.jobtest;

import static dev.wick.testkit.jobtest.WickAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.WickException;
import java.sql.Timestamp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Ignored columns, relative tolerance, and equality by key through the keyed diff. */
@SparkTest
class DatasetAssertComparisonTest {
  private static final StructType SCORES =
      new StructType()
          .add("id", DataTypes.LongType, false)
          .add("name", DataTypes.StringType, true)
          .add("score", DataTypes.DoubleType, true)
          .add("computed_at", DataTypes.TimestampType, true);

  /** A score as a test expects it; computed_at is whatever the job's clock said. */
  record Score(long id, String name, Double score, Timestamp computed_at) {}

  /** A score without the column the test ignores. */
  record ScoreOnly(long id, String name, Double score) {}

  private SparkSession spark;
  private Dataset<Row> scores;

  @BeforeEach
  void setUp(SparkSession spark) {
    this.spark = spark;
    scores =
        frame(
            row(1L, "a", 1_000.0, Timestamp.valueOf("2024-05-01 12:00:00")),
            row(2L, "b", 0.5, Timestamp.valueOf("2024-05-01 12:00:01")),
            row(3L, "c", null, null));
  }

  private Dataset<Row> frame(Row... rows) {
    return spark.createDataFrame(List.of(rows), SCORES);
  }

  private static Row row(Object... values) {
    return RowFactory.create(values);
  }

  @Test
  void ignoringColumnsLeavesThemOutOfEveryRowComparison() {
    Timestamp other = Timestamp.valueOf("2030-01-01 00:00:00");
    Dataset<Row> recomputed =
        frame(row(3L, "c", null, other), row(1L, "a", 1_000.0, other), row(2L, "b", 0.5, other));
    assertThat(scores).ignoringColumns("computed_at").isEqualTo(recomputed);
    assertThat(scores)
        .ignoringColumns("computed_at")
        .containsExactlyInAnyOrder(
            new Score(2, "b", 0.5, other),
            new Score(1, "a", 1_000.0, null),
            new Score(3, "c", null, other));
    assertThat(scores)
        .ignoringColumns("computed_at")
        .containsExactlyInAnyOrder(
            new ScoreOnly(1, "a", 1_000.0),
            new ScoreOnly(2, "b", 0.5),
            new ScoreOnly(3, "c", null));
    // Rows by position: with or without a value for the ignored column.
    assertThat(scores.orderBy("id"))
        .ignoringColumns("computed_at")
        .containsExactly(row(1L, "a", 1_000.0), row(2L, "b", 0.5, other), row(3L, "c", null));
    assertThatThrownBy(() -> assertThat(scores).isEqualTo(recomputed))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("but they differ: 3 changed.");
  }

  @Test
  void ignoringColumnsStillComparesTheOtherColumns() {
    assertThatThrownBy(
            () ->
                assertThat(scores)
                    .ignoringColumns("computed_at")
                    .withKey("id")
                    .containsExactlyInAnyOrder(
                        new ScoreOnly(1, "a", 1_000.0),
                        new ScoreOnly(2, "B", 0.5),
                        new ScoreOnly(3, "c", null)))
        .isInstanceOf(AssertionError.class)
        .hasMessage(
            """

            Expecting the dataset to contain exactly, in any order, the 3 expected rows, but it \
            has 3 rows: 1 changed.
            changed (1):
              1. key id=2; differs in 1 of 3 columns:
                   column | expected | actual
                   name   | "B"      | "b"
            """);
  }

  @Test
  void anIgnoredColumnMustExist() {
    assertThatThrownBy(() -> assertThat(scores).ignoringColumns("computed").isEqualTo(scores))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Ignored column 'computed' is not a column of the dataset; its columns are [id, name,"
                + " score, computed_at].");
    assertThatThrownBy(() -> assertThat(scores).ignoringColumns())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("ignoringColumns needs at least one column name.");
  }

  @Test
  void relativeToleranceScalesWithTheValues() {
    Dataset<Row> close =
        frame(
            row(1L, "a", 1_000.0009, Timestamp.valueOf("2024-05-01 12:00:00")),
            row(2L, "b", 0.5000004, Timestamp.valueOf("2024-05-01 12:00:01")),
            row(3L, "c", null, null));
    // 1e-6 relative: 0.0009 off 1000 is within 1e-3, 4e-7 off 0.5 within 5e-7.
    // yes).
    assertThat(scores).withRelativeTolerance(1e-6).isEqualTo(close);
    // An absolute tolerance that lets 1000.0009 pass is far too loose for 0.5; relative is not.
    Dataset<Row> off =
        frame(
            row(1L, "a", 1_000.0009, Timestamp.valueOf("2024-05-01 12:00:00")),
            row(2L, "b", 0.5009, Timestamp.valueOf("2024-05-01 12:00:01")),
            row(3L, "c", null, null));
    assertThat(scores).withTolerance(1e-3).isEqualTo(off);
    assertThatThrownBy(() -> assertThat(scores).withRelativeTolerance(1e-6).isEqualTo(off))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("they differ: 1 changed.")
        .hasMessageContaining("score  | 0.5009   | 0.5");
    assertThatThrownBy(() -> assertThat(scores).withRelativeTolerance(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("relative tolerance must be a finite number >= 0, but was -1.0");
  }

  @Test
  void isEqualByKeyToPassesEqualDatasetsInAnyOrder() {
    Dataset<Row> same = scores.orderBy(scores.col("id").desc()).repartition(3);
    assertThat(scores).isEqualByKeyTo(same, "id");
    Timestamp other = Timestamp.valueOf("2030-01-01 00:00:00");
    Dataset<Row> recomputed =
        frame(
            row(1L, "a", 1_000.0009, other),
            row(2L, "b", 0.5000004, other),
            row(3L, "c", null, other));
    assertThat(scores)
        .ignoringColumns("computed_at")
        .withRelativeTolerance(1e-6)
        .isEqualByKeyTo(recomputed, "id");
  }

  @Test
  void isEqualByKeyToFailsWithTheDiffsSummary() {
    List<Row> big = new ArrayList<>();
    List<Row> changed = new ArrayList<>();
    for (long i = 0; i < 1_000; i++) {
      big.add(row(i, "n" + i, i / 2.0, null));
      if (i == 7) {
        changed.add(row(i, "n" + i, 99.0, null)); // score changed
      } else if (i == 8) {
        changed.add(row(i, "renamed", i / 2.0, null)); // name changed
      } else if (i != 9) {
        changed.add(row(i, "n" + i, i / 2.0, null)); // 9 is missing
      }
    }
    changed.add(row(5_000L, "new", 1.0, null));
    Dataset<Row> expected = spark.createDataFrame(big, SCORES);
    Dataset<Row> actual = spark.createDataFrame(changed, SCORES);
    assertThatThrownBy(() -> assertThat(actual).isEqualByKeyTo(expected, "id"))
        .isInstanceOf(AssertionError.class)
        .hasMessage(
            """

            Expecting the dataset to equal the expected dataset by key id, but 4 of 1001 keys \
            differ (0.40%): 2 changed, 1 missing (expected only), 1 unexpected (actual only).
            fields that differ (2):
              name: 1 key, e.g. id=8: expected n8, actual renamed
              score: 1 key, e.g. id=7: expected 3.5, actual 99.0
            first differing keys:
              1. id=7: changed
                   score: expected 3.5, actual 99.0
              2. id=8: changed
                   name: expected n8, actual renamed
              3. id=9: missing, expected but not found
              4. id=5000: unexpected, found but not expected
            """);
  }

  @Test
  void isEqualByKeyToReportsDuplicatedKeysAndSchemaDifferences() {
    Dataset<Row> doubled = scores.union(scores.filter("id = 2"));
    assertThatThrownBy(() -> assertThat(doubled).isEqualByKeyTo(scores, "id"))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining(
            "but 1 of 3 keys differ (33.33%): 0 changed, 0 missing (expected only), 0 unexpected"
                + " (actual only), 1 duplicated (expected 0, actual 1; not compared).");
    assertThatThrownBy(() -> assertThat(scores.drop("name")).isEqualByKeyTo(scores, "id"))
        .isInstanceOf(AssertionError.class)
        .hasMessageStartingWith(
            "\nExpecting the dataset to equal the expected dataset by key id, but their schemas"
                + " differ");
    assertThatThrownBy(() -> assertThat(scores).isEqualByKeyTo(scores, "user"))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Key column 'user' is not a column of the dataset; its columns are [id, name, score,"
                + " computed_at].");
    assertThatThrownBy(
            () ->
                assertThat(scores)
                    .withTimestampTolerance(Duration.ofSeconds(1))
                    .isEqualByKeyTo(scores, "id"))
        .isInstanceOf(WickException.class)
        .hasMessageStartingWith("isEqualByKeyTo compares timestamps exactly;");
  }
}
