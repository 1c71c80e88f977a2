package dev.wick.checks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.ExitCode;
import dev.wick.core.WickException;
import dev.wick.core.spark.WickSpark;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A checks file's SQL runs no code and reads no other data unless trusted, SQL that fails is the
 * user's error naming the check, and patterns are decided in time linear in the value.
 */
class ChecksTrustTest {
  @TempDir static Path dir;
  static SparkSession spark;
  static String path;
  static Dataset<Row> plays;

  @BeforeAll
  static void data() {
    spark = WickSpark.local(2);
    path = dir.resolve("plays").toString();
    spark
        .sql(
            "SELECT * FROM VALUES (1, 'SE', 'é' || repeat('b', 4999)), (2, 'US', 'é' || repeat('ba',"
                + " 12)), (3, 'SE', 'ok') AS t(play_id, country, text)")
        .write()
        .parquet(path);
    plays = spark.read().parquet(path);
  }

  @Test
  void aReflectiveCallIsRefusedBeforeAnyJobUnlessTrusted() {
    Checks checks =
        Checks.of(
            Check.completeness("country", 1.0),
            Check.predicate("java_method('java.lang.System', 'exit', 3) is null", 1.0));
    assertThatThrownBy(() -> checks.run(plays))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Check 'predicate(java_method('java.lang.System', 'exit', 3) is null)' has a SQL"
                + " predicate that calls java_method, which runs any static Java method; the SQL"
                + " of checks may only compute over the rows, so remove that from it, or trust the"
                + " checks with Checks.trustSql() if you trust whoever wrote them.")
        .extracting(e -> ((WickException) e).exitCode())
        .isEqualTo(ExitCode.USAGE);
    assertThat(checks.sqlTrusted()).isFalse();
    assertThat(checks.trustSql().sqlTrusted()).isTrue();
  }

  @Test
  void aTrustedSubqueryRuns() {
    Checks checks =
        Checks.of(Check.predicate("play_id <= (select count(*) from parquet.`" + path + "`)", 1.0));
    assertThatThrownBy(() -> checks.run(plays))
        .isInstanceOf(WickException.class)
        .hasMessageContaining(
            "has a SQL predicate that has a subquery, which can read any table or file (here"
                + " parquet.`"
                + path
                + "`)");
    CheckResults results = checks.trustSql().run(plays);
    assertThat(results.results().get(0).passed()).isTrue();
    assertThat(results.results().get(0).failing().getAsLong()).isZero();
  }

  @Test
  void aPredicateThatFailsOnTheDataIsNamedWithSparksReasonAndTheFile() throws IOException {
    Path file = dir.resolve("checks.yaml");
    Files.writeString(
        file,
        "checks:\n"
            + "  - {check: completeness, field: country, min: 1}\n"
            + "  - {check: predicate, sql: 'play_id > 0'}\n"
            + "  - {check: predicate, sql: 'cast(country as int) > 0'}\n");
    Checks checks = Checks.read(file);
    assertThat(checks.origin()).contains("checks file " + file);
    assertThatThrownBy(() -> checks.run(plays))
        .isInstanceOf(WickException.class)
        .hasMessageStartingWith(
            "Check 'predicate(cast(country as int) > 0)' in checks file "
                + file
                + " has a SQL predicate that fails on the data (The value '")
        // Which country a task meets first depends on the tasks' order.
        .hasMessageMatching(
            "(?s).*\\(The value '(SE|US|GB|DE)' of the type \"STRING\" cannot be cast to \"INT\""
                + " because it is malformed.*")
        .hasMessageEndingWith("); fix the predicate in the checks.")
        .extracting(e -> ((WickException) e).exitCode())
        .isEqualTo(ExitCode.USAGE);
  }

  @Test
  void aPredicateSparkRefusesInAnAggregateIsNamed() {
    assertThatThrownBy(() -> Checks.of(Check.predicate("rand() < 2", 1.0)).run(plays))
        .isInstanceOf(WickException.class)
        .hasMessageStartingWith(
            "Check 'predicate(rand() < 2)' has a SQL predicate Spark cannot use (Non-deterministic"
                + " expression")
        .extracting(e -> ((WickException) e).exitCode())
        .isEqualTo(ExitCode.USAGE);
  }

  @Test
  void aBacktrackingPatternIsDecidedOnLongValuesBeyondAscii() {
    CheckResults results = Checks.of(Check.regex("text", "(.*a){12}")).run(plays);
    CheckResult r = results.results().get(0);
    assertThat(r.passed()).isFalse();
    assertThat(r.failing().getAsLong()).isEqualTo(2);
    assertThatThrownBy(
            () ->
                Checks.parse(
                    "checks:\n  - {check: regex, field: text, pattern: 'a(?=b)'}\n", "inline"))
        .isInstanceOf(WickException.class)
        .hasMessageContaining("pattern 'a(?=b)' uses a look-ahead or look-behind");
    assertThat(List.of(r.check().name())).containsExactly("regex(text)");
    assertThatThrownBy(() -> Checks.of(Check.regex("text", "(b)\\1")).run(plays))
        .isInstanceOf(WickException.class)
        .hasMessageStartingWith(
            "Check 'regex(text)': pattern '(b)\\1' uses a back reference (such as \\1 or"
                + " \\k<name>, at index 3)")
        .extracting(e -> ((WickException) e).exitCode())
        .isEqualTo(ExitCode.USAGE);
  }
}
