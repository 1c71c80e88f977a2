package dev.wick.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wick.core.io.DatasetWriter;
import dev.wick.core.io.Format;
import dev.wick.core.spark.WickSpark;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wick suggest} through the real main: checks suggested from the profile of day 1 pass on a
 * fresh sample of the same distribution (day 2) and fail on each planted breakage; data generated
 * from the suggested schema validates against it, and Spark finds each of its rules kept.
 */
class SuggestCommandTest {
  @TempDir static Path dir;
  static Path suggested;
  static Path day2;
  static String printed;
  static final AtomicInteger RUNS = new AtomicInteger();

  /**
   * Plays with a uuid id, a country, a duration, an email of 500 users (2% missing) and a time
   * between 6 and 2 hours before now, seeded.
   */
  static Dataset<Row> plays(SparkSession spark, long from, int seed) {
    return spark
        .range(from, from + 10_000, 1, 2)
        .selectExpr(
            "regexp_replace(substr(sha2(cast(id as string), 256), 1, 32),"
                + " '^(.{8})(.{4})(.{4})(.{4})(.{12})$', '$1-$2-$3-$4-$5') AS play_id",
            "element_at(array('SE', 'US', 'GB', 'DE', 'FR', 'BR', 'JP', 'IN'),"
                + " cast(rand("
                + seed
                + ") * 8 AS INT) + 1) AS country",
            "cast(30000 + rand(" + (seed + 1) + ") * 270000 AS BIGINT) AS duration_ms",
            "if(rand("
                + (seed + 2)
                + ") < 0.02, NULL, concat('user',"
                + " cast(rand("
                + (seed + 3)
                + ") * 500 AS INT), '@example.com')) AS email",
            "timestamp_seconds(unix_seconds(current_timestamp()) - 7200 - cast(rand("
                + (seed + 4)
                + ") * 14400 AS BIGINT)) AS played_at");
  }

  static Path write(Dataset<Row> data, String name) {
    Path p = dir.resolve(name);
    DatasetWriter.write(data, p.toString(), Format.PARQUET, false, List.of());
    return p;
  }

  @BeforeAll
  static void suggest() {
    SparkSession spark = WickSpark.local(2);
    Path day1 = write(plays(spark, 0, 1), "day1");
    day2 = write(plays(spark, 10_000, 11), "day2");
    CliRun profiled =
        CliRun.wick("profile", "--in", day1.toString(), "--out", dir.resolve("p1").toString());
    assertThat(profiled.exitCode()).as(profiled.err()).isZero();
    suggested = dir.resolve("suggested");
    CliRun run =
        CliRun.wick(
            "suggest",
            "--profile",
            dir.resolve("p1").toString(),
            "--in",
            day1.toString(),
            "--out",
            suggested.toString());
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.err()).isEmpty();
    printed = run.out();
  }

  private static CliRun check(Path in) {
    return CliRun.wick(
        "check",
        "--in",
        in.toString(),
        "--checks",
        suggested.resolve("checks.yaml").toString(),
        "--out",
        dir.resolve("check" + RUNS.incrementAndGet()).toString());
  }

  @Test
  void suggestsOneCheckPerStatisticAndSaysWhy() throws IOException {
    JsonNode json = new ObjectMapper().readTree(suggested.resolve("suggestions.json").toFile());
    assertThat(json.get("rows").asLong()).isEqualTo(10_000);
    assertThat(json.get("schema").asText()).isEqualTo("derived");
    List<String> emailCompleteness = new ArrayList<>();
    for (JsonNode s : json.get("suggestions")) {
      if (s.path("field").asText().equals("email")
          && s.path("check").path("check").asText().equals("completeness")) {
        emailCompleteness.add(s.toString());
      }
    }
    assertThat(emailCompleteness)
        .containsExactly(
            "{\"field\":\"email\",\"check\":{\"check\":\"completeness\",\"field\":\"email\","
                + "\"min\":0.9691},\"because\":\"2.09% nulls in 10,000 values: at least 96.91%"
                + " filled (a margin of 1.00%)\"}");
    assertThat(printed.lines())
        .contains(
            "rowCount: the profile has 10,000 rows; between 0.5 and 2 times that, relative to"
                + " the baseline",
            "completeness(country): no nulls in 10,000 values: always filled",
            "allowedValues(country): 8 top values cover all 10,000 non-null values, the rarest"
                + " seen 1,209 times",
            "semantic(country): all 8 top values are valid country_code values, all 2 characters"
                + " long, and they are every value",
            "completeness(played_at): no nulls in 10,000 values: always filled",
            "distinct(email): about 514 distinct values (between 490 and 539) in 9,791 non-null"
                + " values; a factor of 2 either way: 245 to 1,078");
    assertThat(printed.lines())
        .filteredOn(l -> l.startsWith("freshness(played_at): "))
        .singleElement()
        .asString()
        .matches(
            "freshness\\(played_at\\): newest \\S+Z, 2h( \\d+m)? before the profile's time"
                + " \\S+Z; that age widened by 100.00%, rounded up to whole hours and at least"
                + " 1h: 5h");
    String checks = Files.readString(suggested.resolve("checks.yaml"));
    assertThat(checks)
        .startsWith("baseline: ../p1/profile.json\nchecks:\n")
        .contains("- check: rowCount\n  minRatio: 0.5\n  maxRatio: 2.0\n")
        .contains("- check: unique\n  fields:\n  - play_id\n")
        .contains("- check: allowedValues\n  field: country\n  values:\n  - BR\n  - DE\n")
        .contains("- check: range\n  field: duration_ms\n  min: 3005\n  max: 326998\n")
        .contains("- check: completeness\n  field: email\n  min: 0.9691\n")
        .contains("- check: distinct\n  field: email\n  min: 245\n  max: 1078\n")
        .contains("- check: freshness\n  field: played_at\n  maxAge: 5h\n");
    String schema = Files.readString(suggested.resolve("schema.avsc"));
    assertThat(schema)
        .contains("\"wick.semantic\" : \"uuid\"")
        .contains("\"wick.semantic\" : \"country_code\"")
        .contains("\"wick.semantic\" : \"email\"")
        .contains("\"wick.semantic\" : \"range(max=326998, min=3005)\"");
  }

  @Test
  void aFreshSampleOfTheSameDistributionPasses() {
    CliRun run = check(day2);
    assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
    assertThat(run.err()).isEmpty();
  }

  @Test
  void aNullBurstFails() {
    SparkSession spark = WickSpark.local(2);
    Path burst =
        write(
            spark
                .read()
                .parquet(day2.toString())
                .selectExpr(
                    "play_id",
                    "country",
                    "duration_ms",
                    "if(duration_ms % 10 = 0, NULL, email) AS email",
                    "played_at"),
            "burst");
    CliRun run = check(burst);
    assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(1);
    assertThat(run.err()).contains("completeness(email)");
  }

  @Test
  void aDuplicatedKeyFails() {
    SparkSession spark = WickSpark.local(2);
    Dataset<Row> fresh = spark.read().parquet(day2.toString());
    Path duplicated = write(fresh.union(fresh.limit(1)), "duplicated");
    CliRun run = check(duplicated);
    assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(1);
    assertThat(run.err()).contains("unique(play_id)");
  }

  @Test
  void aNewCountryCodeFails() {
    SparkSession spark = WickSpark.local(2);
    Path newCountry =
        write(
            spark
                .read()
                .parquet(day2.toString())
                .selectExpr(
                    "play_id",
                    "if(duration_ms % 50 = 0, 'NZ', country) AS country",
                    "duration_ms",
                    "email",
                    "played_at"),
            "new-country");
    CliRun run = check(newCountry);
    assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(1);
    assertThat(run.err()).contains("allowedValues(country)");
  }

  @Test
  void aShiftedRangeFails() {
    SparkSession spark = WickSpark.local(2);
    Path shifted =
        write(
            spark
                .read()
                .parquet(day2.toString())
                .selectExpr(
                    "play_id",
                    "country",
                    "duration_ms + 100000 AS duration_ms",
                    "email",
                    "played_at"),
            "shifted");
    CliRun run = check(shifted);
    assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(1);
    assertThat(run.err()).contains("range(duration_ms)").contains("quantile(duration_ms, 0.5)");
  }

  @Test
  void aFieldCollapsingToAFewValuesFails() {
    SparkSession spark = WickSpark.local(2);
    Path collapsed =
        write(
            spark
                .read()
                .parquet(day2.toString())
                .selectExpr(
                    "play_id",
                    "country",
                    "duration_ms",
                    "if(email IS NULL, NULL, concat('user', duration_ms % 5, '@example.com'))"
                        + " AS email",
                    "played_at"),
            "collapsed");
    CliRun run = check(collapsed);
    assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(1);
    assertThat(run.err()).contains("distinct(email)");
  }

  @Test
  void staleDataFails() {
    SparkSession spark = WickSpark.local(2);
    Path stale =
        write(
            spark
                .read()
                .parquet(day2.toString())
                .selectExpr(
                    "play_id",
                    "country",
                    "duration_ms",
                    "email",
                    "played_at - INTERVAL 30 DAYS AS played_at"),
            "stale");
    CliRun run = check(stale);
    assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(1);
    assertThat(run.err()).contains("freshness(played_at)");
  }

  @Test
  void dataGeneratedFromTheSuggestedSchemaIsValidRecordByRecordAndRuleByRule() throws IOException {
    Path generated = dir.resolve("generated");
    CliRun gen =
        CliRun.wick(
            "generate",
            "--schema",
            suggested.resolve("schema.avsc").toString(),
            "--count",
            "500",
            "--seed",
            "7",
            "--out",
            generated.toString());
    assertThat(gen.exitCode()).as(gen.err()).isZero();
    CliRun validated =
        CliRun.wick(
            "validate",
            "--in",
            generated.toString(),
            "--schema",
            suggested.resolve("schema.avsc").toString(),
            "--out",
            dir.resolve("validated").toString());
    assertThat(validated.exitCode()).as(validated.out() + validated.err()).isZero();
    JsonNode summary =
        new ObjectMapper().readTree(dir.resolve("validated").resolve("summary.json").toFile());
    assertThat(summary.get("valid").asLong()).isEqualTo(500);
    assertThat(summary.get("invalid").asLong()).isZero();
    assertThat(validated.out()).contains("500 valid, 0 invalid");

    // The schema's rules checked by Spark alone on the generated records.
    Dataset<Row> made = WickSpark.local(2).read().format("avro").load(generated.toString());
    assertThat(made.count()).isEqualTo(500);
    assertThat(List.of(made.columns()))
        .containsExactly("play_id", "country", "duration_ms", "email", "played_at");
    assertThat(
            made.where(
                    "play_id IS NULL OR NOT play_id RLIKE"
                        + " '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'")
                .count())
        .as("play ids that are no uuid")
        .isZero();
    assertThat(made.select("play_id").distinct().count()).as("distinct play ids").isEqualTo(500);
    assertThat(made.where("country IS NULL OR NOT country RLIKE '^[A-Z]{2}$'").count())
        .as("countries that are no two-letter code")
        .isZero();
    assertThat(
            made.where("duration_ms IS NULL OR duration_ms < 3005 OR duration_ms > 326998").count())
        .as("durations outside the suggested range")
        .isZero();
    assertThat(
            made.where("email IS NOT NULL AND NOT email RLIKE '^[^@ ]+@[^@ ]+[.][^@ ]+$'").count())
        .as("emails that are no address")
        .isZero();
    assertThat(made.where("played_at IS NULL").count()).as("missing play times").isZero();
  }
}
