package dev.wick.checks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.WickException;
import dev.wick.core.schema.Schemas;
import dev.wick.core.spark.WickSpark;
import dev.wick.profiler.Profile;
import dev.wick.profiler.Profiler;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalDouble;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What suggest guarantees: checks that pass on the profiled data, a schema's rule the data breaks
 * reported rather than enforced, uniqueness only when counted on the data, stale data reported, and
 * a checks file's baseline read relative to the file.
 */
class SuggestionGuaranteesTest {
  static SparkSession spark;
  static Dataset<Row> orders;
  static Profile ordersProfile;

  static final String SCHEMA =
      "{\"type\":\"record\",\"name\":\"Play\",\"fields\":["
          + "{\"name\":\"k\",\"type\":\"string\"},"
          + "{\"name\":\"ms\",\"type\":\"long\",\"wick.semantic\":\"non_negative\"}]}";

  @BeforeAll
  static void data() {
    spark = WickSpark.local(2);
    orders =
        spark.sql(
            "SELECT id, if(id = 5, NULL, concat('https://shop.example/', id)) AS site"
                + " FROM range(0, 120)");
    ordersProfile = Profiler.defaults().profile(orders, "orders");
  }

  @Test
  void theDataProvesAKeyAndASemanticTypeTheProfileOnlySuggests() {
    SuggestedChecks alone = Suggestions.from(ordersProfile).suggest();
    SuggestedChecks counted = Suggestions.from(ordersProfile).suggest(orders);

    assertThat(alone.checks().checks())
        .contains(Check.distinctRatio("site", OptionalDouble.of(0.909), OptionalDouble.empty()))
        .noneMatch(c -> c.rule() instanceof UniqueCheck || c.rule() instanceof SemanticCheck);
    assertThat(counted.checks().checks())
        .contains(Check.unique("site"), Check.semantic("site", "url"))
        .noneMatch(c -> c.rule() instanceof DistinctRatioCheck);
    assertThat(counted.suggestions())
        .extracting(Suggestion::line)
        .contains("unique(site): all 119 values distinct, counted on the data (and one null)");
    assertThat(counted.checks().run(orders).failed()).isEmpty();
    assertThat(alone.checks().run(orders).failed()).isEmpty();
  }

  @Test
  void repeatsTheSketchMissesAreCountedAndReported() {
    Dataset<Row> keys =
        spark.sql(
            "SELECT if(id >= 19997, concat('k', id - 19997), concat('k', id)) AS k,"
                + " id AS ms FROM range(0, 20000)");
    Profile p = Profiler.defaults().profile(keys, "keys");
    assertThat(p.field("k").orElseThrow().distinct().orElseThrow().upper()).isEqualTo(20000);

    SuggestedChecks s = Suggestions.from(p).suggest(keys);

    assertThat(s.checks().checks())
        .contains(Check.distinctRatio("k", OptionalDouble.of(0.9089), OptionalDouble.empty()))
        .noneMatch(c -> c.rule() instanceof UniqueCheck);
    assertThat(s.findings())
        .containsExactly(
            new Finding(
                "k",
                Finding.Kind.DUPLICATES,
                "3 values of k repeat an earlier one, counted on the data; suggested distinct"
                    + " minRatio 0.9089 instead of unique; to make it a key, remove the repeats"
                    + " and suggest again."));
    assertThat(s.checks().run(keys).failed()).isEmpty();
  }

  @Test
  void eachKeyCandidateIsJudgedOnItsOwnAndCollatedTextByItsCollation() {
    // 'k' unique; 'c' unique by its bytes but not by its case-insensitive collation ('k7', 'K7').
    Dataset<Row> keys =
        spark.sql(
            "SELECT concat('k', id) AS k, collate(if(id = 9, 'K7', concat('k', id)), 'UTF8_LCASE')"
                + " AS c, id AS ms FROM range(0, 20000)");
    Profile p = Profiler.defaults().profile(keys, "keys");

    SuggestedChecks s = Suggestions.from(p).suggest(keys);

    assertThat(s.checks().checks()).contains(Check.unique("k")).doesNotContain(Check.unique("c"));
    assertThat(s.findings())
        .extracting(Finding::message)
        .containsExactly(
            "1 value of c repeats an earlier one, counted on the data; suggested distinct"
                + " minRatio 0.909 instead of unique; to make it a key, remove the repeats"
                + " and suggest again.");
    assertThat(s.checks().run(keys).failed()).isEmpty();
  }

  @Test
  void aBreachOfTheSchemaIsReportedAndTheRangeStopsAtTheData() {
    Dataset<Row> plays =
        spark.sql(
            "SELECT concat('k', id) AS k, if(id < 4, -100 - id, id * 10) AS ms"
                + " FROM range(0, 1000)");
    org.apache.avro.Schema avro = new org.apache.avro.Schema.Parser().parse(SCHEMA);
    Profile p = Profiler.defaults().profile(plays, Schemas.fromAvro(avro), "plays");

    SuggestedChecks s = Suggestions.from(p, avro).suggest();

    // 996 of 1000 valid: 0.996 less the 1% margin is 0.986.
    assertThat(s.checks().checks())
        .contains(
            Check.of(new SemanticCheck("ms", "non_negative", 0.986)),
            Check.range("ms", OptionalDouble.of(-103), OptionalDouble.of(11000)));
    assertThat(s.findings())
        .containsExactly(
            new Finding(
                "ms",
                Finding.Kind.BREACH,
                "4 values of ms already break non_negative; suggested minFraction 0.986; to"
                    + " enforce the schema's rule, set 1"));
    assertThat(s.toJson())
        .contains(
            "\"findings\" : [ {\n    \"field\" : \"ms\",\n    \"kind\" : \"breach\",\n"
                + "    \"message\" : \"4 values of ms already break non_negative;");
    assertThat(s.checks().run(plays).failed()).isEmpty();
  }

  @Test
  void staleDataIsReportedNotEnshrined() {
    Dataset<Row> old =
        spark.sql("SELECT timestamp_seconds(1714557600 - id * 600) AS at FROM range(0, 145)");
    Profile made = Profiler.defaults().profile(old, "old");
    Profile later =
        new Profile(
            made.source(), "2024-06-01T10:00:00Z", made.rowCount(), made.top(), made.fields());

    SuggestedChecks s = Suggestions.from(later).suggest();

    assertThat(s.checks().checks()).noneMatch(c -> c.rule() instanceof FreshnessCheck);
    assertThat(s.findings())
        .containsExactly(
            new Finding(
                "at",
                Finding.Kind.STALE,
                "The newest at, 2024-05-01T10:00:00Z, is 31d older than the profile, 31 times the"
                    + " 1d its values span: the data looks stale, so no freshness check is"
                    + " suggested; to enforce one, add a freshness check with the maxAge new data"
                    + " must meet"));
    Profile fresh =
        new Profile(
            made.source(), "2024-05-03T10:00:00Z", made.rowCount(), made.top(), made.fields());
    assertThat(Suggestions.from(fresh).suggest().findings()).isEmpty();
  }

  @Test
  void aChecksFileReadsItsBaselineRelativeToItself(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("suggested/checks.yaml");
    Files.createDirectories(file.getParent());
    Files.writeString(
        file, "baseline: ../p/profile.json\nchecks:\n- {check: rowCount, minRatio: 0.5}\n");
    Files.writeString(
        dir.resolve("elsewhere.yaml"), "baseline: /data/p/profile.json\nchecks: []\n");

    assertThat(Checks.read(file).baseline())
        .contains(dir.resolve("p/profile.json").toAbsolutePath().toString());
    assertThat(Checks.read(dir.resolve("elsewhere.yaml")).baseline())
        .contains("/data/p/profile.json");
  }

  @Test
  void aDistinctRatioIsWrittenReadAndChecked() {
    Checks checks =
        Checks.of(
            Check.distinctRatio("site", OptionalDouble.of(0.9), OptionalDouble.empty()),
            Check.distinctRatio("id", OptionalDouble.empty(), OptionalDouble.of(0.5)));
    String yaml = checks.toYaml();

    assertThat(yaml)
        .isEqualTo(
            "checks:\n- check: distinct\n  field: site\n  minRatio: 0.9\n"
                + "- check: distinct\n  field: id\n  maxRatio: 0.5\n");
    assertThat(Checks.parse(yaml, "test")).isEqualTo(checks);
    CheckResults results = checks.run(orders);
    assertThat(results.failed())
        .extracting(CheckResult::message)
        .containsExactly(
            "distinct(id): id has about 120 distinct values in 120 non-null values (1 per value);"
                + " it must have at most 0.5 per value.");
    assertThatThrownBy(
            () ->
                Checks.parse(
                    "checks:\n- {check: distinct, field: a, min: 1, minRatio: 0.5}\n", "f"))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Check 1 in f (distinct) mixes min or max with minRatio or maxRatio; write two distinct"
                + " checks.");
  }

  @Test
  void theDataMustBeTheProfiledData() {
    assertThatThrownBy(() -> Suggestions.from(ordersProfile).suggest(orders.limit(10)))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "The data has 10 rows but the profile of orders has 120; give the data the profile"
                + " was made from.");
  }
}
