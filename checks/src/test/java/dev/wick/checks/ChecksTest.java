package dev.wick.checks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.gate.GateResult;
import dev.wick.core.gate.Violation;
import dev.wick.core.spark.WickSpark;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerStageCompleted;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The library: building, writing and reading checks, running them, and how many passes it takes.
 */
class ChecksTest {
  @TempDir static Path dir;
  static SparkSession spark;
  static Dataset<Row> plays;

  @BeforeAll
  static void data() {
    spark = WickSpark.local(2);
    String path = dir.resolve("plays").toString();
    spark
        .range(0, 1000, 1, 4)
        .selectExpr(
            "id AS play_id",
            "id % 7 AS user_id",
            "if(id % 10 = 0, NULL, element_at(array('SE', 'US', 'GB'), cast(id % 3 + 1 AS int)))"
                + " AS country",
            "if(id % 100 = 1, 'pause', 'play') AS kind",
            "cast(id * 10 AS long) AS ms",
            "concat('t', cast(id AS string)) AS track",
            "timestamp'2024-05-01 00:00:00' + make_interval(0, 0, 0, 0, 0, 0, id) AS started_at")
        .write()
        .parquet(path);
    plays = spark.read().parquet(path);
  }

  /** Every kind of check that fits the one aggregation. */
  private static Checks aggregateChecks() {
    return Checks.of(
        Check.rowCount(OptionalLong.of(1000), OptionalLong.of(1000)),
        Check.completeness("country", 0.9),
        Check.distinct("country", OptionalLong.of(3), OptionalLong.of(3)),
        Check.allowedValues("kind", List.of("play", "pause")),
        Check.range("ms", OptionalDouble.of(0), OptionalDouble.of(9990)),
        Check.mean("ms", OptionalDouble.of(4990), OptionalDouble.of(5000)),
        Check.quantile("ms", 0.5, OptionalDouble.of(4900), OptionalDouble.of(5100)),
        Check.regex("track", "t[0-9]+"),
        Check.semantic("country", "country_code"),
        Check.predicate("ms >= play_id", 1.0),
        Check.freshness(
            "started_at", Duration.ofHours(1), Optional.of(Instant.parse("2024-05-01T00:30:00Z"))));
  }

  @Test
  void onParquetAggregateChecksAreOneAggregationBesideOneProfilerScan() throws Exception {
    Run run = observe(aggregateChecks(), plays);
    assertThat(run.results.failed()).as(run.results.toJson()).isEmpty();
    assertThat(run.results.passes()).isEqualTo(2);
    // One SQL query: a code-generated aggregate over one relation, no sketch observed on it.
    assertThat(run.plans).hasSize(1);
    String plan = run.plans.get(0);
    assertThat(plan.split("Relation \\[", -1)).as(plan).hasSize(2);
    assertThat(plan.split("Aggregate \\[", -1)).as(plan).hasSize(2);
    assertThat(plan).doesNotContain("CollectMetrics", "PythonUDF", "ScalaUDF");
    // Two stages read the input, each row once: the aggregation, and the profiler's scan of the
    // sketched fields (the distinct count's and the quantile's).
    assertThat(run.stageReads).containsExactly(1000L, 1000L);
  }

  @Test
  void sketchedFieldsBesideTypesTheProfilerLacksFallBackToSparksSketches() {
    // An interval beside the field in its record: Wick's schema model has no interval type.
    Dataset<Row> rows =
        spark
            .range(0, 100, 1, 2)
            .selectExpr(
                "named_struct('a', id % 7, 'i', make_interval(0, 0, 0, 0, 0, 0, id)) AS s",
                "id % 5 AS b");
    CheckResults results =
        Checks.of(
                Check.distinct("s.a", OptionalLong.of(7), OptionalLong.of(7)),
                Check.distinct("b", OptionalLong.of(5), OptionalLong.of(5)),
                Check.quantile("s.a", 0.5, OptionalDouble.of(3), OptionalDouble.of(3)))
            .run(rows);
    assertThat(results.failed()).as(results.toJson()).isEmpty();
    assertThat(results.results().get(0).measured()).isEqualTo(7L);
    assertThat(results.results().get(1).measured()).isEqualTo(5L);
    assertThat(results.results().get(2).measured()).isEqualTo(3.0);
  }

  @Test
  void onParquetAUniqueCheckReadsOnlyItsKeyBesideTheAggregation() throws Exception {
    Run run =
        observe(
            aggregateChecks()
                .and(Check.distinct("track", OptionalLong.of(990), OptionalLong.empty()))
                .and(Check.unique("play_id")),
            plays);
    assertThat(run.results.failed()).as(run.results.toJson()).isEmpty();
    assertThat(run.results.passes()).isEqualTo(3);
    assertThat(run.plans).hasSize(2);
    assertThat(run.plans)
        .filteredOn(p -> p.startsWith(DistinctKeys.EXECUTION + "\n"))
        .singleElement()
        .satisfies(p -> assertThat(p).contains("ReadSchema: struct<play_id:bigint>"));
    // The aggregation, the key's distinct count and the profiler's scan.
    assertThat(run.stageReads).containsExactlyInAnyOrder(1000L, 1000L, 1000L);
  }

  @Test
  void onCsvTheAggregatesRideAlongTheUniqueChecksOnlyScan() throws Exception {
    String csv = dir.resolve("plays-csv").toString();
    plays.write().option("header", true).csv(csv);
    Dataset<Row> rows = spark.read().schema(plays.schema()).option("header", true).csv(csv);
    assertThat(Evaluation.cheapToReread(rows)).isFalse();
    assertThat(Evaluation.cheapToReread(plays)).isTrue();
    Run run =
        observe(
            aggregateChecks()
                .and(Check.distinct("track", OptionalLong.of(990), OptionalLong.empty()))
                .and(Check.unique("play_id")),
            rows);
    assertThat(run.results.failed()).as(run.results.toJson()).isEmpty();
    assertThat(run.results.passes()).isEqualTo(1);
    assertThat(run.plans).hasSize(1);
    assertThat(run.plans.get(0)).contains("CollectMetrics");
    assertThat(run.stageReads).containsExactly(1000L);
  }

  /**
   * A run's results, the optimized and executed plans of its queries, and the rows each input stage
   * read.
   */
  private record Run(CheckResults results, List<String> plans, List<Long> stageReads) {}

  private Run observe(Checks checks, Dataset<Row> data) throws Exception {
    List<Long> stageReads = new ArrayList<>();
    SparkListener jobListener =
        new SparkListener() {
          @Override
          public void onStageCompleted(SparkListenerStageCompleted done) {
            long read = done.stageInfo().taskMetrics().inputMetrics().recordsRead();
            if (read > 0) {
              synchronized (stageReads) {
                stageReads.add(read);
              }
            }
          }
        };
    data.schema(); // read the footers before counting
    spark.sparkContext().addSparkListener(jobListener);
    QueryPlans.Ran<CheckResults> ran;
    try {
      ran = QueryPlans.during(spark, () -> checks.run(data));
    } finally {
      spark.sparkContext().removeSparkListener(jobListener);
    }
    synchronized (stageReads) {
      return new Run(ran.result(), ran.plans(), List.copyOf(stageReads));
    }
  }

  @Test
  void failingChecksMeasureTheirValueAndGiveExamples() {
    CheckResults results =
        Checks.of(
                Check.completeness("country", 0.95),
                Check.unique("user_id").warn(),
                Check.allowedValues("kind", List.of("play")).named("kinds"))
            .run(plays);
    CheckResult completeness = results.results().get(0);
    assertThat(completeness.passed()).isFalse();
    assertThat(completeness.measured()).isEqualTo(0.9);
    assertThat(completeness.failing()).hasValue(100);
    assertThat(completeness.examples()).hasSize(Evaluation.EXAMPLES);
    assertThat(completeness.examples()).allSatisfy(e -> assertThat(e).doesNotContain("country"));
    CheckResult unique = results.results().get(1);
    assertThat(unique.measured()).isEqualTo(7L);
    assertThat(unique.message())
        .isEqualTo(
            "unique(user_id): 7 values of user_id occur more than once (1,000 rows); each must"
                + " occur once.");
    CheckResult kinds = results.results().get(2);
    assertThat(kinds.message())
        .isEqualTo("kinds: 10 of 1,000 values of kind are not one of play; none may.");
    assertThat(kinds.examples()).allSatisfy(e -> assertThat(e).contains("\"kind\":\"pause\""));

    GateResult gate = results.gate();
    assertThat(gate.violations())
        .extracting(Violation::subject)
        .containsExactly("completeness(country)", "kinds");
    assertThat(gate.violations().get(0).message())
        .isEqualTo(
            "completeness(country): 90.00% of the rows have a country (900 of 1,000); at least"
                + " 95.00% must.");
  }

  @Test
  void checksReachIntoArraysAndMapValues() {
    Dataset<Row> nested =
        spark
            .range(0, 100)
            .selectExpr(
                "id",
                "array('play', if(id % 10 = 0, 'rewind', 'skip'), if(id % 25 = 0, NULL, 'pause'))"
                    + " AS events",
                "array(named_struct('id', id, 'tags', array('a', concat('t', cast(id AS string)))),"
                    + " named_struct('id', id + 1000, 'tags', CAST(NULL AS array<string>)))"
                    + " AS items",
                "map('x', id - 5, 'y', id) AS scores");
    CheckResults results =
        Checks.of(
                Check.allowedValues("events[]", List.of("play", "skip", "pause")),
                Check.completeness("events[]", 0.99),
                Check.range("items[].id", OptionalDouble.of(0), OptionalDouble.of(1000)),
                Check.mean("items[].id", OptionalDouble.of(549), OptionalDouble.of(550)),
                Check.regex("items[].tags[]", "t[0-9]"),
                Check.semantic("scores{}", "non_negative"))
            .run(nested);
    List<CheckResult> r = results.results();
    assertThat(r.get(0).message())
        .isEqualTo(
            "allowedValues(events[]): 10 of 296 values of events[] are not one of play, skip,"
                + " pause; none may.");
    assertThat(r.get(0).examples()).hasSize(Evaluation.EXAMPLES);
    assertThat(r.get(0).examples()).allSatisfy(e -> assertThat(e).contains("rewind"));
    assertThat(r.get(1).message())
        .isEqualTo(
            "completeness(events[]): 98.67% of the values of events[] are set (296 of 300); at"
                + " least 99.00% must.");
    assertThat(r.get(2).message())
        .isEqualTo(
            "range(items[].id): items[].id runs from 0 to 1099 (99 values outside); it must be"
                + " between 0 and 1000.");
    assertThat(r.get(3).passed()).isTrue();
    assertThat(r.get(3).measured()).isEqualTo(549.5);
    // 'a' in every row, and t10 to t99; the null second tag array adds no values.
    assertThat(r.get(4).message())
        .isEqualTo(
            "regex(items[].tags[]): 190 of 200 values of items[].tags[] do not match t[0-9]; none"
                + " may.");
    assertThat(r.get(5).failing()).hasValue(5);
    assertThat(r.get(5).passed()).isFalse();
  }

  @Test
  void anEmptyInputFailsTheGateUnlessAllowed() {
    CheckResults results = Checks.of(Check.completeness("country", 1)).run(plays.limit(0));
    assertThat(results.rows()).isZero();
    assertThat(results.gate().hasInputError()).isTrue();
    assertThat(results.gate(true).passes()).isTrue();
    // No task runs on an input of no files: the observed aggregates fall back to an agg.
    plays.limit(0).write().parquet(dir.resolve("none").toString());
    Dataset<Row> none = spark.read().parquet(dir.resolve("none").toString());
    CheckResults observed =
        Checks.of(Check.unique("play_id"), Check.completeness("country", 1)).run(none);
    assertThat(observed.rows()).isZero();
    assertThat(observed.failed()).isEmpty();
  }

  @Test
  void checksWrittenAsJsonOrYamlReadBackEqual() {
    Checks checks =
        aggregateChecks()
            .and(Check.unique("play_id", "user_id").warn().named("key"))
            .and(Check.references("user_id", "users", "user_id"))
            .and(Check.rowCountRatio(OptionalDouble.of(0.9), OptionalDouble.empty()))
            .and(
                new Check(
                    new AllowedValuesCheck("user_id", List.of(1, 2L, 3.5, true), 0.5),
                    Severity.WARN,
                    "ids"))
            .reference("users", "warehouse/users")
            .baseline("day1/profile.json");
    assertThat(Checks.parse(checks.toJson(), "json")).isEqualTo(checks);
    assertThat(Checks.parse(checks.toYaml(), "yaml")).isEqualTo(checks);
    assertThat(checks.toYaml())
        .contains("- check: completeness\n  field: country\n  min: 0.9\n")
        .contains("maxAge: 1h");
    assertThat(checks.inputs()).containsExactly("day1/profile.json", "warehouse/users");
  }

  @Test
  void fileMistakesNameTheCheckTheProblemAndTheFix() {
    assertThatThrownBy(() -> Checks.parse("{\"check\": []}", "f.json"))
        .hasMessage(
            "f.json has the unknown key 'check' (did you mean 'checks'?); f.json may hold checks,"
                + " baseline, references.");
    assertThatThrownBy(
            () -> Checks.parse("checks:\n  - {check: rowCount, min: 5, severity: fatal}\n", "f"))
        .hasMessage(
            "Check 1 in f (rowCount): severity is the string \"fatal\"; give error (fails the"
                + " gate) or warn (only reports).");
    assertThatThrownBy(() -> Checks.parse("checks: [\n", "f.yaml"))
        .hasMessageStartingWith("f.yaml is not valid YAML (")
        .hasMessageEndingWith("); fix the checks file.");
  }

  @Test
  void fieldsTheDataLacksFailBeforeAnySparkJob() {
    assertThatThrownBy(
            () ->
                Checks.of(Check.range("mss", OptionalDouble.of(0), OptionalDouble.empty()))
                    .run(plays))
        .hasMessage(
            "Check 'range(mss)' names the field 'mss', which the input does not have (did you mean"
                + " 'ms'?); fix the field's name in the checks.");
  }
}
