package dev.wick.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.core.io.DatasetWriter;
import dev.wick.core.io.Format;
import dev.wick.core.spark.WickSpark;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What SQL and patterns from a checks file or a flag may do, through the real main: SQL that
 * reaches the JVM or the file system is refused unless trusted, SQL Spark refuses or that fails on
 * the data is the user's error (exit 2), and a pattern is either decided in time linear in the
 * value or refused by name.
 */
class CheckTrustTest {
  @TempDir static Path dir;
  static Path plays;
  static Path playsAgain;
  static Path texts;
  static final AtomicInteger RUNS = new AtomicInteger();

  @BeforeAll
  static void data() {
    SparkSession spark = WickSpark.local(2);
    plays = dir.resolve("plays");
    DatasetWriter.write(
        spark.sql(
            "SELECT * FROM VALUES (1, 'SE', 'play'), (2, 'US', 'play'), (3, 'SE', 'skip')"
                + " AS t(play_id, country, kind)"),
        plays.toString(),
        Format.PARQUET,
        false,
        List.of());
    playsAgain = dir.resolve("plays-again");
    DatasetWriter.write(
        spark.read().parquet(plays.toString()),
        playsAgain.toString(),
        Format.PARQUET,
        false,
        List.of());
    // long values, one letter beyond ASCII each: (.*a){12} backtracks for hours in Java's engine
    texts = dir.resolve("texts");
    DatasetWriter.write(
        spark.sql(
            "SELECT concat('é', repeat('b', 4999)) AS v FROM range(20)"
                + " UNION ALL SELECT concat('é', repeat('ba', 12)) AS v"),
        texts.toString(),
        Format.PARQUET,
        false,
        List.of());
  }

  private static Path checksFile(String yaml) throws IOException {
    Path file = dir.resolve("checks" + RUNS.incrementAndGet() + ".yaml");
    Files.writeString(file, yaml);
    return file;
  }

  private static CliRun check(Path in, Path checks, String... more) {
    Path out = dir.resolve("out" + RUNS.incrementAndGet());
    String[] args =
        Stream.concat(
                Stream.of(
                    "check",
                    "--in",
                    in.toString(),
                    "--checks",
                    checks.toString(),
                    "--out",
                    out.toString()),
                Stream.of(more))
            .toArray(String[]::new);
    return CliRun.wick(args);
  }

  private static Path predicate(String sql) throws IOException {
    return checksFile(
        "checks:\n  - {check: predicate, sql: \"" + sql.replace("\"", "\\\"") + "\"}\n");
  }

  private static void assertRefused(CliRun run, String message) {
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err()).isEqualTo("error: " + message + "\n");
    assertThat(run.err()).doesNotContain("\tat ");
  }

  private static final String UNTRUSTED_CHECKS =
      "; the SQL of checks may only compute over the rows, so remove that from it, or trust the"
          + " checks with --trust-sql if you trust whoever wrote them.";

  @Test
  void reflectiveFunctionsInAChecksFileAreRefusedUnlessTrusted() throws IOException {
    for (String function : List.of("reflect", "java_method", "try_reflect", "REFLECT")) {
      String sql = function + "('java.lang.String', 'valueOf', play_id) = cast(play_id as string)";
      Path file = predicate(sql);
      assertRefused(
          check(plays, file),
          "Check 'predicate("
              + sql
              + ")' in checks file "
              + file
              + " has a SQL predicate that calls "
              + function.toLowerCase(java.util.Locale.ROOT)
              + ", which runs any static Java method"
              + UNTRUSTED_CHECKS);
    }
    // trusted, the SQL reaches Spark, which refuses a non-deterministic call in an aggregate
    Path trusted = predicate("reflect('java.lang.String', 'valueOf', play_id) = '2'");
    CliRun run = check(plays, trusted, "--trust-sql");
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err())
        .startsWith(
            "error: Check 'predicate(reflect('java.lang.String', 'valueOf', play_id) = '2')' in"
                + " checks file "
                + trusted
                + " has a SQL predicate Spark cannot use (Non-deterministic expression");
  }

  @Test
  void subqueriesOfEveryKindAreRefusedUnlessTrusted() throws IOException {
    String scalar = "(select count(*) from parquet.`" + plays + "`) = 3";
    Path file = predicate(scalar);
    assertRefused(
        check(plays, file),
        "Check 'predicate("
            + scalar
            + ")' in checks file "
            + file
            + " has a SQL predicate that has a subquery, which can read any table or file (here"
            + " parquet.`"
            + plays
            + "`)"
            + UNTRUSTED_CHECKS);
    for (String sql :
        List.of(
            "exists (select 1 from parquet.`" + plays + "`)",
            "play_id in (select play_id from parquet.`" + plays + "`)",
            "play_id > 0 and coalesce((select max(play_id) from some_table), 0) >= 0")) {
      CliRun run = check(plays, predicate(sql));
      assertThat(run.exitCode()).as(sql).isEqualTo(2);
      assertThat(run.err()).as(sql).contains("has a subquery, which can read any table or file");
    }
    CliRun trusted = check(plays, file, "--trust-sql");
    assertThat(trusted.exitCode()).as(trusted.err()).isZero();
    assertThat(trusted.out()).contains("1 of 1 check passed, 0 failed");
  }

  @Test
  void aRowFilterThatReachesBeyondTheRowsIsRefusedUnlessTrusted() throws IOException {
    Path file = checksFile("checks:\n  - {check: rowCount, min: 1}\n");
    String where = "java_method('java.lang.System', 'getProperty', 'user.home') is not null";
    CliRun refused = check(plays, file, "--where", where);
    assertThat(refused.exitCode()).as(refused.err()).isEqualTo(2);
    assertThat(refused.err())
        .isEqualTo(
            "error: The row filter \""
                + where
                + "\" calls java_method, which runs any static Java method; a row filter may only"
                + " compute over the rows, so remove that from --where, or trust it with --trust-sql if"
                + " you trust whoever wrote it.\n");
    CliRun trusted = check(plays, file, "--where", where, "--trust-sql");
    assertThat(trusted.exitCode()).as(trusted.err()).isZero();
    assertThat(trusted.out()).contains("Checked 3 rows of");

    String subquery = "play_id in (select play_id from parquet.`" + plays + "`)";
    CliRun diff = diff("--where", subquery);
    assertThat(diff.exitCode()).as(diff.err()).isEqualTo(2);
    assertThat(diff.err())
        .isEqualTo(
            "error: Filter '"
                + subquery
                + "' has a subquery, which can read any table or file (here parquet.`"
                + plays
                + "`); a filter may only compute over the rows, so remove that from it, or trust"
                + " it with --trust-sql if you trust whoever wrote it.\n");
    CliRun lhsOnly = diff("--lhs-where", "reflect('java.lang.Thread', 'currentThread') is null");
    assertThat(lhsOnly.exitCode()).as(lhsOnly.err()).isEqualTo(2);
    assertThat(lhsOnly.err()).contains("calls reflect, which runs any static Java method");
    CliRun trustedDiff = diff("--where", subquery, "--trust-sql");
    assertThat(trustedDiff.exitCode()).as(trustedDiff.err()).isZero();
  }

  private static CliRun diff(String... more) {
    String[] args =
        Stream.concat(
                Stream.of(
                    "diff",
                    "--lhs",
                    plays.toString(),
                    "--rhs",
                    playsAgain.toString(),
                    "--key",
                    "play_id",
                    "--out",
                    dir.resolve("diff" + RUNS.incrementAndGet()).toString()),
                Stream.of(more))
            .toArray(String[]::new);
    return CliRun.wick(args);
  }

  @Test
  void aPredicateSparkRefusesOrThatFailsOnTheDataIsTheUsersError() throws IOException {
    Path random = predicate("rand() < 2");
    CliRun refused = check(plays, random);
    assertThat(refused.exitCode()).as(refused.err()).isEqualTo(2);
    assertThat(refused.err())
        .startsWith(
            "error: Check 'predicate(rand() < 2)' in checks file "
                + random
                + " has a SQL predicate Spark cannot use (")
        .contains("Non-deterministic expression")
        .endsWith("); fix the predicate in the checks.\n")
        .doesNotContain("\tat ");
    assertThat(refused.err().lines().count()).isEqualTo(1);

    Path cast = predicate("cast(country as int) > 0");
    CliRun failed = check(plays, cast);
    assertThat(failed.exitCode()).as(failed.err()).isEqualTo(2);
    assertThat(failed.err())
        .startsWith(
            "error: Check 'predicate(cast(country as int) > 0)' in checks file "
                + cast
                + " has a SQL predicate that fails on the data (The value '")
        // Which country a task meets first depends on the tasks' order.
        .matches("(?s).*\\(The value '[A-Z]{2}' of the type \"STRING\" cannot be cast to \"INT\".*")
        .endsWith("); fix the predicate in the checks.\n")
        .doesNotContain("\tat ");
    assertThat(failed.err().lines().count()).isEqualTo(1);
  }

  @Test
  void aBacktrackingPatternOnValuesBeyondAsciiIsDecided() throws IOException {
    Path file = checksFile("checks:\n  - {check: regex, field: v, pattern: '(.*a){12}'}\n");
    CliRun run = check(texts, file);
    assertThat(run.exitCode()).as(run.err()).isEqualTo(1);
    assertThat(run.err())
        .isEqualTo(
            "dataset check failed: regex(v): 20 of 21 values of v do not match (.*a){12}; none"
                + " may (set in "
                + file
                + ").\n");
  }

  @Test
  void aPatternNoLinearMatcherDecidesIsRefusedNamingTheCheck() throws IOException {
    Path file = checksFile("checks:\n  - {check: regex, field: country, pattern: '(S)\\1'}\n");
    assertRefused(
        check(plays, file),
        "Check 1 in Checks file "
            + file
            + " (regex): pattern '(S)\\1' uses a back reference (such as \\1 or \\k<name>, at"
            + " index 3), which matches what a group matched earlier, which only a backtracking"
            + " engine decides, in time that can grow exponentially with the value; Wick matches"
            + " only patterns it decides in time linear in the value, so rewrite the pattern"
            + " without it.");
  }

  @Test
  void validateDecidesAndRefusesPatternsTheSameWay() throws IOException {
    String schemaText =
        "{\"type\": \"record\", \"name\": \"Text\", \"fields\": [{\"name\": \"v\", \"type\":"
            + " \"string\", \"wick.semantic\": \"regex(pattern=%s)\"}]}";
    Schema schema = new Schema.Parser().parse(schemaText.formatted("x"));
    Path data = dir.resolve("texts.avro");
    try (DataFileWriter<GenericRecord> w = new DataFileWriter<>(new GenericDatumWriter<>(schema))) {
      w.create(schema, new File(data.toString()));
      for (String v : List.of("é" + "b".repeat(4999), "é" + "ba".repeat(12))) {
        GenericRecord r = new GenericData.Record(schema);
        r.put("v", v);
        w.append(r);
      }
    }
    Path slow = dir.resolve("slow.avsc");
    Files.writeString(slow, schemaText.formatted("(.*a){12}"));
    CliRun decided =
        CliRun.wick(
            "validate",
            "--in",
            data.toString(),
            "--schema",
            slow.toString(),
            "--out",
            dir.resolve("validated").toString());
    assertThat(decided.exitCode()).as(decided.err()).isZero();
    assertThat(decided.out())
        .startsWith("Validated 2 records of Text: 1 valid, 1 invalid (50.00%).\n");

    Path refused = dir.resolve("refused.avsc");
    Files.writeString(refused, schemaText.formatted("(?=b)b+"));
    CliRun run =
        CliRun.wick(
            "validate",
            "--in",
            data.toString(),
            "--schema",
            refused.toString(),
            "--out",
            dir.resolve("refused").toString());
    assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
    assertThat(run.err())
        .isEqualTo(
            "error: Field 'v' has an invalid semantic type regex(pattern=(?=b)b+): pattern"
                + " '(?=b)b+' uses a look-ahead or look-behind (such as (?= or (?<!, at index 0),"
                + " which only a backtracking engine decides, in time that can grow exponentially"
                + " with the value; Wick matches only patterns it decides in time linear in the"
                + " value, so rewrite the pattern without it.\n");
  }
}
