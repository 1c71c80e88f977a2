package dev.wick.testkit.jobtest.error;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.testkit.jobtest.internal.RowComparator;
import dev.wick.testkit.jobtest.internal.RowDiff;
import dev.wick.testkit.jobtest.internal.RowMatcher;
import dev.wick.testkit.jobtest.internal.SchemaDiff;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.assertj.core.description.TextDescription;
import org.junit.jupiter.api.Test;

/** The exact text of every message factory. */
class ErrorMessagesTest {
  private static final StructType COUNTS =
      new StructType()
          .add("track_id", DataTypes.StringType)
          .add("plays", DataTypes.LongType)
          .add("ms_played", DataTypes.LongType);

  private static Row row(Object... values) {
    return RowFactory.create(values);
  }

  private static RowDiff countsDiff(List<Integer> key) {
    return RowMatcher.unordered(
        List.of(row("t1", 2L, 64_000L), row("t2", 1L, 35_000L), row("t3", 1L, 1_000L)),
        List.of(row("t2", 1L, 35_000L), row("t1", 3L, 64_000L), row("t4", 5L, 9_000L)),
        RowComparator.EXACT,
        key);
  }

  @Test
  void shouldContainExactlyInAnyOrderShowsChangedMissingAndUnexpectedRows() {
    String message =
        ShouldContainExactlyInAnyOrder.shouldContainExactlyInAnyOrder(
                countsDiff(List.of()), COUNTS, 3, 3, List.of())
            .create();
    assertThat(message)
        .isEqualTo(
            """

            Expecting the dataset to contain exactly, in any order, the 3 expected rows, but it \
            has 3 rows: 1 changed, 1 missing and 1 unexpected.
            changed (1):
              1. same track_id="t1", ms_played=64000; differs in 1 of 3 columns:
                   column | expected | actual
                   plays  | 2        | 3
            missing, expected but not found (1):
              1. {track_id="t3", plays=1, ms_played=1000}
            unexpected, found but not expected (1):
              1. {track_id="t4", plays=5, ms_played=9000}
            """);
  }

  @Test
  void aKeyNamesTheChangedRow() {
    String message =
        ShouldContainExactlyInAnyOrder.shouldContainExactlyInAnyOrder(
                countsDiff(List.of(0)), COUNTS, 3, 3, List.of(0))
            .create();
    assertThat(message)
        .contains(
            """
            changed (1):
              1. key track_id="t1"; differs in 1 of 3 columns:
                   column | expected | actual
                   plays  | 2        | 3
            """);
  }

  @Test
  void theDescriptionComesFirst() {
    ShouldHaveRowCount factory = ShouldHaveRowCount.shouldHaveRowCount(2, 3);
    assertThat(factory.create(new TextDescription("daily counts"), null))
        .isEqualTo("[daily counts] \nExpecting the dataset to have 2 rows, but it has 3.");
    assertThat(factory.create(new TextDescription(""))).isEqualTo(factory.create());
    assertThat(ShouldHaveRowCount.shouldHaveRowCount(1, 0).create())
        .isEqualTo("\nExpecting the dataset to have 1 row, but it has 0.");
  }

  @Test
  void aTwentyColumnRowStaysReadable() {
    StructType wide = new StructType();
    List<Object> expected = new ArrayList<>();
    List<Object> actual = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      wide = wide.add("column_" + i, DataTypes.StringType);
      expected.add("value " + i);
      actual.add(i == 7 || i == 15 ? "changed " + i : "value " + i);
    }
    List<Object> extra = new ArrayList<>(expected);
    extra.set(0, "other");
    extra.set(1, "row");
    extra.set(2, "entirely");
    for (int i = 3; i < 20; i++) {
      extra.set(i, "x" + i);
    }
    RowDiff diff =
        RowMatcher.unordered(
            List.of(RowFactory.create(expected.toArray())),
            List.of(RowFactory.create(actual.toArray()), RowFactory.create(extra.toArray())),
            RowComparator.EXACT,
            List.of());
    String message =
        ShouldContainExactlyInAnyOrder.shouldContainExactlyInAnyOrder(diff, wide, 1, 2, List.of())
            .create();
    assertThat(message)
        .isEqualTo(
            """

            Expecting the dataset to contain exactly, in any order, the 1 expected row, but it has \
            2 rows: 1 changed and 1 unexpected.
            changed (1):
              1. same column_0="value 0", column_1="value 1", column_2="value 2" and 15 more \
            equal; differs in 2 of 20 columns:
                   column    | expected   | actual
                   column_7  | "value 7"  | "changed 7"
                   column_15 | "value 15" | "changed 15"
            unexpected, found but not expected (1):
              1. {column_0="other",
                  column_1="row",
                  column_2="entirely",
                  column_3="x3",
                  column_4="x4",
                  column_5="x5",
                  column_6="x6",
                  column_7="x7",
                  column_8="x8",
                  column_9="x9",
                  column_10="x10",
                  column_11="x11",
                  column_12="x12",
                  column_13="x13",
                  column_14="x14",
                  column_15="x15",
                  column_16="x16",
                  column_17="x17",
                  column_18="x18",
                  column_19="x19"}
            """);
  }

  @Test
  void longListsAreCut() {
    List<Row> missing = new ArrayList<>();
    for (int i = 0; i < 13; i++) {
      missing.add(row("t" + i, 1L, 1L));
    }
    RowDiff diff = new RowDiff(missing, List.of(), List.of());
    String message =
        ShouldContainExactlyInAnyOrder.shouldContainExactlyInAnyOrder(
                diff, COUNTS, 13, 0, List.of())
            .create();
    assertThat(message)
        .startsWith(
            "\nExpecting the dataset to contain exactly, in any order, the 13 expected rows, but"
                + " it has 0 rows: 13 missing.\nmissing, expected but not found (13):\n")
        .contains("  10. {track_id=\"t9\", plays=1, ms_played=1}\n  ... and 3 more\n")
        .doesNotContain("t10");
  }

  @Test
  void shouldContainExactlyWithOtherRows() {
    String message =
        ShouldContainExactly.shouldContainExactly(countsDiff(List.of()), COUNTS, 3, 3, List.of())
            .create();
    assertThat(message)
        .startsWith(
            "\nExpecting the dataset to contain exactly, in this order, the 3 expected rows, but it"
                + " has 3 rows: 1 changed, 1 missing and 1 unexpected.\nchanged (1):\n");
  }

  @Test
  void shouldContainExactlyWithTheRowsInAnotherOrder() {
    String message =
        ShouldContainExactly.shouldContainInOrder(
                1, row("t2", 1L, 35_000L), row("t1", 2L, 64_000L), COUNTS, 2)
            .create();
    assertThat(message)
        .isEqualTo(
            """

            Expecting the dataset to contain exactly, in this order, the 2 expected rows; it has \
            the same rows in another order, the first difference at index 1:
              expected: {track_id="t2", plays=1, ms_played=35000}
              actual:   {track_id="t1", plays=2, ms_played=64000}
            """);
  }

  @Test
  void shouldHaveSchemaListsEveryDifferenceAndTheActualSchema() {
    StructType actual =
        new StructType()
            .add("plays", DataTypes.IntegerType, false)
            .add("track_id", DataTypes.StringType)
            .add("tags", DataTypes.createArrayType(DataTypes.StringType, false))
            .add("debug", DataTypes.BooleanType);
    StructType expected =
        new StructType()
            .add("track_id", DataTypes.StringType)
            .add("plays", DataTypes.LongType)
            .add("tags", DataTypes.createArrayType(DataTypes.StringType, true))
            .add("ms_played", DataTypes.LongType);
    List<String> differences = SchemaDiff.differences(expected, actual, SchemaDiff.Options.STRICT);
    String message =
        ShouldHaveSchema.shouldHaveSchema(differences, SchemaDiff.Options.STRICT, actual).create();
    assertThat(message)
        .isEqualTo(
            """

            Expecting the dataset to have the expected schema (nullability, column order and \
            metadata compared), but it differs in 6 places:
              - column order: expected (track_id, plays, tags), actual (plays, track_id, tags)
              - column plays: expected nullable, actual not null
              - column plays: expected type bigint, actual int
              - column tags[]: expected elements nullable, actual not null
              - missing column ms_played: bigint
              - unexpected column debug: boolean
            actual schema:
              root
               |-- plays: integer (nullable = false)
               |-- track_id: string (nullable = true)
               |-- tags: array (nullable = true)
               |    |-- element: string (containsNull = false)
               |-- debug: boolean (nullable = true)
            """);
    SchemaDiff.Options lenient = new SchemaDiff.Options(true, true, true);
    assertThat(SchemaDiff.differences(expected, actual, lenient))
        .containsExactly(
            "column plays: expected type bigint, actual int",
            "missing column ms_played: bigint",
            "unexpected column debug: boolean");
    assertThat(lenient.describe()).isEqualTo("ignoring nullability, column order and metadata");
    assertThat(new SchemaDiff.Options(true, false, true).describe())
        .isEqualTo("ignoring nullability and metadata");
  }

  @Test
  void shouldBeEqualToDatasetWithOtherSchemasOrRows() {
    assertThat(
            ShouldBeEqualToDataset.shouldHaveSameSchema(
                    List.of("missing column ms_played: bigint"),
                    new SchemaDiff.Options(false, true, false))
                .create())
        .isEqualTo(
            """

            Expecting the dataset to equal the other dataset, but their schemas differ (ignoring \
            column order):
              - missing column ms_played: bigint
            """);
    assertThat(
            ShouldBeEqualToDataset.shouldHaveSameRows(
                    countsDiff(List.of(0)), COUNTS, 3, 3, List.of(0))
                .create())
        .startsWith(
            "\nExpecting the dataset (3 rows) to equal the other dataset (3 rows) in any order,"
                + " but they differ: 1 changed, 1 missing and 1 unexpected.\nchanged (1):\n"
                + "  1. key track_id=\"t1\"; differs in 1 of 3 columns:\n");
  }

  @Test
  void shouldBeEmptyShowsTheFirstRows() {
    assertThat(
            ShouldBeEmpty.shouldBeEmpty(25, List.of(row("t1", 1L, 5L), row("t2", 2L, 6L)), COUNTS)
                .create())
        .isEqualTo(
            """

            Expecting the dataset to be empty, but it has 25 rows.
            the first 2:
              1. {track_id="t1", plays=1, ms_played=5}
              2. {track_id="t2", plays=2, ms_played=6}
            """);
  }

  @Test
  void shouldAllSatisfyListsTheRowsAndWhy() {
    assertThat(
            ShouldAllSatisfy.shouldAllSatisfy(
                    List.of(
                        new ShouldAllSatisfy.Failure(
                            4, row("t1", 0L, 5L), "\nexpected: 0\n but was: 5")),
                    1,
                    10,
                    COUNTS)
                .create())
        .isEqualTo(
            """

            Expecting every row to satisfy the requirements, but 1 of 10 rows does not:
              1. row 4 {track_id="t1", plays=0, ms_played=5}
                 expected: 0
                  but was: 5
            """);
    assertThat(
            ShouldAllSatisfy.shouldAllSatisfy(
                    "(plays > 0)", List.of(row("t1", 0L, 5L)), 1, 10, COUNTS)
                .create())
        .isEqualTo(
            """

            Expecting every row to satisfy (plays > 0), but 1 of 10 rows does not (false or null).
            rows:
              1. {track_id="t1", plays=0, ms_played=5}
            """);
  }
}
