package dev.wick.testkit.jobtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.checks.Check;
import dev.wick.checks.Checks;
import dev.wick.core.WickException;
import dev.wick.core.job.Io;
import dev.wick.core.job.WickJob;
import dev.wick.core.schema.Schemas;
import dev.wick.core.validation.RowJudge;
import dev.wick.core.validation.ValidatedRows;
import dev.wick.core.validation.Validation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.function.Function;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code JobContext.split} under JobTest: the invalid rows land in the quarantine output with
 * exactly their reasons, the valid rows come back with the input's columns, the two together are
 * the input, the counter counts the quarantined rows, and what cannot be split is one sentence.
 */
@SparkTest
class JobTestSplitTest {
  private static final Io<Row> PLAYS = Io.parquet("plays");
  private static final Io<Row> USERS = Io.parquet("users");
  private static final Io<Row> VALID = Io.parquet("valid");
  private static final Io<Row> QUARANTINE = Io.parquet("quarantine");

  /** Four row-level checks and a dataset-level one that these plays fail but that judges no row. */
  private static final Checks CHECKS =
      Checks.of(
          Check.completeness("country", 1.0).named("country_present"),
          Check.range("ms", OptionalDouble.of(0), OptionalDouble.of(1000)).named("ms_in_range"),
          Check.unique("play_id").named("one_row_per_play"),
          Check.references("user_id", "users", "user_id").named("known_user"),
          Check.rowCount(OptionalLong.of(100), OptionalLong.empty()));

  /** Splits the plays by the checks, the users given by name, and writes the valid rows. */
  private static final WickJob SPLITTING =
      (ctx, args) -> {
        Dataset<Row> users = ctx.read(USERS);
        Dataset<Row> valid =
            ctx.split(
                ctx.read(PLAYS),
                CHECKS.rowLevel(Map.of("users", users)),
                QUARANTINE,
                "quarantined");
        ctx.write(VALID, valid);
      };

  private Dataset<Row> plays;
  private Dataset<Row> users;

  @BeforeEach
  void setUp(SparkSession spark) {
    plays =
        spark.sql(
            "SELECT * FROM VALUES"
                + " (1, 'u1', 'SE', 100),"
                + " (2, 'u2', 'US', 200),"
                + " (3, 'u1', NULL, 300),"
                + " (4, 'u9', 'SE', 400),"
                + " (5, 'u2', 'SE', 5000),"
                + " (6, 'u1', 'SE', 100),"
                + " (6, 'u2', NULL, 100),"
                + " (7, NULL, 'DE', 50)"
                + " AS t(play_id, user_id, country, ms)");
    users = spark.sql("SELECT * FROM VALUES ('u1'), ('u2') AS t(user_id)");
  }

  private JobTest splitting(List<Row> valid, List<Row> quarantined) {
    return JobTest.of(SPLITTING)
        .input(PLAYS, plays)
        .input(USERS, users)
        .output(VALID, valid::addAll)
        .output(QUARANTINE, quarantined::addAll)
        .counter("quarantined", n -> assertThat(n).isEqualTo(5L));
  }

  @Test
  void theInvalidRowsAreQuarantinedWithExactlyTheirReasonsAndTheValidOnesReturned() {
    List<Row> valid = new ArrayList<>();
    List<Row> quarantined = new ArrayList<>();
    splitting(valid, quarantined).strictCounters().run();
    assertSplit(valid, quarantined);
  }

  @Test
  void theSameSplitThroughRealFilesAndTheProductionWriters() {
    List<Row> valid = new ArrayList<>();
    List<Row> quarantined = new ArrayList<>();
    splitting(valid, quarantined).runWithFiles();
    assertSplit(valid, quarantined);
  }

  private void assertSplit(List<Row> valid, List<Row> quarantined) {
    assertThat(valid.get(0).schema().fieldNames())
        .containsExactly("play_id", "user_id", "country", "ms");
    assertThat(valid.stream().map(JobTestSplitTest::line))
        .containsExactlyInAnyOrder("1 u1 SE 100", "2 u2 US 200", "7 null DE 50");
    assertThat(quarantined.get(0).schema().fieldNames())
        .containsExactly("play_id", "user_id", "country", "ms", "reasons");
    assertThat(quarantined.get(0).schema().apply("reasons").dataType().sql())
        .isEqualTo(org.apache.spark.sql.types.DataType.fromDDL(ValidatedRows.REASONS_TYPE).sql());
    Map<String, List<String>> reasons = new TreeMap<>();
    for (Row r : quarantined) {
      reasons.put(
          line(r),
          r.<Row>getList(r.fieldIndex("reasons")).stream()
              .map(x -> x.getString(0) + "|" + x.getString(1) + "|" + x.getString(2))
              .toList());
    }
    assertThat(reasons)
        .containsExactly(
            Map.entry("3 u1 null 300", List.of("country|country_present|is null")),
            Map.entry("4 u9 SE 400", List.of("user_id|known_user|'u9' is not in users.user_id")),
            Map.entry("5 u2 SE 5000", List.of("ms|ms_in_range|5000 is not between 0 and 1000")),
            Map.entry(
                "6 u1 SE 100", List.of("play_id|one_row_per_play|6 occurs in more than one row")),
            Map.entry(
                "6 u2 null 100",
                List.of(
                    "country|country_present|is null",
                    "play_id|one_row_per_play|6 occurs in more than one row")));
    // Valid and quarantined rows together are the input, each row once.
    List<String> both = new ArrayList<>(valid.stream().map(JobTestSplitTest::line).toList());
    quarantined.forEach(r -> both.add(line(r)));
    assertThat(both)
        .containsExactlyInAnyOrderElementsOf(
            plays.collectAsList().stream().map(JobTestSplitTest::line).toList());
  }

  /** The data columns of a row: play_id, user_id, country, ms. */
  private static String line(Row r) {
    return r.getAs("play_id")
        + " "
        + r.getAs("user_id")
        + " "
        + r.getAs("country")
        + " "
        + r.getAs("ms");
  }

  @Test
  void aValidationSplitsBySemanticTypes() {
    RowJudge judge =
        Validation.of(
            Schemas.fromAvro(
                new org.apache.avro.Schema.Parser()
                    .parse(
                        "{\"type\": \"record\", \"name\": \"Play\", \"fields\": ["
                            + "{\"name\": \"play_id\", \"type\": \"int\"},"
                            + "{\"name\": \"user_id\", \"type\": [\"null\", \"string\"]},"
                            + "{\"name\": \"country\", \"type\": [\"null\", \"string\"],"
                            + " \"wick.semantic\": \"country_code\"},"
                            + "{\"name\": \"ms\", \"type\": \"int\","
                            + " \"wick.semantic\": \"non_negative\"}]}")));
    SparkSession spark = plays.sparkSession();
    Dataset<Row> input =
        spark.sql(
            "SELECT * FROM VALUES (1, 'u1', 'SE', 100), (2, 'u2', 'XX', 200), (3, 'u3', 'US', -1)"
                + " AS t(play_id, user_id, country, ms)");
    List<Row> valid = new ArrayList<>();
    List<Row> quarantined = new ArrayList<>();
    JobTest.of(
            (ctx, args) -> ctx.write(VALID, ctx.split(ctx.read(PLAYS), judge, QUARANTINE, "bad")))
        .input(PLAYS, input)
        .output(VALID, valid::addAll)
        .output(QUARANTINE, quarantined::addAll)
        .counter("bad", n -> assertThat(n).isEqualTo(2L))
        .run();
    assertThat(valid.stream().map(JobTestSplitTest::line)).containsExactly("1 u1 SE 100");
    Function<Row, String> firstReason =
        r -> {
          Row reason = r.<Row>getList(r.fieldIndex("reasons")).get(0);
          return line(r) + " " + reason.getString(0) + "|" + reason.getString(1);
        };
    assertThat(quarantined.stream().map(firstReason))
        .containsExactlyInAnyOrder(
            "2 u2 XX 200 country|country_code", "3 u3 US -1 ms|non_negative");
    assertThat(quarantined).allMatch(r -> r.getList(r.fieldIndex("reasons")).size() == 1);
  }

  @Test
  void checksThatJudgeNoRowAreOneSentence() {
    Checks datasetLevel =
        Checks.parse("checks:\n  - {check: rowCount, min: 1}\n", "plays-checks.yaml");
    assertThatThrownBy(
            () ->
                JobTest.of(
                        (ctx, args) ->
                            ctx.split(ctx.read(PLAYS), datasetLevel.rowLevel(), QUARANTINE, "bad"))
                    .input(PLAYS, plays)
                    .run())
        .isInstanceOf(WickException.class)
        .hasMessage(
            "The checks judge the dataset as a whole, none of them a row, so there are no rows to"
                + " split or mark; add a row-level check (completeness,"
                + " unique, allowedValues, range, regex, semantic, predicate, references or"
                + " freshness).");
  }

  @Test
  void aQuarantineThatCannotHoldTheReasonsIsRefused() {
    assertThatThrownBy(
            () ->
                JobTest.of(
                        (ctx, args) ->
                            ctx.split(
                                ctx.read(PLAYS),
                                Checks.of(Check.completeness("country", 1.0)).rowLevel(),
                                Io.text("quarantine"),
                                "bad"))
                    .input(PLAYS, plays)
                    .run())
        .isInstanceOf(WickException.class)
        .hasMessage(
            "The quarantine text(quarantine) cannot hold the invalid rows' reasons, an array of"
                + " structs; quarantine them to Parquet, ORC, JSON or a table of rows, such as"
                + " Io.parquet(\"quarantine\").");
  }
}
