package dev.wick.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.core.spark.WickSpark;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wick show} as a user runs it: real files, the real main, what it prints and exits. */
class ShowCommandTest {
  @TempDir static Path dir;
  static SparkSession spark;
  static Path users;
  static Path json;

  @BeforeAll
  static void writeData() throws IOException {
    spark = WickSpark.local(2);
    users = dir.resolve("users.parquet");
    spark
        .sql(
            "select * from values"
                + " (1L, 'Ada', named_struct('city', 'Lund', 'zip', 22100), array('a', 'b'),"
                + "  cast(1.5 as double), timestamp'2026-11-30 12:34:56',"
                + "  map('k', 1), repeat('x', 60)),"
                + " (2L, null, named_struct('city', null, 'zip', 11122), array(),"
                + "  cast(0.1 as double), timestamp'2026-11-30 12:34:56.250',"
                + "  map(), 'line\\nbreak'),"
                + " (1234567L, 'Cy', null, null, null, null, null, null)"
                + " as t(id, name, address, tags, score, seen, attrs, note)")
        .coalesce(1)
        .write()
        .parquet(users.toString());
    json = dir.resolve("plays.json");
    StringBuilder lines = new StringBuilder();
    for (int i = 1; i <= 30; i++) {
      lines.append(
          String.format(
              "{\"play\": %d, \"country\": \"%s\", \"ms\": %d}%n", i, i % 3 == 0 ? "SE" : "US", i));
    }
    Files.writeString(json, lines.toString());
  }

  @Test
  void printsTheRowsOfAParquetInputAsATable() {
    CliRun run = CliRun.wick("show", "--in", users.toString());
    assertThat(run.err()).isEmpty();
    assertThat(run.exitCode()).isZero();
    List<String> lines = run.out().lines().toList();
    assertThat(lines).hasSize(6);
    assertThat(lines.get(0))
        .startsWith("id       name  address")
        .contains("tags", "score", "seen", "attrs", "note");
    assertThat(lines.get(1)).matches("[- ]+").startsWith("-------  ----  ");
    // Numbers right-aligned and plain (an id keeps no thousands separators), nested values as
    // compact JSON-like text, timestamps to the second, a long value cut at 40 characters.
    assertThat(lines.get(2))
        .startsWith("      1  Ada   {city: \"Lund\", zip: 22100}")
        .contains("[\"a\", \"b\"]", "  1.5  ", "2026-11-30 12:34:56  ", "{\"k\": 1}")
        .endsWith("x".repeat(39) + "…");
    assertThat(lines.get(3))
        .startsWith("      2  null  {city: null, zip: 11122}")
        .contains("[]", "  0.1  ", "2026-11-30 12:34:56.25", "{}")
        .endsWith("line\\nbreak");
    assertThat(lines.get(4)).startsWith("1234567  Cy    null").endsWith("null");
    assertThat(lines.get(5)).isEqualTo("3 rows shown.");
  }

  @Test
  void filtersAJsonInputWithWhereAndChoosesColumns() {
    CliRun run =
        CliRun.wick(
            "show",
            "--in",
            json.toString(),
            "--where",
            "country = 'SE' and ms > 20",
            "--columns",
            "ms,play");
    assertThat(run.err()).isEmpty();
    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .isEqualTo(
            "ms  play\n"
                + "--  ----\n"
                + "21    21\n"
                + "24    24\n"
                + "27    27\n"
                + "30    30\n"
                + "4 rows shown.\n");
  }

  @Test
  void choosesNestedColumnsByPath() {
    CliRun run =
        CliRun.wick(
            "show", "--in", users.toString(), "--columns", "address.city,tags,id", "--limit", "2");
    assertThat(run.err()).isEmpty();
    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .isEqualTo(
            "address.city  tags        id\n"
                + "------------  ----------  --\n"
                + "Lund          [\"a\", \"b\"]   1\n"
                + "null          []           2\n"
                + "2 rows shown; more match (raise --limit).\n");
  }

  @Test
  void limitTakesThatManyRowsAndSaysWhenMoreMatch() {
    CliRun twenty = CliRun.wick("show", "--in", json.toString());
    assertThat(twenty.exitCode()).isZero();
    assertThat(twenty.out().lines().toList())
        .hasSize(2 + 20 + 1)
        .last()
        .isEqualTo("20 rows shown; more match (raise --limit).");

    CliRun five = CliRun.wick("show", "--in", json.toString(), "--limit", "5");
    assertThat(five.out().lines().toList())
        .hasSize(2 + 5 + 1)
        .last()
        .isEqualTo("5 rows shown; more match (raise --limit).");

    CliRun all = CliRun.wick("show", "--in", json.toString(), "--limit", "30");
    assertThat(all.out().lines().toList()).hasSize(2 + 30 + 1).last().isEqualTo("30 rows shown.");

    CliRun one =
        CliRun.wick("show", "--in", json.toString(), "--where", "play = 7", "--limit", "1");
    assertThat(one.out().lines().toList()).last().isEqualTo("1 row shown.");
  }

  @Test
  void showsTheInvalidRowsOfAValidateRunWithTheirReasons() throws IOException {
    Path plays = dir.resolve("validate-in");
    spark
        .sql(
            "select * from values (1L, 'SE', 10L), (2L, 'XX', 20L), (3L, 'US', -5L),"
                + " (4L, 'ZZ', -1L) as t(id, country, ms)")
        .coalesce(1)
        .write()
        .parquet(plays.toString());
    Path schema = dir.resolve("plays.avsc");
    Files.writeString(
        schema,
        "{\"type\": \"record\", \"name\": \"Play\", \"fields\": ["
            + "{\"name\": \"id\", \"type\": \"long\"},"
            + "{\"name\": \"country\", \"type\": \"string\", \"wick.semantic\": \"country_code\"},"
            + "{\"name\": \"ms\", \"type\": \"long\", \"wick.semantic\": \"non_negative\"}]}");
    Path out = dir.resolve("validated");
    CliRun validate =
        CliRun.wick(
            "validate",
            "--in",
            plays.toString(),
            "--schema",
            schema.toString(),
            "--out",
            out.toString());
    assertThat(validate.exitCode()).as(validate.err()).isZero();

    CliRun run = CliRun.wick("show", "--in", out.resolve("invalid").toString(), "--where", "true");
    assertThat(run.err()).isEmpty();
    assertThat(run.exitCode()).isZero();
    List<String> lines = run.out().lines().sorted().toList();
    assertThat(run.out().lines().findFirst().orElseThrow()).isEqualTo("id  country  ms  reasons");
    assertThat(lines)
        .contains(
            " 2  XX       20  country: 'XX' is not an ISO 3166-1 alpha-2 country code",
            " 3  US       -5  ms: -5 is negative",
            " 4  ZZ       -1  country: 'ZZ' is not an ISO 3166-1 alpha-2 country code;"
                + " ms: -1 is negative",
            "3 rows shown.");
    assertThat(run.out()).doesNotContain("[country", "{field");
  }

  @Test
  void showsTheInvalidRowsOfACheckSplitAndStepsIntoArrays() throws IOException {
    Path checks = dir.resolve("checks.yaml");
    Files.writeString(
        checks,
        "checks:\n"
            + "  - {check: allowedValues, field: country, values: [SE], severity: warn}\n"
            + "  - {check: predicate, sql: \"ms < 29\", severity: warn}\n");
    Path out = dir.resolve("checked");
    CliRun check =
        CliRun.wick(
            "check",
            "--in",
            json.toString(),
            "--checks",
            checks.toString(),
            "--out",
            out.toString(),
            "--split");
    assertThat(check.exitCode()).as(check.err()).isZero();

    CliRun run =
        CliRun.wick(
            "show",
            "--in",
            out.resolve("invalid").toString(),
            "--where",
            "play >= 28",
            "--columns",
            "play,reasons");
    assertThat(run.err()).isEmpty();
    assertThat(run.exitCode()).isZero();
    List<String> lines = run.out().lines().toList();
    assertThat(lines.get(0)).startsWith("play  reasons");
    // A check of the whole row has no field: its reason reads alone.
    assertThat(lines.subList(2, lines.size() - 1))
        .containsExactlyInAnyOrder(
            "  28  country: 'US' is not one of SE",
            "  29  country: 'US' is not one of SE; does not satisfy ms < 29",
            "  30  does not satisfy ms < 29");
    assertThat(lines).last().isEqualTo("3 rows shown.");

    CliRun tags =
        CliRun.wick("show", "--in", users.toString(), "--columns", "id,tags[]", "--limit", "1");
    assertThat(tags.exitCode()).as(tags.err()).isZero();
    assertThat(tags.out())
        .isEqualTo(
            "id  tags[]\n--  ----------\n 1  [\"a\", \"b\"]\n1 row shown; more match (raise --limit).\n");
  }

  @Test
  void anEmptyDatasetPrintsItsHeaderAndZeroRows() {
    Path empty = dir.resolve("empty.parquet");
    spark.sql("select 1L as id, 'x' as name").limit(0).write().parquet(empty.toString());
    CliRun run = CliRun.wick("show", "--in", empty.toString());
    assertThat(run.err()).isEmpty();
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).isEqualTo("id  name\n--  ----\n0 rows.\n");

    CliRun none = CliRun.wick("show", "--in", json.toString(), "--where", "ms > 100");
    assertThat(none.exitCode()).isZero();
    assertThat(none.out()).isEqualTo("country  ms  play\n-------  --  ----\n0 rows.\n");
  }

  @Test
  void aLimitBelowOneIsRefusedInOneSentence() {
    for (String limit : List.of("0", "-3")) {
      CliRun run = CliRun.wick("show", "--in", dir.resolve("nowhere").toString(), "--limit", limit);
      assertThat(run.exitCode()).isEqualTo(2);
      // Refused before the input is looked at.
      assertThat(run.err())
          .isEqualTo(
              "error: --limit " + limit + " shows no rows; pass a number of rows of 1 or more.\n");
      assertThat(run.out()).isEmpty();
    }
  }

  @Test
  void anUnknownColumnInWhereIsNamedWithTheNearestColumns() {
    CliRun run = CliRun.wick("show", "--in", json.toString(), "--where", "contry = 'SE'");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo(
            "error: The row filter \"contry = 'SE'\" is not a SQL predicate over "
                + json
                + "'s columns: it names contry, which is not a column (the nearest are country,"
                + " play, ms); fix --where.\n");

    CliRun nested =
        CliRun.wick("show", "--in", users.toString(), "--where", "address.cty = 'Lund'");
    assertThat(nested.exitCode()).isEqualTo(2);
    assertThat(nested.err())
        .endsWith(
            "'s columns: it names the field cty, which its record does not have (the nearest are"
                + " city, zip); fix --where.\n");
  }

  @Test
  void reflectInWhereIsRefused() {
    CliRun run =
        CliRun.wick(
            "show",
            "--in",
            json.toString(),
            "--where",
            "reflect('java.lang.System', 'exit', 0) is not null");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .startsWith(
            "error: The row filter \"reflect('java.lang.System', 'exit', 0) is not null\" calls"
                + " reflect, which runs any static Java method;")
        .contains("--trust-sql")
        .doesNotContain("\n\n");
    assertThat(run.err().lines()).hasSize(1);
    assertThat(run.out()).isEmpty();
  }

  @Test
  void anUnknownColumnInColumnsIsNamedWithTheNearestNames() {
    CliRun run = CliRun.wick("show", "--in", json.toString(), "--columns", "play,contry");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err().lines()).hasSize(1);
    assertThat(run.err())
        .startsWith("error: Field 'contry' does not resolve:")
        .contains("did you mean 'country'?")
        .endsWith("; fix --columns.\n");

    CliRun nested = CliRun.wick("show", "--in", users.toString(), "--columns", "address.town");
    assertThat(nested.exitCode()).isEqualTo(2);
    assertThat(nested.err())
        .contains("record 'address' has no field 'town'")
        .contains("'city'")
        .endsWith("; fix --columns.\n");
  }

  @Test
  void aMissingInputIsTheUsualInputError() {
    CliRun run = CliRun.wick("show", "--in", dir.resolve("nope").toString());
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo(
            "error: Input "
                + dir.resolve("nope")
                + " does not exist; check the path (a file, a folder or a glob).\n");
  }
}
