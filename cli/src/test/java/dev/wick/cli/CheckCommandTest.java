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
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code wick check} as a user runs it: real Parquet files and checks files, the real main, exit
 * codes, the exact sentences on stderr and stdout, and checks.json. Every kind of check passes on
 * one bound and fails on another over the same ten plays.
 */
class CheckCommandTest {
  @TempDir static Path dir;
  static Path plays;
  static Path users;
  static Path allUsers;
  static Path empty;
  static Path baseline;
  static final AtomicInteger RUNS = new AtomicInteger();

  @BeforeAll
  static void data() {
    SparkSession spark = WickSpark.local(2);
    plays = dir.resolve("plays");
    DatasetWriter.write(
        spark.sql(
            "SELECT * FROM VALUES"
                + " (1, 1, 'SE', 'play', 1000, timestamp'2024-05-01 10:00:00', timestamp'2024-05-01 10:01:00'),"
                + " (2, 2, 'US', 'play', 2000, timestamp'2024-05-01 10:01:00', timestamp'2024-05-01 10:02:00'),"
                + " (3, 1, 'SE', 'skip', 3000, timestamp'2024-05-01 10:02:00', timestamp'2024-05-01 10:03:00'),"
                + " (4, 3, 'GB', 'play', 4000, timestamp'2024-05-01 10:03:00', timestamp'2024-05-01 10:04:00'),"
                + " (5, 2, 'US', 'play', 5000, timestamp'2024-05-01 10:04:00', timestamp'2024-05-01 10:05:00'),"
                + " (6, 4, 'SE', 'skip', 6000, timestamp'2024-05-01 10:05:00', timestamp'2024-05-01 10:06:00'),"
                + " (7, 5, NULL, 'play', 7000, timestamp'2024-05-01 10:06:00', timestamp'2024-05-01 10:07:00'),"
                + " (8, 9, 'XX', 'pause', 8000, timestamp'2024-05-01 10:07:00', timestamp'2024-05-01 10:08:00'),"
                + " (9, 1, 'SE', 'play', 9000, timestamp'2024-05-01 10:08:00', timestamp'2024-05-01 10:09:00'),"
                + " (10, 2, 'DE', 'play', 10000, timestamp'2024-05-01 10:09:00', timestamp'2024-05-01 10:00:00')"
                + " AS t(play_id, user_id, country, kind, ms, started_at, ended_at)"),
        plays.toString(),
        Format.PARQUET,
        false,
        List.of());
    users = dir.resolve("users");
    DatasetWriter.write(
        spark.range(1, 6).selectExpr("id AS user_id"),
        users.toString(),
        Format.PARQUET,
        false,
        List.of());
    allUsers = dir.resolve("all-users");
    DatasetWriter.write(
        spark.range(1, 10).selectExpr("id AS user_id"),
        allUsers.toString(),
        Format.PARQUET,
        false,
        List.of());
    empty = dir.resolve("empty");
    DatasetWriter.write(
        spark.read().parquet(plays.toString()).limit(0),
        empty.toString(),
        Format.PARQUET,
        false,
        List.of());
    CliRun profiled =
        CliRun.wick("profile", "--in", users.toString(), "--out", dir.resolve("day1").toString());
    assertThat(profiled.exitCode()).as(profiled.err()).isZero();
    baseline = dir.resolve("day1/profile.json");
  }

  private static Path checksFile(String yaml) throws IOException {
    Path file = dir.resolve("checks" + RUNS.incrementAndGet() + ".yaml");
    Files.writeString(
        file,
        yaml.replace("BASELINE", baseline.toString())
            .replace("USERS", users.toString())
            .replace("ALL", allUsers.toString()));
    return file;
  }

  private static CliRun check(Path checks, String... more) {
    Path out = dir.resolve("out" + RUNS.incrementAndGet());
    String[] args =
        Stream.concat(
                Stream.of(
                    "check",
                    "--in",
                    plays.toString(),
                    "--checks",
                    checks.toString(),
                    "--out",
                    out.toString()),
                Stream.of(more))
            .toArray(String[]::new);
    return CliRun.wick(args);
  }

  private static final String HEADER =
      "baseline: BASELINE\nreferences:\n  - {name: users, path: USERS}\n  - {name: all, path: ALL}\n"
          + "checks:\n";

  /** Each kind of check: a bound the plays pass, and one they fail with its exact sentence. */
  static Stream<Arguments> kinds() {
    return Stream.of(
        Arguments.of(
            "{check: rowCount, min: 5, max: 20}",
            "{check: rowCount, min: 11}",
            "rowCount: the input has 10 rows; it must have at least 11."),
        Arguments.of(
            "{check: rowCount, minRatio: 1.5, maxRatio: 2.5}",
            "{check: rowCount, maxRatio: 1.5}",
            "rowCount: the input has 10 rows; it must have at most 7 (1.5 of the baseline's 5)."),
        Arguments.of(
            "{check: completeness, field: country, min: 0.9}",
            "{check: completeness, field: country, min: 0.95}",
            "completeness(country): 90.00% of the rows have a country (9 of 10); at least 95.00%"
                + " must."),
        Arguments.of(
            "{check: unique, fields: [play_id]}",
            "{check: unique, field: user_id}",
            "unique(user_id): 2 values of user_id occur more than once (6 rows); each must occur"
                + " once."),
        Arguments.of(
            "{check: unique, fields: [user_id, play_id]}",
            "{check: unique, fields: [user_id, kind]}",
            "unique(user_id, kind): 2 combinations of user_id, kind occur more than once (5 rows);"
                + " each must occur once."),
        Arguments.of(
            "{check: distinct, field: country, min: 3, max: 10}",
            "{check: distinct, field: country, max: 4}",
            "distinct(country): country has about 5 distinct values; it must have at most 4."),
        Arguments.of(
            "{check: allowedValues, field: kind, values: [play, skip, pause]}",
            "{check: allowedValues, field: kind, values: [play, skip]}",
            "allowedValues(kind): 1 of 10 values of kind are not one of play, skip; none may."),
        Arguments.of(
            "{check: range, field: ms, min: 0, max: 10000}",
            "{check: range, field: ms, max: 9000}",
            "range(ms): ms runs from 1000 to 10000 (1 outside); it must be at most 9000."),
        Arguments.of(
            "{check: mean, field: ms, min: 5000, max: 6000}",
            "{check: mean, field: ms, max: 5000}",
            "mean(ms): the mean of ms is 5500; it must be at most 5000."),
        Arguments.of(
            "{check: sum, field: ms, min: 55000, max: 55000}",
            "{check: sum, field: ms, min: 60000}",
            "sum(ms): the sum of ms is 55000; it must be at least 60000."),
        Arguments.of(
            "{check: quantile, field: ms, q: 0.5, min: 4000, max: 6000}",
            "{check: quantile, field: ms, q: 0.5, min: 6000}",
            "quantile(ms, 0.5): the 0.5 quantile of ms is about 5000; it must be at least 6000"
                + " (50.00% of its values are below 6000)."),
        Arguments.of(
            "{check: regex, field: kind, pattern: 'p.*', minFraction: 0.8}",
            "{check: regex, field: kind, pattern: 'p.*'}",
            "regex(kind): 2 of 10 values of kind do not match p.*; none may."),
        Arguments.of(
            "{check: semantic, field: country, type: country_code, minFraction: 0.8}",
            "{check: semantic, field: country, type: country_code, minFraction: 0.95}",
            "semantic(country): 1 of 9 values of country are not a valid country_code; at most"
                + " 5.00% may."),
        Arguments.of(
            "{check: predicate, sql: 'ended_at >= started_at', minFraction: 0.9}",
            "{check: predicate, sql: 'ended_at >= started_at'}",
            "predicate(ended_at >= started_at): 1 of 10 rows do not satisfy ended_at >="
                + " started_at; none may."),
        Arguments.of(
            "{check: references, field: user_id, in: all.user_id}",
            "{check: references, field: user_id, in: users.user_id}",
            "references(user_id in users.user_id): 1 row holds a user_id that users.user_id does"
                + " not have; none may."),
        Arguments.of(
            "{check: freshness, field: started_at, maxAge: 1d, at: '2024-05-02T00:00:00Z'}",
            "{check: freshness, field: started_at, maxAge: 12h, at: '2024-05-02T00:00:00Z'}",
            "freshness(started_at): the newest started_at is 2024-05-01T10:09:00Z, 13h 51m before"
                + " 2024-05-02T00:00:00Z; it must be within 12h of 2024-05-02T00:00:00Z."));
  }

  @ParameterizedTest
  @MethodSource("kinds")
  void eachKindPassesWithinItsBoundAndFailsWithOneSentenceBeyondIt(
      String passing, String failing, String sentence) throws IOException {
    CliRun passed = check(checksFile(HEADER + "  - " + passing + "\n"));
    assertThat(passed.exitCode()).as(passed.err()).isZero();
    assertThat(passed.err()).isEmpty();

    Path file = checksFile(HEADER + "  - " + passing + "\n  - " + failing + "\n");
    CliRun failed = check(file);
    assertThat(failed.exitCode()).as(failed.err()).isEqualTo(1);
    assertThat(failed.err().lines())
        .containsExactly(
            "dataset check failed: "
                + sentence.substring(0, sentence.length() - 1)
                + " (set in "
                + file
                + ").");
    assertThat(failed.out()).contains("1 of 2 checks passed, 1 failed, 0 warned");

    CliRun warned = check(checksFile(HEADER + "  - " + failing.replace("}", ", severity: warn}")));
    assertThat(warned.exitCode()).as(warned.err()).isZero();
    assertThat(warned.out()).contains("warning: " + sentence);
  }

  @Test
  void writesChecksJsonWithMeasuresBoundsAndExampleRows() throws IOException {
    Path out = dir.resolve("report");
    Path file =
        checksFile(
            HEADER
                + "  - {check: completeness, field: country, min: 0.95}\n"
                + "  - {check: unique, fields: [user_id]}\n"
                + "  - {check: mean, field: ms, min: 0, severity: warn}\n");
    CliRun run =
        CliRun.wick(
            "check",
            "--in",
            plays.toString(),
            "--checks",
            file.toString(),
            "--out",
            out.toString());
    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err().lines()).hasSize(2);
    // The aggregation, the distinct count of user_id, its grouping for how many repeat, and each
    // failed check's examples.
    assertThat(run.out())
        .startsWith(
            "Checked 10 rows of "
                + plays
                + ": 1 of 3 checks passed, 2 failed, 0 warned"
                + " (5 passes).");

    JsonNode json = new ObjectMapper().readTree(out.resolve("checks.json").toFile());
    assertThat(json.get("rows").asLong()).isEqualTo(10);
    assertThat(json.get("passed").asBoolean()).isFalse();
    assertThat(json.get("failedErrors").asInt()).isEqualTo(2);
    JsonNode completeness = json.get("checks").get(0);
    assertThat(completeness.get("name").asText()).isEqualTo("completeness(country)");
    assertThat(completeness.get("measured").asDouble()).isEqualTo(0.9);
    assertThat(completeness.get("bound").asText()).isEqualTo(">= 0.95");
    assertThat(completeness.get("failing").asLong()).isEqualTo(1);
    assertThat(completeness.get("examples")).hasSize(1);
    assertThat(
            new ObjectMapper()
                .readTree(completeness.get("examples").get(0).asText())
                .get("play_id")
                .asInt())
        .isEqualTo(7);
    assertThat(completeness.get("spec").get("min").asDouble()).isEqualTo(0.95);
    JsonNode unique = json.get("checks").get(1);
    assertThat(unique.get("measured").asLong()).isEqualTo(2);
    assertThat(unique.get("examples")).hasSize(2);
    JsonNode mean = json.get("checks").get(2);
    assertThat(mean.get("passed").asBoolean()).isTrue();
    assertThat(mean.get("severity").asText()).isEqualTo("warn");
    assertThat(mean.get("measured").asDouble()).isEqualTo(5500.0);
    assertThat(Files.readString(out.resolve("checks.html")))
        .contains("completeness(country)", "failed", "&quot;play_id&quot;:7");
  }

  @Test
  void aRefOnTheCommandLineReplacesTheFilesPath() throws IOException {
    Path file = checksFile(HEADER + "  - {check: references, field: user_id, in: users.user_id}\n");
    assertThat(check(file).exitCode()).isEqualTo(1);
    CliRun run = check(file, "--ref", "users=" + allUsers);
    assertThat(run.exitCode()).as(run.err()).isZero();
  }

  @Test
  void aChecksFileInJsonWorksLikeYaml() throws IOException {
    Path file = dir.resolve("checks.json");
    Files.writeString(
        file,
        "{\"checks\": [{\"check\": \"unique\", \"fields\": [\"user_id\"], \"severity\": \"warn\"},"
            + " {\"check\": \"rowCount\", \"min\": 10}]}");
    CliRun run = check(file);
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .contains(
            "warning: unique(user_id): 2 values of user_id occur more than once (6 rows); each"
                + " must occur once.");
  }

  @Test
  void mistakesInTheChecksFileAreOneSentenceAndExitTwo() throws IOException {
    Path typo = checksFile("checks:\n  - {check: completeness, field: countyr, min: 0.9}\n");
    CliRun unknownField = check(typo);
    assertThat(unknownField.exitCode()).isEqualTo(2);
    assertThat(unknownField.err())
        .isEqualTo(
            "error: Check 'completeness(countyr)' names the field 'countyr', which the input does"
                + " not have (did you mean 'country'?); fix the field's name in the checks.\n");

    Path kind = checksFile("checks:\n  - {check: uniq, fields: [play_id]}\n");
    assertThat(check(kind).err())
        .isEqualTo(
            "error: Check 1 in Checks file "
                + kind
                + " has the unknown kind 'uniq' (did you mean 'unique'?); the kinds are rowCount,"
                + " completeness, unique, distinct, allowedValues, range, mean, sum, quantile,"
                + " regex, semantic, predicate, references, freshness.\n");

    Path key = checksFile("checks:\n  - {check: completeness, field: country, minimum: 0.9}\n");
    assertThat(check(key).err())
        .isEqualTo(
            "error: Check 1 in Checks file "
                + key
                + " (completeness) has the unknown key 'minimum'; its keys are check, name,"
                + " severity, field, min.\n");

    Path type = checksFile("checks:\n  - {check: completeness, field: country, min: high}\n");
    assertThat(check(type).err())
        .isEqualTo(
            "error: Check 1 in Checks file "
                + type
                + " (completeness): min is the string \"high\"; give a fraction between 0 and 1,"
                + " such as 0.99.\n");

    CliRun missing = check(dir.resolve("nothing.yaml"));
    assertThat(missing.exitCode()).isEqualTo(2);
    assertThat(missing.err())
        .isEqualTo(
            "error: Checks file "
                + dir.resolve("nothing.yaml")
                + " does not exist; check the path given to --checks.\n");

    Path noRef = checksFile("checks:\n  - {check: references, field: user_id, in: people.id}\n");
    assertThat(check(noRef).err())
        .isEqualTo(
            "error: Check 'references(user_id in people.id)' refers to the dataset 'people', which"
                + " was not given; pass --ref NAME=PATH.\n");

    Path numeric = checksFile("checks:\n  - {check: mean, field: country, min: 0}\n");
    assertThat(check(numeric).err())
        .isEqualTo(
            "error: Check 'mean(country)' needs a number in country, but it is a string; choose a"
                + " field of that type or another kind of check.\n");

    Path sql = checksFile("checks:\n  - {check: predicate, sql: 'ended >= started_at'}\n");
    CliRun badSql = check(sql);
    assertThat(badSql.exitCode()).isEqualTo(2);
    assertThat(badSql.err())
        .startsWith(
            "error: Check 'predicate(ended >= started_at)' in checks file "
                + sql
                + " has a SQL predicate Spark cannot use (")
        .endsWith("); fix the predicate in the checks.\n");
  }

  @Test
  void anEmptyInputIsAnInputErrorUnlessAllowed() throws IOException {
    Path file = checksFile("checks:\n  - {check: completeness, field: country, min: 0.9}\n");
    Path out = dir.resolve("empty-out");
    CliRun run =
        CliRun.wick(
            "check",
            "--in",
            empty.toString(),
            "--checks",
            file.toString(),
            "--out",
            out.toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo(
            "error: The input holds no rows, so no check was judged (check the path, or pass"
                + " --allow-empty to accept it).\n");
    assertThat(out).doesNotExist();
    CliRun allowed =
        CliRun.wick(
            "check",
            "--in",
            empty.toString(),
            "--checks",
            file.toString(),
            "--out",
            out.toString(),
            "--allow-empty");
    assertThat(allowed.exitCode()).as(allowed.err()).isZero();
    assertThat(out.resolve("checks.json")).exists();
  }

  @Test
  void theOutputMustNotOverlapTheChecksFileOrAReference() throws IOException {
    Path file = checksFile(HEADER + "  - {check: rowCount, min: 1}\n");
    CliRun intoChecks =
        CliRun.wick(
            "check",
            "--in",
            plays.toString(),
            "--checks",
            file.toString(),
            "--out",
            file.toString(),
            "--overwrite");
    assertThat(intoChecks.exitCode()).isEqualTo(2);
    assertThat(intoChecks.err()).startsWith("error: ").contains("is the input");
    CliRun intoRef =
        CliRun.wick(
            "check",
            "--in",
            plays.toString(),
            "--checks",
            file.toString(),
            "--out",
            users.resolve("report").toString());
    assertThat(intoRef.exitCode()).isEqualTo(2);
    assertThat(intoRef.err()).startsWith("error: ").contains("inside the input");
  }

  @Test
  void checksReachIntoArraysThroughTheRealMain() throws IOException {
    Path sessions = dir.resolve("sessions");
    DatasetWriter.write(
        WickSpark.local(2)
            .sql(
                "SELECT * FROM VALUES (1, array('play', 'skip')), (2, array('play', 'rewind')),"
                    + " (3, array('pause')) AS t(session, events)"),
        sessions.toString(),
        Format.PARQUET,
        false,
        List.of());
    Path file =
        checksFile(
            "checks:\n  - {check: allowedValues, field: 'events[]', values: [play, skip]}\n");
    Path out = dir.resolve("sessions-report");
    CliRun run =
        CliRun.wick(
            "check",
            "--in",
            sessions.toString(),
            "--checks",
            file.toString(),
            "--out",
            out.toString());
    assertThat(run.exitCode()).as(run.err()).isEqualTo(1);
    assertThat(run.err())
        .isEqualTo(
            "dataset check failed: allowedValues(events[]): 2 of 5 values of events[] are not one"
                + " of play, skip; none may (set in "
                + file
                + ").\n");

    Path unique = checksFile("checks:\n  - {check: unique, field: 'events[]'}\n");
    CliRun refused =
        CliRun.wick(
            "check",
            "--in",
            sessions.toString(),
            "--checks",
            unique.toString(),
            "--out",
            dir.resolve("sessions-unique").toString());
    assertThat(refused.exitCode()).isEqualTo(2);
    assertThat(refused.err())
        .isEqualTo(
            "error: Check 'unique(events[])' names events[], which steps into an array or map; a"
                + " unique check takes a field or a record's field (completeness, allowedValues,"
                + " range, mean, sum, regex, semantic and freshness checks also take values in"
                + " arrays and maps).\n");
  }

  @Test
  void allowedValuesAreTakenInTheFieldsTypeOrRefused() throws IOException {
    Path wrong =
        checksFile("checks:\n  - {check: allowedValues, field: play_id, values: [1, play]}\n");
    CliRun refused = check(wrong);
    assertThat(refused.exitCode()).isEqualTo(2);
    assertThat(refused.err())
        .isEqualTo(
            "error: Check 'allowedValues(play_id)' allows the value play, which play_id (an int)"
                + " cannot hold; list values of that type.\n");

    // Numbers listed for a text field are compared as their text, not cast row by row.
    Path text = checksFile("checks:\n  - {check: allowedValues, field: kind, values: [1, play]}\n");
    CliRun counted = check(text);
    assertThat(counted.exitCode()).as(counted.err()).isEqualTo(1);
    assertThat(counted.err())
        .startsWith(
            "dataset check failed: allowedValues(kind): 3 of 10 values of kind are not one of 1,"
                + " play; none may");

    Path times =
        checksFile(
            "checks:\n  - {check: allowedValues, field: started_at, values: ['2024-05-01"
                + " 10:00:00', yesterday]}\n");
    CliRun badTime = check(times);
    assertThat(badTime.exitCode()).isEqualTo(2);
    assertThat(badTime.err())
        .isEqualTo(
            "error: Check 'allowedValues(started_at)' allows the value yesterday, which started_at"
                + " (a timestamp) cannot hold; list values of that type.\n");
  }
}
