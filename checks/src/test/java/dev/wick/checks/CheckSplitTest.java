package dev.wick.checks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.WickException;
import dev.wick.core.io.Format;
import dev.wick.core.io.Output;
import dev.wick.core.spark.WickSpark;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link Checks#split}: each row-level kind puts exactly its failing rows in the invalid rows with
 * its reason, the valid and invalid rows together are the input, and the counts written to
 * checks.json are the invalid rows per check, over ten plays with planted faults.
 */
class CheckSplitTest {
  @TempDir static Path dir;
  static SparkSession spark;
  static Dataset<Row> plays;
  static Dataset<Row> users;

  @BeforeAll
  static void data() {
    spark = WickSpark.local(2);
    plays =
        spark.sql(
            "SELECT * FROM VALUES"
                + " (1, 1, 'SE', 'play', 1000, array('a1', 'b2'), timestamp'2024-05-01 10:00:00', timestamp'2024-05-01 10:01:00'),"
                + " (2, 2, 'US', 'play', 2000, array('a1'), timestamp'2024-05-01 10:01:00', timestamp'2024-05-01 10:02:00'),"
                + " (3, 1, 'SE', 'skip', 3000, array(), timestamp'2024-05-01 10:02:00', timestamp'2024-05-01 10:03:00'),"
                + " (4, 3, 'GB', 'play', 4000, array('zz'), timestamp'2024-05-01 10:03:00', timestamp'2024-05-01 10:04:00'),"
                + " (5, 2, 'US', 'play', 5000, CAST(NULL AS ARRAY<STRING>), timestamp'2024-05-01 10:04:00', timestamp'2024-05-01 10:05:00'),"
                + " (6, 4, 'SE', 'skip', 6000, array('c3', 'x'), timestamp'2024-05-01 10:05:00', timestamp'2024-05-01 10:06:00'),"
                + " (7, 5, NULL, 'play', 7000, array('d4'), CAST(NULL AS TIMESTAMP), timestamp'2024-05-01 10:07:00'),"
                + " (8, 9, 'XX', 'pause', 8000, array('e5'), timestamp'2024-05-01 10:07:00', timestamp'2024-05-01 10:08:00'),"
                + " (9, 1, 'SE', 'play', 9000, array('f6'), timestamp'2024-05-01 10:08:00', timestamp'2024-05-01 10:09:00'),"
                + " (10, 2, 'DE', 'play', 10000, array('g7'), timestamp'2024-05-01 10:09:00', timestamp'2024-05-01 10:00:00')"
                + " AS t(play_id, user_id, country, kind, ms, tags, started_at, ended_at)");
    users = spark.range(1, 6).selectExpr("id AS user_id");
  }

  private static CheckSplit split(Check... checks) {
    return Checks.of(checks).split(plays, Map.of("users", users));
  }

  /** Each row-level kind: the check, the reason's field, and the rows that fail it with why. */
  static Stream<Arguments> rowLevelKinds() {
    return Stream.of(
        Arguments.of(Check.completeness("country", 0.5), "country", Map.of(7, "is null")),
        Arguments.of(
            Check.allowedValues("kind", List.of("play", "skip")),
            "kind",
            Map.of(8, "'pause' is not one of play, skip")),
        Arguments.of(
            Check.range("ms", OptionalDouble.empty(), OptionalDouble.of(9000)),
            "ms",
            Map.of(10, "10000 is not at most 9000")),
        Arguments.of(
            Check.regex("tags[]", "[a-z][0-9]"),
            "tags[]",
            Map.of(
                4, "holds 'zz', which does not match [a-z][0-9]",
                6, "holds 'x', which does not match [a-z][0-9]")),
        Arguments.of(
            Check.semantic("country", "country_code"),
            "country",
            Map.of(8, "'XX' is not an ISO 3166-1 alpha-2 country code")),
        Arguments.of(
            Check.predicate("ended_at >= started_at", 1.0),
            "",
            Map.of(
                7, "does not satisfy ended_at >= started_at",
                10, "does not satisfy ended_at >= started_at")),
        Arguments.of(
            Check.references("user_id", "users", "user_id"),
            "user_id",
            Map.of(8, "9 is not in users.user_id")),
        Arguments.of(
            Check.unique("user_id"),
            "user_id",
            Map.of(
                1, "1 occurs in more than one row",
                3, "1 occurs in more than one row",
                9, "1 occurs in more than one row",
                2, "2 occurs in more than one row",
                5, "2 occurs in more than one row",
                10, "2 occurs in more than one row")),
        Arguments.of(
            Check.unique("user_id", "kind"),
            "user_id, kind",
            Map.of(
                1, "(1, 'play') occur together in more than one row",
                9, "(1, 'play') occur together in more than one row",
                2, "(2, 'play') occur together in more than one row",
                5, "(2, 'play') occur together in more than one row",
                10, "(2, 'play') occur together in more than one row")),
        Arguments.of(
            Check.freshness(
                "started_at",
                Duration.ofMinutes(5),
                Optional.of(Instant.parse("2024-05-01T10:10:00Z"))),
            "started_at",
            Map.of(
                1, "2024-05-01T10:00:00Z is more than 5m before 2024-05-01T10:10:00Z",
                2, "2024-05-01T10:01:00Z is more than 5m before 2024-05-01T10:10:00Z",
                3, "2024-05-01T10:02:00Z is more than 5m before 2024-05-01T10:10:00Z",
                4, "2024-05-01T10:03:00Z is more than 5m before 2024-05-01T10:10:00Z",
                5, "2024-05-01T10:04:00Z is more than 5m before 2024-05-01T10:10:00Z")));
  }

  @ParameterizedTest
  @MethodSource("rowLevelKinds")
  void eachRowLevelKindPutsExactlyItsFailingRowsInInvalidWithItsReason(
      Check check, String field, Map<Integer, String> failing) {
    CheckSplit split = split(check);
    Map<Integer, List<String>> reasons = reasonsById(split.invalid(), split.reasonsColumn());
    assertThat(reasons.keySet()).containsExactlyInAnyOrderElementsOf(failing.keySet());
    reasons.forEach(
        (id, r) ->
            assertThat(r).containsExactly(field + " | " + check.name() + " | " + failing.get(id)));
    assertThat(ids(split.valid()))
        .containsExactlyInAnyOrderElementsOf(
            Stream.iterate(1, i -> i + 1).limit(10).filter(i -> !failing.containsKey(i)).toList());
    assertThat(split.valid().columns()).containsExactly(plays.columns());
  }

  @Test
  void everyRowOfADuplicatedKeyIsInvalidNotOneSurvivor() {
    Dataset<Row> twice = plays.union(plays.where("play_id <= 2"));
    CheckSplit split = Checks.of(Check.unique("play_id")).split(twice);
    assertThat(ids(split.invalid())).containsExactlyInAnyOrder(1, 1, 2, 2);
    assertThat(split.valid().count()).isEqualTo(8);
  }

  @Test
  void nullKeysThatRepeatAreDuplicatedAsTheCheckCountsThem() {
    Dataset<Row> data =
        spark.sql("SELECT * FROM VALUES (1, 10), (2, NULL), (3, NULL), (4, 11) AS t(play_id, k)");
    CheckSplit split = Checks.of(Check.unique("k")).split(data);
    assertThat(split.results().results().get(0).passed()).isFalse();
    assertThat(reasonsById(split.invalid(), split.reasonsColumn()))
        .containsOnlyKeys(2, 3)
        .containsEntry(2, List.of("k | unique(k) | null occurs in more than one row"));
  }

  @Test
  void datasetLevelKindsNameNoRows() {
    CheckSplit split =
        split(
            Check.rowCount(OptionalLong.of(100), OptionalLong.empty()),
            Check.mean("ms", OptionalDouble.of(9000), OptionalDouble.empty()),
            Check.sum("ms", OptionalDouble.of(1e9), OptionalDouble.empty()),
            Check.quantile("ms", 0.5, OptionalDouble.of(9000), OptionalDouble.empty()),
            Check.distinct("country", OptionalLong.of(100), OptionalLong.empty()),
            Check.distinctRatio("country", OptionalDouble.of(1.0), OptionalDouble.empty()),
            Check.completeness("country", 0.5));
    assertThat(split.results().failed()).hasSize(6);
    Map<Integer, List<String>> reasons = reasonsById(split.invalid(), split.reasonsColumn());
    assertThat(reasons).containsOnlyKeys(7);
    assertThat(reasons.get(7)).containsExactly("country | completeness(country) | is null");
  }

  @Test
  void onlyDatasetLevelChecksAreRefusedBeforeAnyJob() {
    assertThatThrownBy(
            () ->
                Checks.of(Check.mean("ms", OptionalDouble.of(0), OptionalDouble.empty()))
                    .split(plays))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "The checks judge the dataset as a whole, none of them a row, so there are no rows to"
                + " split or mark; add a row-level check (completeness, unique, allowedValues,"
                + " range, regex, semantic, predicate, references or freshness).");
  }

  @Test
  void aRowFailingSeveralChecksCarriesEachReasonInTheChecksOrder() {
    CheckSplit split =
        split(
            Check.allowedValues("kind", List.of("play", "skip")),
            Check.semantic("country", "country_code").warn(),
            Check.references("user_id", "users", "user_id"));
    Map<Integer, List<String>> reasons = reasonsById(split.invalid(), split.reasonsColumn());
    assertThat(reasons).containsOnlyKeys(8);
    assertThat(reasons.get(8))
        .containsExactly(
            "kind | allowedValues(kind) | 'pause' is not one of play, skip",
            "country | semantic(country) | 'XX' is not an ISO 3166-1 alpha-2 country code",
            "user_id | references(user_id in users.user_id) | 9 is not in users.user_id");
  }

  static Check[] everyRowLevelKind() {
    return rowLevelKinds().map(a -> (Check) a.get()[0]).toArray(Check[]::new);
  }

  @Test
  void validAndInvalidTogetherAreTheInputAsAMultiset() {
    Dataset<Row> twice = plays.union(plays.where("play_id IN (3, 8)"));
    CheckSplit split =
        Checks.of(
                Check.completeness("country", 0.5),
                Check.allowedValues("kind", List.of("play", "skip")),
                Check.regex("tags[]", "[a-z][0-9]"),
                Check.unique("play_id"),
                Check.references("user_id", "users", "user_id"))
            .split(twice, Map.of("users", users));
    Dataset<Row> invalid = split.invalid().drop(split.reasonsColumn());
    Dataset<Row> both = split.valid().union(invalid);
    assertThat(both.count()).isEqualTo(12);
    assertThat(both.exceptAll(twice).count()).isZero();
    assertThat(twice.exceptAll(both).count()).isZero();
    assertThat(ids(split.valid())).containsExactlyInAnyOrder(1, 2, 5, 9, 10);
    assertThat(ids(invalid)).containsExactlyInAnyOrder(3, 3, 4, 6, 7, 8, 8);
  }

  @Test
  void rowLevelJudgesEveryRowAsSplitDoesWithTheSameReasons() {
    Checks checks =
        Checks.of(everyRowLevelKind())
            .and(Check.rowCount(OptionalLong.of(100), OptionalLong.empty()));
    CheckSplit split = checks.split(plays, Map.of("users", users));
    dev.wick.core.validation.ValidatedRows judged =
        checks.rowLevel(Map.of("users", users)).run(plays);
    assertThat(judged.reasonsColumn()).isEqualTo(split.reasonsColumn());
    assertThat(reasonsById(judged.invalid(), judged.reasonsColumn()))
        .isEqualTo(reasonsById(split.invalid(), split.reasonsColumn()))
        .isNotEmpty();
    assertThat(ids(judged.valid())).containsExactlyInAnyOrderElementsOf(ids(split.valid()));
    assertThat(judged.valid().columns()).containsExactly(plays.columns());
  }

  @Test
  void rowLevelRefusesChecksThatJudgeNoRowAndAReasonsColumnBeforeAnyJob() {
    dev.wick.core.validation.RowJudge none =
        Checks.of(Check.mean("ms", OptionalDouble.of(0), OptionalDouble.empty())).rowLevel();
    assertThatThrownBy(() -> none.run(plays))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "The checks judge the dataset as a whole, none of them a row, so there are no rows to"
                + " split or mark; add a row-level check (completeness, unique, allowedValues,"
                + " range, regex, semantic, predicate, references or freshness).");
    assertThatThrownBy(
            () ->
                Checks.of(Check.completeness("country", 1.0))
                    .rowLevel()
                    .run(plays.withColumn("reasons", org.apache.spark.sql.functions.lit(1))))
        .isInstanceOf(WickException.class)
        .hasMessageContaining("already has a column named 'reasons'");
  }

  @ParameterizedTest
  @EnumSource(
      value = Format.class,
      names = {"PARQUET", "JSON", "AVRO"})
  void theCountsPerCheckAreTheWrittenInvalidRowsPerCheck(Format format) {
    for (boolean comparing : new boolean[] {false, true}) {
      List<Check> checks = new ArrayList<>();
      for (Check c : everyRowLevelKind()) {
        boolean rowsCompared =
            c.rule() instanceof UniqueCheck || c.rule() instanceof ReferencesCheck;
        if (comparing || !rowsCompared) {
          checks.add(c);
        }
      }
      checks.add(Check.mean("ms", OptionalDouble.of(0), OptionalDouble.empty()));
      CheckSplit split =
          Checks.of(checks.toArray(Check[]::new)).split(plays, Map.of("users", users));
      Path out = dir.resolve(format + "-" + comparing);
      CheckResults results;
      try (Output o = Output.create(spark, out.toString(), false, List.of())) {
        results = split.writeSplit(o, format);
        results.writeTo(o);
        o.commit();
      }
      Dataset<Row> invalid = read(out.resolve(CheckSplit.INVALID), format);
      Dataset<Row> valid = read(out.resolve(CheckSplit.VALID), format);
      Map<String, Long> perCheck = new TreeMap<>();
      for (List<String> reasons : reasonsById(invalid, "reasons").values()) {
        for (String r : reasons) {
          perCheck.merge(r.split(" \\| ")[1], 1L, Long::sum);
        }
      }
      Map<String, Long> reported = new TreeMap<>();
      for (CheckResult r : results.results()) {
        if (r.check().rule() instanceof MeanCheck) {
          assertThat(r.invalidRows()).isEmpty();
        } else {
          long n = r.invalidRows().orElseThrow();
          if (n > 0) {
            reported.put(r.check().name(), n);
          }
        }
      }
      assertThat(reported).isEqualTo(perCheck);
      assertThat(results.invalidRows()).hasValue(invalid.count());
      assertThat(valid.count() + invalid.count()).isEqualTo(10);
      // Spark reads JSON's fields back in alphabetical order, and no fields from a part of no
      // rows; the other formats keep the input's columns.
      if (format != Format.JSON) {
        assertThat(valid.columns()).containsExactly(plays.columns());
      } else if (valid.count() > 0) {
        assertThat(valid.columns()).containsExactlyInAnyOrder(plays.columns());
      }
      assertThat(json(results).get("invalidRows").asLong()).isEqualTo(invalid.count());
      assertThat(json(results).get("validRows").asLong()).isEqualTo(valid.count());
      // Where a check counts failing rows one by one, the aggregation agrees with the write.
      for (CheckResult r : results.results()) {
        if (r.check().rule() instanceof CompletenessCheck
            || r.check().rule() instanceof AllowedValuesCheck
            || r.check().rule() instanceof RangeCheck
            || r.check().rule() instanceof PredicateCheck
            || r.check().rule() instanceof ReferencesCheck) {
          assertThat(r.invalidRows()).isEqualTo(r.failing());
        }
      }
    }
  }

  @Test
  void markedHoldsEveryRowWithReasonsOnlyWhereItFails() {
    CheckSplit split =
        split(
            Check.completeness("country", 0.5),
            Check.unique("user_id"),
            Check.sum("ms", OptionalDouble.of(0), OptionalDouble.empty()));
    Path out = dir.resolve("marked");
    CheckResults results;
    try (Output o = Output.create(spark, out.toString(), false, List.of())) {
      results = split.writeMarked(o, Format.PARQUET);
      o.commit();
    }
    Dataset<Row> marked = spark.read().parquet(out.resolve(CheckSplit.MARKED).toString());
    assertThat(marked.count()).isEqualTo(10);
    assertThat(ids(marked.where("reasons IS NULL"))).containsExactlyInAnyOrder(4, 6, 8);
    Map<Integer, List<String>> reasons =
        reasonsById(marked.where("reasons IS NOT NULL"), "reasons");
    assertThat(reasons.get(7)).containsExactly("country | completeness(country) | is null");
    assertThat(reasons.get(1))
        .containsExactly("user_id | unique(user_id) | 1 occurs in more than one row");
    assertThat(results.invalidRows()).hasValue(7L);
    assertThat(results.results().get(0).invalidRows()).hasValue(1L);
    assertThat(results.results().get(1).invalidRows()).hasValue(6L);
    assertThat(results.results().get(2).invalidRows()).isEmpty();
  }

  private static Dataset<Row> read(Path part, Format format) {
    return spark.read().format(format.sparkName()).load(part.toString());
  }

  private static List<Integer> ids(Dataset<Row> rows) {
    return rows.select("play_id").collectAsList().stream().map(r -> r.getInt(0)).toList();
  }

  /** Each row's reasons as {@code field | rule | reason}, by play_id. */
  static Map<Integer, List<String>> reasonsById(Dataset<Row> rows, String column) {
    Map<Integer, List<String>> out = new HashMap<>();
    for (Row row : rows.select("play_id", column).collectAsList()) {
      List<String> reasons = new ArrayList<>();
      for (Row r : row.<Row>getList(1)) {
        reasons.add(r.getAs("field") + " | " + r.getAs("rule") + " | " + r.getAs("reason"));
      }
      assertThat(out.put(((Number) row.get(0)).intValue(), reasons)).isNull();
    }
    return new TreeMap<>(out);
  }

  private static com.fasterxml.jackson.databind.JsonNode json(CheckResults results) {
    try {
      return new com.fasterxml.jackson.databind.ObjectMapper().readTree(results.toJson());
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
