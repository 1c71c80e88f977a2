package dev.wick.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.wick.core.EnvironmentFailure;
import dev.wick.core.io.DatasetWriter;
import dev.wick.core.io.Format;
import dev.wick.core.io.Output;
import dev.wick.core.spark.WickSpark;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile input, as a new user types it, through the real {@code wick} main: paths, globs, flags,
 * schemas, files, permissions and sizes for all eight commands. Every case states its exit code;
 * every case's stderr (Spark's own logging included) is one line for an error (exit 2), one
 * sentence per violation for a failed gate (exit 1) and empty for a success, never with a stack
 * frame; and no case changes a byte of the inputs it was pointed at.
 *
 * <p>{@code D} in a case is the folder of inputs, {@code O} a fresh folder for the case's output.
 */
class HostileInputTest {
  @TempDir static Path tmp;
  static Path d;
  static Path outs;
  static Map<String, String> fixtures;
  static final AtomicInteger CASES = new AtomicInteger();
  static final List<String> RESULTS = new ArrayList<>();

  /**
   * One hostile input: the exit code it must end with, what its one line of stderr must say, and
   * its arguments.
   */
  record Case(int exit, String expected, List<String> args) {
    @Override
    public String toString() {
      return "exit " + exit + ": wick " + String.join(" ", args);
    }
  }

  /** A case whose arguments are written one string apart with {@code |}. */
  private static Case c(int exit, String expected, String args) {
    return new Case(exit, expected, List.of(args.split("\\|", -1)));
  }

  static final String SCHEMA =
      "{\"type\":\"record\",\"name\":\"Play\",\"fields\":[{\"name\":\"id\",\"type\":\"long\"},"
          + "{\"name\":\"user\",\"type\":\"string\"},{\"name\":\"ms\",\"type\":\"long\"}]}";

  @BeforeAll
  static void inputs() throws IOException {
    SparkSession spark = WickSpark.local(2);
    d = Files.createDirectories(tmp.resolve("in"));
    outs = Files.createDirectories(tmp.resolve("outs"));
    Dataset<Row> plays =
        spark.range(0, 20, 1, 1).selectExpr("id", "concat('u', id % 5) as user", "id * 1000 as ms");
    write(plays, "plays");
    write(plays.selectExpr("id", "user", "ms + if(id < 3, 1, 0) as ms"), "plays2");
    // For the gates: a side with no rows, a renamed column, a widened one.
    write(plays.limit(0), "norows");
    write(plays.selectExpr("id", "user", "ms as MS"), "renamed");
    write(plays.selectExpr("id", "user", "cast(ms as decimal(20,0)) as ms"), "widened");
    for (String name :
        List.of("with space/plays", "odd/diff-12:00", "100%/plays", "ünï", "a%20b")) {
      write(plays, name);
    }
    Files.writeString(d.resolve("plays.avsc"), SCHEMA);
    Files.writeString(d.resolve("with space/plays.avsc"), SCHEMA);
    Files.writeString(d.resolve("broken.avsc"), "{\"type\": \"record\", \"name\": ");
    Files.writeString(d.resolve("renamed.avsc"), SCHEMA.replace("\"ms\"", "\"MS\""));
    Files.writeString(
        d.resolve("checks.yaml"),
        "checks:\n  - {check: completeness, field: user, min: 0.9}\n  - {check: unique, fields: [id]}\n");
    Files.writeString(
        d.resolve("checks-fail.yaml"), "checks:\n  - {check: unique, fields: [user]}\n");
    Files.writeString(d.resolve("checks-dataset.yaml"), "checks:\n  - {check: rowCount, min: 1}\n");
    Files.writeString(d.resolve("checks-broken.json"), "{\"checks\": [{\"check\": ");
    Files.writeString(
        d.resolve("checks-typo.yaml"), "checks:\n  - {check: unique, fields: [usr]}\n");
    Files.writeString(
        d.resolve("checks-reflect.yaml"),
        "checks:\n  - {check: predicate, sql: \"reflect('java.lang.String', 'valueOf', ms) = ms\"}\n");
    Files.writeString(d.resolve("checks-kind.yaml"), "checks:\n  - {check: uniq, fields: [id]}\n");
    Files.writeString(
        d.resolve("checks-values.yaml"),
        "checks:\n  - {check: allowedValues, field: id, values: [1, play]}\n");
    Files.writeString(
        d.resolve("checks-numbers.yaml"),
        "checks:\n  - {check: allowedValues, field: user, values: [1, 2]}\n");
    Files.writeString(
        d.resolve("checks-array.yaml"), "checks:\n  - {check: unique, field: 'id[]'}\n");
    Files.writeString(
        d.resolve("recursive.avsc"),
        "{\"type\":\"record\",\"name\":\"Node\",\"fields\":[{\"name\":\"next\","
            + "\"type\":[\"null\",\"Node\"]}]}");
    Files.createDirectories(d.resolve("notes"));
    Files.writeString(d.resolve("notes/todo.md"), "keep me");
    Files.writeString(d.resolve("plain.txt"), "just text");
    Files.createDirectories(d.resolve("corrupt"));
    try (Stream<Path> s = Files.list(d.resolve("plays"))) {
      Path part = s.filter(p -> p.toString().endsWith(".parquet")).findFirst().orElseThrow();
      Files.copy(part, d.resolve("corrupt/a.parquet"));
    }
    byte[] garbage = new byte[4096];
    Arrays.fill(garbage, (byte) 7);
    Files.write(d.resolve("corrupt/b.parquet"), garbage);
    Files.createSymbolicLink(d.resolve("link-to-plays"), d.resolve("plays"));
    Files.createDirectories(d.resolve("empty"));
    // Good files beside a zero-byte one; Avro files to read in another format; text that is no
    // JSON at all.
    write(plays, "zero");
    Files.write(d.resolve("zero/zz.parquet"), new byte[0]);
    DatasetWriter.write(plays, d.resolve("avro").toString(), Format.AVRO, false, List.of());
    DatasetWriter.write(plays, d.resolve("avro-zero").toString(), Format.AVRO, false, List.of());
    Files.write(d.resolve("avro-zero/a-first.avro"), new byte[0]);
    Files.writeString(d.resolve("garbage.json"), "not json\nat all\n");
    CliRun profiled =
        CliRun.wick("profile", "--in", d.resolve("plays").toString(), "--out", d + "/profile");
    assertThat(profiled.exitCode()).as(profiled.err()).isZero();
    CliRun renamed =
        CliRun.wick(
            "profile", "--in", d.resolve("renamed").toString(), "--out", d + "/profile-renamed");
    assertThat(renamed.exitCode()).as(renamed.err()).isZero();
    // Histories for 'wick anomalies' and 'wick history': eight days of one profile; the same with
    // a damaged profile; the same with a ninth day whose schema changed.
    for (int day = 1; day <= 8; day++) {
      String name = String.format(java.util.Locale.ROOT, "202611%02dT000000Z", day);
      for (String h : List.of("history", "history-corrupt", "history-schema")) {
        Path entry = Files.createDirectories(d.resolve(h).resolve(name));
        Files.copy(d.resolve("profile/profile.json"), entry.resolve("profile.json"));
        Files.writeString(entry.resolve("_SUCCESS"), "");
      }
    }
    Files.writeString(
        d.resolve("history-corrupt/20261104T000000Z/profile.json"), "{\"wickProfile\"");
    Path ninth = Files.createDirectories(d.resolve("history-schema/20261109T000000Z"));
    Files.copy(d.resolve("profile-renamed/profile.json"), ninth.resolve("profile.json"));
    Files.writeString(ninth.resolve("_SUCCESS"), "");
    fixtures = snapshot(d);
  }

  private static void write(Dataset<Row> data, String name) {
    DatasetWriter.write(data, d.resolve(name).toString(), Format.PARQUET, false, List.of());
  }

  static Stream<Case> cases() {
    return Stream.of(
        // ------------------------------------------------------------------ wick (no command)
        c(2, "Unmatched argument", "nope"),
        c(2, "Unknown option", "--nope"),
        // ------------------------------------------------------------------ schema
        c(0, "", "schema|--in|D/plays"),
        c(0, "", "schema|--in|D/pla?s"),
        c(0, "", "schema|--in|D/{plays,nothing}"),
        c(0, "", "schema|--in|D/*/../plays"),
        c(0, "", "schema|--in|D/link-to-plays"),
        c(0, "", "schema|--in|file:D/plays"),
        c(0, "", "schema|--in|D/with space/plays"),
        c(0, "", "schema|--in|D/odd/diff-12:00"),
        c(0, "", "schema|--in|D/100%/plays"),
        c(0, "", "schema|--in|D/a%20b"),
        c(2, "colon", "schema|--in|D/odd/*"),
        c(0, "", "schema|--in|D/ünï"),
        c(0, "", "schema|--in|D/plays.avsc"),
        c(0, "", "schema|--in|D/recursive.avsc"),
        c(2, "A location is empty", "schema|--in|"),
        c(2, "does not exist", "schema|--in|D/missing"),
        c(2, "does not exist", "schema|--in|D/miss*ing"),
        c(2, "holds no data files", "schema|--in|D/empty"),
        c(2, "Cannot tell the format", "schema|--in|D/notes"),
        c(2, "not a table name", "schema|--in|table:a b"),
        c(2, "does not exist in the catalog", "schema|--in|table:nope"),
        c(2, "is empty", "schema|--in|table:"),
        c(2, "not a readable parquet", "schema|--in|D/corrupt/b.parquet"),
        c(2, "is not a valid Avro schema", "schema|--in|D/broken.avsc"),
        c(2, "does not exist; pass the path of an Avro .avsc file.", "schema|--in|D/missing.avsc"),
        c(2, "Unknown format 'xml'", "schema|--in|D/plays|--format|xml"),
        c(2, "file system", "schema|--in|nosuchfs://host/x"),
        c(
            2,
            "is on gs:, whose Hadoop file system is not on Wick's class path",
            "schema|--in|gs://bucket/plays"),
        c(
            2,
            "; add Hadoop's Azure connector, the jar org.apache.hadoop:hadoop-azure:",
            "diff|--lhs|abfs://c@a.dfs.core.windows.net/x|--rhs|D/plays|--key|id|--out|O/d"),
        c(
            2,
            "holds an empty file (zz.parquet: 0 bytes), which cannot be parquet; remove it",
            "schema|--in|D/zero"),
        c(2, "holds an empty file (zz.parquet: 0 bytes)", "profile|--in|D/zero|--out|O/p"),
        c(
            2,
            "holds an empty file (a-first.avro: 0 bytes), which cannot be avro; remove it",
            "schema|--in|D/avro-zero"),
        c(
            2,
            "holds an empty file (a-first.avro: 0 bytes)",
            "sample|--in|D/avro-zero|--out|O/s|--fraction|0.5"),
        c(
            2,
            " is avro (it starts with that format's magic bytes); pass --in-format avro.",
            "schema|--in|D/avro|--in-format|json"),
        c(
            2,
            " is avro (it starts with that format's magic bytes); pass --in-format avro.",
            "profile|--in|D/avro|--in-format|csv|--out|O/p"),
        c(
            2,
            "as json: no line of its files is a JSON record; check that they hold JSON lines",
            "schema|--in|D/garbage.json"),
        c(2, "Missing required option", "schema"),
        c(2, "Unknown option", "schema|--in|D/plays|--bogus"),
        // ------------------------------------------------------------------ show
        c(0, "20 rows shown.", "show|--in|D/plays"),
        c(0, "5 rows shown; more match (raise --limit).", "show|--in|D/pla?s|--limit|5"),
        c(0, "20 rows shown.", "show|--in|D/with space/plays"),
        c(0, "20 rows shown.", "show|--in|D/100%/plays"),
        c(0, "20 rows shown.", "show|--in|D/ünï"),
        c(0, "20 rows shown.", "show|--in|D/odd/diff-12:00"),
        c(0, "0 rows.", "show|--in|D/norows"),
        c(0, "0 rows.", "show|--in|D/plays|--where|id > 100"),
        c(0, "u3", "show|--in|D/plays|--where|user = 'u3'|--columns|user,ms"),
        c(2, "--limit 0 shows no rows", "show|--in|D/plays|--limit|0"),
        c(2, "--limit -1 shows no rows", "show|--in|D/missing|--limit|-1"),
        c(2, "'many' is not an int", "show|--in|D/plays|--limit|many"),
        c(2, "does not exist", "show|--in|D/missing"),
        c(2, "holds no data files", "show|--in|D/empty"),
        c(2, "not a readable parquet", "show|--in|D/corrupt/b.parquet"),
        c(2, "holds an empty file (zz.parquet: 0 bytes)", "show|--in|D/zero"),
        c(2, "no line of its files is a JSON record", "show|--in|D/garbage.json"),
        c(
            2,
            "it names usr, which is not a column (the nearest are user,",
            "show|--in|D/plays|--where|usr = 'u1'"),
        c(
            2,
            "calls reflect, which runs any static Java method",
            "show|--in|D/plays|--where|reflect('java.lang.String', 'valueOf', ms) = '1'"),
        c(
            0,
            "20 rows shown.",
            "show|--in|D/plays|--where|reflect('java.lang.String', 'valueOf', ms) is not null|--trust-sql"),
        c(
            2,
            "has a subquery",
            "show|--in|D/plays|--where|id in (select id from parquet.`D/plays`)"),
        c(2, "Field 'usr' does not resolve", "show|--in|D/plays|--columns|usr"),
        c(2, "; fix --columns.", "show|--in|D/plays|--columns|user.name"),
        c(2, "A field path must not be empty", "show|--in|D/plays|--columns|id,,ms"),
        c(2, "does not exist", "show|--in|delta:D/nowhere"),
        c(2, "Missing required option", "show"),
        c(2, "Unknown option", "show|--in|D/plays|--out|O/s"),
        // ------------------------------------------------------------------ sample
        c(0, "", "sample|--in|D/plays|--out|O/s|--fraction|0.5"),
        c(0, "", "sample|--in|D/pla?s|--out|O/s|--fraction|0.5"),
        c(0, "", "sample|--in|D/plays|--out|O/with space/d|--fraction|0.5"),
        c(0, "", "sample|--in|D/plays|--out|O/diff-12:00|--fraction|0.5"),
        c(0, "", "sample|--in|D/plays|--out|O/100%|--fraction|0.5"),
        c(0, "", "sample|--in|D/plays|--out|O/ünï #1|--count|5"),
        c(2, "is the input", "sample|--in|D/pla?s|--out|D/plays|--fraction|0.1|--overwrite"),
        c(2, "is the input", "sample|--in|D/{plays,x}|--out|D/plays|--fraction|0.1|--overwrite"),
        c(
            2,
            "is the input",
            "sample|--in|D/plays|--out|D/link-to-plays|--fraction|0.1|--overwrite"),
        c(
            2,
            "is the input",
            "sample|--in|file:D/plays|--out|D/notes/../plays|--fraction|0.1|--overwrite"),
        c(2, "lies inside the input", "sample|--in|D/pla?s|--out|D/plays/x|--fraction|0.1"),
        c(2, "contains the input", "sample|--in|D/plays|--out|D|--fraction|0.1|--overwrite"),
        c(
            2,
            "already exists; pass --overwrite",
            "sample|--in|D/plays|--out|D/notes|--fraction|0.1"),
        c(
            2,
            "is not a dataset folder",
            "sample|--in|D/plays|--out|D/notes|--fraction|0.1|--overwrite"),
        c(
            2,
            "is a file, not a dataset folder",
            "sample|--in|D/plays|--out|D/plain.txt|--fraction|0.1|--overwrite"),
        c(2, "is a file, not a folder", "sample|--in|D/plays|--out|D/plain.txt/x/y|--fraction|0.1"),
        c(2, "cannot be made", "sample|--in|D/plays|--out|/proc/wick/sample|--fraction|0.1"),
        c(2, "--out-format text", "sample|--in|D/plays|--out|O/s|--fraction|0.1|--out-format|text"),
        c(2, "Unknown format", "sample|--in|D/plays|--out|O/s|--fraction|0.1|--out-format|xls"),
        c(2, "The output location is empty", "sample|--in|D/plays|--out||--fraction|0.1"),
        c(2, "A location is empty", "sample|--in||--out|O/s|--fraction|0.1"),
        c(2, "is a table, but Wick writes", "sample|--in|D/plays|--out|table:foo|--fraction|0.1"),
        c(2, "not a table name", "sample|--in|table:a b|--out|O/s|--fraction|0.1"),
        c(
            2,
            "--fraction must be in (0, 1], got 2; pass a share such as 0.01 for 1%.",
            "sample|--in|D/plays|--out|O/s|--fraction|2"),
        c(
            2,
            "--fraction must be in (0, 1], got -0.5; pass a share such as 0.01 for",
            "sample|--in|D/plays|--out|O/s|--fraction|-0.5"),
        c(
            2,
            "Invalid value for option '--fraction': 'abc' is not a decimal number",
            "sample|--in|D/plays|--out|O/s|--fraction|abc"),
        c(
            2,
            "--count must be at least 1, got -3; pass the number of records to keep.",
            "sample|--in|D/plays|--out|O/s|--count|-3"),
        c(2, "Say how much to keep", "sample|--in|D/plays|--out|O/s"),
        c(2, "not both", "sample|--in|D/plays|--out|O/s|--fraction|0.1|--count|3"),
        c(
            2,
            "Field 'nope' does not resolve: the schema Input has no field 'nope';",
            "sample|--in|D/plays|--out|O/s|--fraction|0.1|--by|nope"),
        c(2, "Cannot read", "sample|--in|D/corrupt|--out|O/s|--fraction|1"),
        c(0, "", "sample|--in|D/plays|--out|O/s|--fraction|0.5|--seed|-1"),
        c(
            2,
            "Invalid value for option '--seed': 'abc' is not a long; run 'wick",
            "sample|--in|D/plays|--out|O/s|--fraction|0.5|--seed|abc"),
        c(
            2,
            "Invalid value for option '--seed': '99999999999999999999' is not a",
            "sample|--in|D/plays|--out|O/s|--fraction|0.5|--seed|99999999999999999999"),
        c(
            2,
            "Unknown format ''; use one of avro, parquet, orc, json, csv, text.",
            "sample|--in|D/plays|--out|O/s|--fraction|0.5|--in-format|"),
        c(0, "", "sample|--in|D/plays|--out|O/s|--fraction|0.5|--format|parquet"),
        // ------------------------------------------------------------------ diff
        c(0, "", "diff|--lhs|D/plays|--rhs|D/plays2|--key|id|--out|O/d"),
        c(
            1,
            "diff check failed",
            "diff|--lhs|D/plays|--rhs|D/plays2|--key|id|--out|O/with space/d|--fail-on-diff"),
        c(0, "", "diff|--lhs|D/odd/diff-12:00|--rhs|D/plays2|--key|id|--out|O/diff-12:00"),
        c(
            2,
            "is the input",
            "diff|--lhs|D/plays|--rhs|D/plays2|--key|id|--out|D/plays2|--overwrite"),
        c(2, "lies inside the input", "diff|--lhs|D/plays|--rhs|D/pl*2|--key|id|--out|D/plays2/x"),
        c(2, "same dataset", "diff|--lhs|D/plays|--rhs|D/plays|--key|id|--out|O/d"),
        c(
            2,
            "): Field 'nope' does not resolve: the schema lhs has no field 'nope';",
            "diff|--lhs|D/plays|--rhs|D/plays2|--key|nope|--out|O/d"),
        c(2, "A location is empty", "diff|--lhs||--rhs|D/plays2|--key|id|--out|O/d"),
        c(2, "not a table name", "diff|--lhs|table:a b|--rhs|D/plays2|--key|id|--out|O/d"),
        c(
            2,
            "is a table, but Wick writes",
            "diff|--lhs|D/plays|--rhs|D/plays2|--key|id|--out|table:foo"),
        c(
            2,
            "--out-format text cannot hold the diff's lists of fields; use parquet,",
            "diff|--lhs|D/plays|--rhs|D/plays2|--key|id|--out|O/d|--format|text"),
        c(
            2,
            "is not a dataset folder",
            "diff|--lhs|D/plays|--rhs|D/plays2|--key|id|--out|D/notes|--overwrite"),
        c(2, "Missing required option", "diff|--lhs|D/plays|--out|O/d"),
        // the gate and the options that shape it
        c(2, "no rows", "diff|--lhs|D/plays|--rhs|D/norows|--key|id|--out|O/d|--fail-on-diff"),
        c(
            1,
            "diff check failed",
            "diff|--lhs|D/plays|--rhs|D/norows|--key|id|--out|O/d|--fail-on-diff|--allow-empty"),
        c(1, "MS", "diff|--lhs|D/plays|--rhs|D/renamed|--key|id|--out|O/d|--fail-on-diff"),
        c(
            0,
            "",
            "diff|--lhs|D/plays|--rhs|D/renamed|--key|id|--out|O/d|--fail-on-diff"
                + "|--allow-schema-change"),
        c(
            0,
            "",
            "diff|--lhs|D/plays|--rhs|D/renamed|--key|id|--out|O/d|--fail-on-diff|--ignore|ms,MS"),
        c(
            1,
            "type",
            "diff|--lhs|D/plays|--rhs|D/widened|--key|id|--out|O/d|--max-diff-fraction|0.5"),
        c(
            2,
            "Invalid value for option '--allow-empty': 'maybe' is not a boolean; run",
            "diff|--lhs|D/plays|--rhs|D/plays2|--key|id|--out|O/d|--allow-empty=maybe"),
        c(
            2,
            "--duplicates must be fail or report, got 'maybe'.",
            "diff|--lhs|D/plays|--rhs|D/plays2|--key|id|--out|O/d|--duplicates|maybe"),
        c(
            2,
            "--duplicates must be fail or report, got ''.",
            "diff|--lhs|D/plays|--rhs|D/plays2|--key|id|--out|O/d|--duplicates|"),
        c(0, "", "diff|--lhs|D/plays|--rhs|D/plays2|--key|id|--out|O/d|--duplicates|REPORT"),
        c(
            2,
            "Unknown format 'xml'; use one of avro, parquet, orc, json, csv, text.",
            "diff|--lhs|D/plays|--rhs|D/plays2|--key|id|--out|O/d|--in-format|xml"),
        c(
            2,
            "Unknown format ''; use one of avro, parquet, orc, json, csv, text.",
            "diff|--lhs|D/plays|--rhs|D/plays2|--key|id|--out|O/d|--in-format|"),
        c(
            2,
            "is not a readable avro file (corrupt, or another format under that",
            "diff|--lhs|D/plays|--rhs|D/plays2|--key|id|--out|O/d|--in-format|avro"),
        c(0, "", "diff|--lhs|D/plays|--rhs|D/plays2|--key|id|--out|O/d|--input-format|parquet"),
        c(
            2,
            "--out-format csv cannot hold the diff's lists of fields; use parquet,",
            "diff|--lhs|D/plays|--rhs|D/plays2|--key|id|--out|O/d|--out-format|csv"),
        c(
            2,
            "Unknown format ''; use one of avro, parquet, orc, json, csv, text.",
            "diff|--lhs|D/plays|--rhs|D/plays2|--key|id|--out|O/d|--out-format|"),
        c(
            2,
            "--tolerance for 'ms' must be a number, or a duration such as 5s or 2d,",
            "diff|--lhs|D/plays|--rhs|D/plays2|--key|id|--out|O/d|--tolerance|ms=abc"),
        c(
            2,
            "Tolerance field 'nope' is not a compared field (Field 'nope' does not",
            "diff|--lhs|D/plays|--rhs|D/plays2|--key|id|--out|O/d|--tolerance|nope=1"),
        c(0, "", "diff|--lhs|D/plays|--rhs|D/plays2|--key|id|--out|O/d|--tolerance|ms=1e308"),
        c(
            2,
            "--max-diff-fraction must be between 0 and 1, got NaN.",
            "diff|--lhs|D/plays|--rhs|D/plays2|--key|id|--out|O/d|--max-diff-fraction|NaN"),
        c(
            2,
            "--max-diff-fraction must be between 0 and 1, got Infinity.",
            "diff|--lhs|D/plays|--rhs|D/plays2|--key|id|--out|O/d|--max-diff-fraction|1e999"),
        c(
            2,
            "Ignored field 'nope' is on neither side: Field 'nope' does not resolve:",
            "diff|--lhs|D/plays|--rhs|D/plays2|--key|id|--out|O/d|--ignore|nope"),
        // diff's deeper flags: element keys, comparators, filters, samples, no key
        c(
            2,
            "not an array of records",
            "diff|--lhs|D/plays|--rhs|D/plays2|--key|id|--out|O/d|--unordered|user:x"),
        c(
            2,
            "must not be empty",
            "diff|--lhs|D/plays|--rhs|D/plays2|--key|id|--out|O/d|--unordered|user:"),
        c(
            2,
            "no dates or timestamps",
            "diff|--lhs|D/plays|--rhs|D/plays2|--key|id|--out|O/d|--tolerance|ms=5s"),
        c(
            2,
            "or a duration",
            "diff|--lhs|D/plays|--rhs|D/plays2|--key|id|--out|O/d|--tolerance|ms=5 parsecs"),
        c(
            2,
            "with no strings",
            "diff|--lhs|D/plays|--rhs|D/plays2|--key|id|--out|O/d|--ignore-case|ms"),
        c(
            2,
            "not a compared field",
            "diff|--lhs|D/plays|--rhs|D/plays2|--key|id|--out|O/d|--trim|nope"),
        c(
            2,
            "Invalid value for option '--nan-equal': 'maybe' is not a boolean; run",
            "diff|--lhs|D/plays|--rhs|D/plays2|--key|id|--out|O/d|--nan-equal|maybe"),
        c(0, "", "diff|--lhs|D/plays|--rhs|D/plays2|--key|id|--out|O/d|--nan-equal|false"),
        c(
            2,
            "Filter 'nope > 1'",
            "diff|--lhs|D/plays|--rhs|D/plays2|--key|id|--out|O/d|--where|nope > 1"),
        c(2, "must not be empty", "diff|--lhs|D/plays|--rhs|D/plays2|--key|id|--out|O/d|--where|"),
        c(
            2,
            "Filter 'id +'",
            "diff|--lhs|D/plays|--rhs|D/plays2|--key|id|--out|O/d|--lhs-where|id +"),
        c(2, "Filter 'ms'", "diff|--lhs|D/plays|--rhs|D/plays2|--key|id|--out|O/d|--rhs-where|ms"),
        c(
            2,
            "no rows",
            "diff|--lhs|D/plays|--rhs|D/plays2|--key|id|--out|O/d|--rhs-where|id < 0|--fail-on-diff"),
        c(
            2,
            "--sample must be in (0, 1]",
            "diff|--lhs|D/plays|--rhs|D/plays2|--key|id|--out|O/d|--sample|0"),
        c(
            2,
            "--sample must be in (0, 1]",
            "diff|--lhs|D/plays|--rhs|D/plays2|--key|id|--out|O/d|--sample|1e999"),
        c(
            2,
            "Invalid value for option '--sample': 'abc' is not a decimal number such",
            "diff|--lhs|D/plays|--rhs|D/plays2|--key|id|--out|O/d|--sample|abc"),
        c(
            2,
            "Invalid value for option '--seed': 'x' is not a long; run 'wick diff",
            "diff|--lhs|D/plays|--rhs|D/plays2|--key|id|--out|O/d|--sample|0.5|--seed|x"),
        c(0, "", "diff|--lhs|D/plays|--rhs|D/plays2|--out|O/d"),
        c(1, "rows are not SAME", "diff|--lhs|D/plays|--rhs|D/plays2|--out|O/d|--fail-on-diff"),
        c(
            2,
            "cannot apply tolerances",
            "diff|--lhs|D/plays|--rhs|D/plays2|--out|O/d|--tolerance|ms=1"),
        c(2, "cannot apply a sample", "diff|--lhs|D/plays|--rhs|D/plays2|--out|O/d|--sample|0.5"),
        // ------------------------------------------------------------------ validate
        c(0, "", "validate|--in|D/plays|--schema|D/plays.avsc|--out|O/v"),
        c(0, "", "validate|--in|D/with space/plays|--schema|D/with space/plays.avsc|--out|O/v:1"),
        c(
            2,
            "contains the input",
            "validate|--in|D/plays|--schema|D/plays.avsc|--out|D|--overwrite"),
        c(
            2,
            "is the input",
            "validate|--in|D/plays|--schema|D/plays.avsc|--out|D/plays.avsc|--overwrite"),
        c(
            2,
            "does not exist; pass the path of an Avro .avsc file.",
            "validate|--in|D/plays|--schema|D/missing.avsc|--out|O/v"),
        c(
            2,
            "is not a valid Avro schema",
            "validate|--in|D/plays|--schema|D/broken.avsc|--out|O/v"),
        c(
            2,
            "does not exist; pass the path of an Avro .avsc file.",
            "validate|--in|D/plays|--schema|D/notes|--out|O/v"),
        c(
            2,
            "--max-invalid-fraction",
            "validate|--in|D/plays|--schema|D/plays.avsc|--out|O/v|--max-invalid-fraction|2"),
        c(
            2,
            "--out-format csv",
            "validate|--in|D/plays|--schema|D/plays.avsc|--out|O/v|--out-format|csv"),
        c(2, "The output location is empty", "validate|--in|D/plays|--schema|D/plays.avsc|--out|"),
        c(2, "no records", "validate|--in|D/norows|--schema|D/plays.avsc|--out|O/v"),
        c(0, "", "validate|--in|D/norows|--schema|D/plays.avsc|--out|O/v|--allow-empty"),
        c(
            2,
            "Unknown format 'xml'; use one of avro, parquet, orc, json, csv, text.",
            "validate|--in|D/plays|--schema|D/plays.avsc|--out|O/v|--in-format|xml"),
        c(
            2,
            "is a file, not a folder",
            "validate|--in|D/plays|--schema|D/plays.avsc|--out|D/plain.txt/a/b"),
        // ------------------------------------------------------------------ check
        c(0, "", "check|--in|D/plays|--checks|D/checks.yaml|--out|O/c"),
        c(1, "unique(user)", "check|--in|D/plays|--checks|D/checks-fail.yaml|--out|O/c"),
        c(2, "does not exist", "check|--in|D/plays|--checks|D/missing.yaml|--out|O/c"),
        c(2, "is not valid JSON", "check|--in|D/plays|--checks|D/checks-broken.json|--out|O/c"),
        c(2, "did you mean 'user'", "check|--in|D/plays|--checks|D/checks-typo.yaml|--out|O/c"),
        // --results-table and --junit-xml: never an input, the output, or a folder of other files
        c(
            2,
            "names no location",
            "check|--in|D/plays|--checks|D/checks.yaml|--out|O/c|--results-table|"),
        c(
            2,
            "is inside the input",
            "check|--in|D/plays|--checks|D/checks.yaml|--out|O/c|--results-table|D/plays/r"),
        c(
            2,
            "overlaps the output folder",
            "check|--in|D/plays|--checks|D/checks.yaml|--out|O/c|--results-table|O/c/r"),
        c(
            2,
            "is a folder holding todo.md, which is not a results file",
            "check|--in|D/plays|--checks|D/checks.yaml|--out|O/c|--results-table|D/notes"),
        c(
            2,
            "labels rows of a results table",
            "check|--in|D/plays|--checks|D/checks.yaml|--out|O/c|--results-label|x"),
        c(
            2,
            "is inside the input",
            "check|--in|D/plays|--checks|D/checks.yaml|--out|O/c|--junit-xml|D/plays/j.xml"),
        c(
            2,
            "is inside the output folder",
            "check|--in|D/plays|--checks|D/checks.yaml|--out|O/c|--junit-xml|O/c/j.xml"),
        c(
            2,
            "holds a glob character",
            "check|--in|D/plays|--checks|D/checks.yaml|--out|O/c|--results-table|O/pla*s"),
        c(
            2,
            "is a folder holding",
            "check|--in|D/plays|--checks|D/checks.yaml|--out|O/c|--results-table|D"),
        c(
            2,
            "is inside the input",
            "check|--in|D/plays|--checks|D/checks.yaml|--out|O/c|--results-table|D/checks.yaml"),
        c(
            2,
            "is a file; name a folder for the results",
            "check|--in|D/plays|--checks|D/checks.yaml|--out|O/c|--results-table|D/plays.avsc"),
        c(
            2,
            "is not an http or https URL",
            "check|--in|D/plays|--checks|D/checks.yaml|--out|O/c|--notify|"),
        c(
            2,
            "is not an http or https URL",
            "check|--in|D/plays|--checks|D/checks.yaml|--out|O/c|--notify|ftp://hooks.example.com/x"),
        c(
            2,
            "is not an http or https URL",
            "check|--in|D/plays|--checks|D/checks.yaml|--out|O/c|--notify|D/plays"),
        c(
            2,
            "has a user and password in it",
            "check|--in|D/plays|--checks|D/checks.yaml|--out|O/c|--notify|https://u:p@hooks.example.com/x"),
        c(
            2,
            "does not name an environment variable",
            "check|--in|D/plays|--checks|D/checks.yaml|--out|O/c|--notify|env:"),
        c(
            2,
            "does not name an environment variable",
            "check|--in|D/plays|--checks|D/checks.yaml|--out|O/c|--notify|env:A B"),
        c(
            2,
            "which is unset or empty",
            "check|--in|D/plays|--checks|D/checks.yaml|--out|O/c|--notify|env:WICK_HOSTILE_NEVER_SET"),
        c(
            2,
            "is neither fail nor always",
            "check|--in|D/plays|--checks|D/checks.yaml|--out|O/c|--notify|http://127.0.0.1:9/h|--notify-on|sometimes"),
        c(
            2,
            "is not a duration longer than zero",
            "check|--in|D/plays|--checks|D/checks.yaml|--out|O/c|--notify|http://127.0.0.1:9/h|--notify-timeout|0s"),
        c(
            2,
            "is not a duration longer than zero",
            "check|--in|D/plays|--checks|D/checks.yaml|--out|O/c|--notify|http://127.0.0.1:9/h|--notify-timeout|-1s"),
        c(
            2,
            "is not a duration longer than zero",
            "check|--in|D/plays|--checks|D/checks.yaml|--out|O/c|--notify|http://127.0.0.1:9/h|--notify-timeout|99999999999999999999d"),
        c(
            2,
            "has nothing to act on",
            "check|--in|D/plays|--checks|D/checks.yaml|--out|O/c|--notify-on|always"),
        c(
            2,
            "which is unset or empty",
            "check|--in|D/plays|--checks|D/checks.yaml|--out|O/c|--notify|http://127.0.0.1:9/h|--notify-auth-env|WICK_HOSTILE_NEVER_SET"),
        c(2, "unknown kind 'uniq'", "check|--in|D/plays|--checks|D/checks-kind.yaml|--out|O/c"),
        c(2, "cannot hold", "check|--in|D/plays|--checks|D/checks-values.yaml|--out|O/c"),
        c(1, "allowedValues(user)", "check|--in|D/plays|--checks|D/checks-numbers.yaml|--out|O/c"),
        c(2, "does not have", "check|--in|D/plays|--checks|D/checks-array.yaml|--out|O/c"),
        c(
            2,
            "calls reflect, which runs any static Java method",
            "check|--in|D/plays|--checks|D/checks-reflect.yaml|--out|O/c"),
        c(
            2,
            "Non-deterministic expression",
            "check|--in|D/plays|--checks|D/checks-reflect.yaml|--out|O/c|--trust-sql"),
        c(
            2,
            "has a subquery, which can read any table or file",
            "check|--in|D/plays|--where|ms > (select 1)|--checks|D/checks.yaml|--out|O/c"),
        c(
            0,
            "",
            "check|--in|D/plays|--where|ms > (select -1)|--trust-sql|--checks|D/checks.yaml"
                + "|--out|O/c"),
        c(2, "cannot be read", "check|--in|D/plays|--checks|D/notes|--out|O/c"),
        c(2, "holds no rows", "check|--in|D/norows|--checks|D/checks.yaml|--out|O/c"),
        c(0, "", "check|--in|D/norows|--checks|D/checks.yaml|--out|O/c|--allow-empty"),
        c(
            2,
            "is the input",
            "check|--in|D/plays|--checks|D/checks.yaml|--out|D/checks.yaml|--overwrite"),
        c(2, "--ref", "check|--in|D/plays|--checks|D/checks.yaml|--out|O/c|--ref|nonsense"),
        c(0, "", "check|--in|D/plays|--checks|D/checks.yaml|--out|O/c|--split"),
        c(1, "unique(user)", "check|--in|D/plays|--checks|D/checks-fail.yaml|--out|O/c|--mark"),
        c(
            2,
            "give one of them",
            "check|--in|D/plays|--checks|D/checks.yaml|--out|O/c|--split|--mark"),
        c(
            2,
            "no rows to split or mark",
            "check|--in|D/plays|--checks|D/checks-dataset.yaml|--out|O/c|--split"),
        c(0, "", "check|--in|D/norows|--checks|D/checks.yaml|--out|O/c|--allow-empty|--split"),
        c(
            2,
            "is the input",
            "check|--in|D/plays|--checks|D/checks.yaml|--out|D/plays|--overwrite|--split"),
        c(
            2,
            "give a fraction between 0 and 1",
            "check|--in|D/plays|--checks|D/checks.yaml|--out|O/c|--split|--max-invalid-fraction|NaN"),
        c(
            2,
            "give a fraction between 0 and 1",
            "check|--in|D/plays|--checks|D/checks.yaml|--out|O/c|--mark|--max-invalid-fraction|-0.1"),
        c(
            2,
            "--max-invalid-fraction",
            "check|--in|D/plays|--checks|D/checks.yaml|--out|O/c|--split|--max-invalid-fraction|"),
        c(
            2,
            "add --split or --mark",
            "check|--in|D/plays|--checks|D/checks.yaml|--out|O/c|--max-invalid-fraction|0.1"),
        c(0, "", "check|--in|D/plays|--checks|D/checks.yaml|--out|O/c|--explain"),
        c(
            2,
            "--explain-by names '',",
            "check|--in|D/plays|--checks|D/checks.yaml|--out|O/c|--explain-by|"),
        c(
            2,
            "--explain-by names '*',",
            "check|--in|D/plays|--checks|D/checks.yaml|--out|O/c|--explain-by|*"),
        c(
            2,
            "--explain-by names '" + "x".repeat(5000) + "',",
            "check|--in|D/plays|--checks|D/checks.yaml|--out|O/c|--explain-by|" + "x".repeat(5000)),
        c(0, "", "validate|--in|D/plays|--schema|D/plays.avsc|--out|O/v|--explain"),
        c(0, "", "diff|--lhs|D/plays|--rhs|D/plays2|--key|id|--out|O/d|--explain"),
        c(
            2,
            "--explain-by names 'nope',",
            "diff|--lhs|D/plays|--rhs|D/plays2|--key|id|--out|O/d|--explain-by|nope"),
        c(
            2,
            "--explain-by names '',",
            "diff|--lhs|D/plays|--rhs|D/plays2|--key|id|--out|O/d|--explain-by|"),
        c(
            2,
            "--explain-by names '*',",
            "diff|--lhs|D/plays|--rhs|D/plays2|--key|id|--out|O/d|--explain-by|*"),
        c(
            2,
            "--explain of a diff needs key fields",
            "diff|--lhs|D/plays|--rhs|D/plays2|--out|O/d|--explain"),
        c(
            2,
            "--explain-by names 'nope',",
            "validate|--in|D/plays|--schema|D/plays.avsc|--out|O/v|--explain-by|nope"),
        // ------------------------------------------------------------------ suggest
        c(0, "", "suggest|--profile|D/profile|--out|O/s"),
        c(0, "", "suggest|--profile|D/profile/profile.json|--schema|D/plays.avsc|--out|O/s"),
        c(2, "does not exist", "suggest|--profile|D/missing|--out|O/s"),
        c(
            2,
            "is not a valid Wick profile: it is not valid JSON (Unrecognized token",
            "suggest|--profile|D/plain.txt|--out|O/s"),
        c(
            2,
            "is not a valid Wick profile: it is not valid JSON (Unexpected",
            "suggest|--profile|D/broken.avsc|--out|O/s"),
        c(
            2,
            "field 'ms' is in the profile but not in the schema",
            "suggest|--profile|D/profile|--schema|D/renamed.avsc|--out|O/s"),
        c(
            2,
            "is not a valid Avro schema",
            "suggest|--profile|D/profile|--schema|D/broken.avsc|--out|O/s"),
        c(
            2,
            "does not exist; pass the path of an Avro .avsc file.",
            "suggest|--profile|D/profile|--schema|D/missing.avsc|--out|O/s"),
        c(
            2,
            ": field 'id' is in the profile but not in the schema; give the schema",
            "suggest|--profile|D/profile|--schema|D/recursive.avsc|--out|O/s"),
        c(2, "is the input", "suggest|--profile|D/profile|--out|D/profile|--overwrite"),
        c(2, "contains the input", "suggest|--profile|D/profile|--out|D|--overwrite"),
        c(2, "--null-margin must be", "suggest|--profile|D/profile|--out|O/s|--null-margin|2"),
        c(2, "--range-margin must be", "suggest|--profile|D/profile|--out|O/s|--range-margin|-1"),
        c(
            2,
            "Invalid value for option '--range-margin': 'abc' is not a decimal",
            "suggest|--profile|D/profile|--out|O/s|--range-margin|abc"),
        c(
            2,
            "--distinct-factor must be at least 1.1",
            "suggest|--profile|D/profile|--out|O/s|--distinct-factor|1"),
        c(
            2,
            "--freshness-margin must be",
            "suggest|--profile|D/profile|--out|O/s|--freshness-margin|-0.5"),
        c(2, "--distinct-factor", "suggest|--profile|D/profile|--out|O/s|--distinct-factor|abc"),
        c(2, "--distinct-factor", "suggest|--profile|D/profile|--out|O/s|--distinct-factor|"),
        c(
            2,
            "--distinct-factor must be at least 1.1",
            "suggest|--profile|D/profile|--out|O/s|--distinct-factor|1e400"),
        c(
            2,
            "--freshness-margin must be",
            "suggest|--profile|D/profile|--out|O/s|--freshness-margin|NaN"),
        c(2, "--freshness-margin", "suggest|--profile|D/profile|--out|O/s|--freshness-margin|2d"),
        c(2, "Missing required option", "suggest|--profile|D/profile"),
        c(0, "", "suggest|--profile|D/profile|--in|D/plays|--out|O/s"),
        c(2, "does not exist", "suggest|--profile|D/profile|--in|D/missing|--out|O/s"),
        c(2, "lacks the field 'ms'", "suggest|--profile|D/profile|--in|D/renamed|--out|O/s"),
        c(2, "rows but the profile", "suggest|--profile|D/profile|--in|D/norows|--out|O/s"),
        c(2, "is the input", "suggest|--profile|D/profile|--in|D/plays|--out|D/plays|--overwrite"),
        // ------------------------------------------------------------------ profile
        c(0, "", "profile|--in|D/plays|--out|O/p"),
        c(0, "", "profile|--in|D/pla?s|--out|O/ünï p"),
        c(2, "lies inside the input", "profile|--in|D/plays|--out|D/plays/p"),
        c(
            2,
            "; writing it would destroy the input, choose another output path.",
            "profile|--in|D/plays|--out|D/profile|--overwrite|--baseline|D/profile/profile.json"),
        c(2, "--top", "profile|--in|D/plays|--out|O/p|--top|0"),
        c(2, "--baseline", "profile|--in|D/plays|--out|O/p|--max-drift|0.1"),
        c(
            2,
            "does not exist; pass a profile.json (or the folder holding it) written",
            "profile|--in|D/plays|--out|O/p|--baseline|D/missing.json"),
        c(
            2,
            "is not a valid Wick profile: it is not valid JSON (Unrecognized token",
            "profile|--in|D/plays|--out|O/p|--baseline|D/plain.txt"),
        c(2, "A location is empty", "profile|--in||--out|O/p"),
        c(
            2,
            "Field 'nope' does not resolve: the schema Plays has no field 'nope';",
            "profile|--in|D/plays|--out|O/p|--fields|nope"),
        c(2, "is a table, but Wick writes", "profile|--in|D/plays|--out|table:foo"),
        c(
            2,
            "Unknown format 'xml'; use one of avro, parquet, orc, json, csv, text.",
            "profile|--in|D/plays|--out|O/p|--in-format|xml"),
        c(
            2,
            "has no rows, so there is nothing to profile; check the path.",
            "profile|--in|D/norows|--out|O/p"),
        c(
            0,
            "",
            "profile|--in|D/renamed|--out|O/p|--baseline|D/profile/profile.json|--max-drift|1"
                + "|--allow-schema-change"),
        c(
            1,
            "MS",
            "profile|--in|D/renamed|--out|O/p|--baseline|D/profile/profile.json|--max-drift|1"),
        // ------------------------------------------------------------------ drift
        c(0, "", "drift|D/profile|D/profile/profile.json"),
        c(0, "", "drift|D/profile|D/profile|--out|O/drift 12:00"),
        c(
            2,
            "does not exist; pass a profile.json (or the folder holding it) written",
            "drift|D/profile|D/missing"),
        c(
            2,
            "is not a valid Wick profile: it is not valid JSON (Unrecognized token",
            "drift|D/plain.txt|D/profile"),
        c(2, "The profile's path is empty; pass a profile.json", "drift||"),
        c(2, "is the input", "drift|D/profile|D/profile|--out|D/profile|--overwrite"),
        c(2, "--overwrite needs --out", "drift|D/profile|D/profile|--overwrite"),
        c(
            2,
            "Drift thresholds 'abc' are malformed: 'abc' is not a number; write a",
            "drift|D/profile|D/profile|--max-drift|abc"),
        c(
            2,
            "wick drift needs the current profile too; pass --old PATH --new PATH",
            "drift|D/profile"),
        c(0, "", "drift|--old|D/profile|--new|D/profile/profile.json"),
        c(
            2,
            "not a mix of both; pass them with --old and --new",
            "drift|--old|D/profile|D/profile"),
        c(0, "", "drift|D/profile|D/profile|--max-drift|0.1|--allow-schema-change|--allow-empty"),
        c(
            2,
            "Invalid value for option '--allow-schema-change': 'perhaps' is not a",
            "drift|D/profile|D/profile|--allow-schema-change=perhaps"),
        // ------------------------------------------------------------------ generate
        c(0, "", "generate|--schema|D/plays.avsc|--count|10|--out|O/g"),
        c(2, "does not exist", "generate|--schema|D/plays.avsc|--count|9|--out|O/g|--like|D/nope"),
        c(
            2,
            "is not a valid Wick profile",
            "generate|--schema|D/plays.avsc|--count|9|--out|O/g|--like|D/plays.avsc"),
        c(
            2,
            "--min-count applies to --like",
            "generate|--schema|D/plays.avsc|--count|9|--out|O/g|--min-count|-1"),
        c(2, "does not resolve", "generate|--schema|D/plays.avsc|--count|9|--out|O/g|--key|nope"),
        c(2, "must not be empty", "generate|--schema|D/plays.avsc|--count|9|--out|O/g|--key|"),
        c(0, "", "generate|--schema|D/plays.avsc|--count|0|--out|O/a:b c%d"),
        c(0, "", "generate|--schema|D/with space/plays.avsc|--count|3|--out|O/g|--format|json"),
        c(2, "contains the input", "generate|--schema|D/plays.avsc|--count|10|--out|D|--overwrite"),
        c(
            2,
            "is the input",
            "generate|--schema|D/plays.avsc|--count|10|--out|D/plays.avsc|--overwrite"),
        c(2, "--count", "generate|--schema|D/plays.avsc|--count|-1|--out|O/g"),
        c(
            2,
            "Invalid value for option '--count': 'abc' is not a long; run 'wick",
            "generate|--schema|D/plays.avsc|--count|abc|--out|O/g"),
        c(
            2,
            "Invalid value for option '--count': '99999999999999999999' is not a",
            "generate|--schema|D/plays.avsc|--count|99999999999999999999|--out|O/g"),
        c(
            2,
            "wick generate writes avro, parquet or json, not csv; pass --out-format",
            "generate|--schema|D/plays.avsc|--count|3|--out|O/g|--format|csv"),
        c(
            2,
            "does not exist; pass the path of an Avro .avsc file.",
            "generate|--schema|D/missing.avsc|--count|3|--out|O/g"),
        c(2, "is not a valid Avro schema", "generate|--schema|D/broken.avsc|--count|3|--out|O/g"),
        c(0, "", "generate|--schema|D/recursive.avsc|--count|3|--out|O/g"),
        c(
            2,
            "Spark cannot express recursive types, so parquet cannot hold it",
            "generate|--schema|D/recursive.avsc|--count|3|--out|O/g|--out-format|parquet"),
        c(
            2,
            "The schema file's path is empty; pass the path of an Avro .avsc file.",
            "generate|--schema||--count|3|--out|O/g"),
        c(2, "The output location is empty", "generate|--schema|D/plays.avsc|--count|3|--out|"),
        c(
            2,
            "is a table, but Wick writes",
            "generate|--schema|D/plays.avsc|--count|3|--out|table:foo"),
        c(
            2,
            "The null probability must be between 0 and 1, got 2.0; pass a value",
            "generate|--schema|D/plays.avsc|--count|3|--out|O/g|--null-probability|2"),
        c(
            2,
            "Invalid value for option '--seed': '1e3' is not a long; run 'wick",
            "generate|--schema|D/plays.avsc|--count|3|--out|O/g|--seed|1e3"),
        c(
            2,
            "Unknown format 'xls'; use one of avro, parquet, orc, json, csv, text.",
            "generate|--schema|D/plays.avsc|--count|3|--out|O/g|--out-format|xls"),
        c(
            2,
            "Unknown format ''; use one of avro, parquet, orc, json, csv, text.",
            "generate|--schema|D/plays.avsc|--count|3|--out|O/g|--out-format|"),
        c(0, "", "generate|--schema|D/plays.avsc|--count|3|--out|O/g|--out-format|parquet"),
        c(
            2,
            "is not a dataset folder",
            "generate|--schema|D/plays.avsc|--count|3|--out|D/notes|--overwrite"),
        c(
            2,
            "is a file, not a folder",
            "generate|--schema|D/plays.avsc|--count|3|--out|D/plain.txt/x"),
        // ------------------------------------------------------------------ profile --history
        c(0, "", "profile|--in|D/plays|--history|O/h|--at|2026-11-01"),
        c(0, "", "profile|--in|D/plays|--history|O/h 1:2|--label|country=DE|--out|O/p"),
        c(
            2,
            "already exists; pass --overwrite",
            "profile|--in|D/plays|--history|D/history|--at|2026-11-01"),
        c(2, "lies inside the input", "profile|--in|D/plays|--history|D/plays|--at|2026-11-01"),
        c(2, "--at 'someday' is not a time", "profile|--in|D/plays|--history|O/h|--at|someday"),
        c(2, "--label 'a/b' cannot name", "profile|--in|D/plays|--history|O/h|--label|a/b"),
        c(2, "--at says where a profile goes", "profile|--in|D/plays|--out|O/p|--at|2026-11-01"),
        c(2, "Say where the profile goes", "profile|--in|D/plays"),
        // ------------------------------------------------------------------ anomalies
        c(0, "", "anomalies|--history|D/history"),
        c(0, "", "anomalies|--history|D/history|--out|O/a b|--fields|user,ms"),
        c(2, "does not exist", "anomalies|--history|D/missing"),
        c(2, "is a file, not a folder", "anomalies|--history|D/plain.txt"),
        c(2, "holds no profile", "anomalies|--history|D/empty"),
        c(2, "holds no profile at or before", "anomalies|--history|D/history|--at|2020-01-01"),
        c(2, "holds no profile with label x", "anomalies|--history|D/history|--label|x"),
        c(
            2,
            "20261104T000000Z/profile.json is not a valid Wick profile",
            "anomalies|--history|D/history-corrupt"),
        c(2, "--at 'yesterday' is not a time", "anomalies|--history|D/history|--at|yesterday"),
        c(2, "correct --fields", "anomalies|--history|D/history|--fields|nope"),
        c(2, "too few to judge: at least 7", "anomalies|--history|D/history|--at|2026-11-03"),
        c(0, "", "anomalies|--history|D/history|--at|2026-11-03|--allow-empty"),
        c(2, "--window 3 is out of range", "anomalies|--history|D/history|--window|3"),
        c(2, "--threshold 0.0 is out of range", "anomalies|--history|D/history|--threshold|0"),
        c(
            2,
            "Invalid value for option '--threshold': 'abc' is not a decimal number",
            "anomalies|--history|D/history|--threshold|abc"),
        c(2, "Missing required option", "anomalies"),
        c(2, "is the input", "anomalies|--history|D/history|--out|D/history|--overwrite"),
        c(2, "--overwrite needs --out", "anomalies|--history|D/history|--overwrite"),
        c(
            1,
            "changed since the previous profile (accept them with --allow-schema-change), as"
                + " listed above.",
            "anomalies|--history|D/history-schema"),
        c(0, "", "anomalies|--history|D/history-schema|--allow-schema-change"),
        // ------------------------------------------------------------------ history
        c(0, "", "history|list|--history|D/history"),
        c(2, "does not exist", "history|list|--history|D/missing"),
        c(2, "not of the form", "history|prune|--history|D/history|--keep|90x"),
        c(2, "--at 'soon' is not a time", "history|prune|--history|D/history|--keep|90d|--at|soon"),
        c(2, "Missing required option", "history|prune|--history|D/history"),
        c(0, "", "history|merge|--history|D/history|--from|2026-11-01|--to|2026-11-05|--out|O/m"),
        c(
            2,
            "has no entry from",
            "history|merge|--history|D/history|--from|2020-01-01|--to|2020-02-01|--out|O/m"),
        c(
            2,
            "is empty; give a start before its end",
            "history|merge|--history|D/history|--from|2026-11-05|--to|2026-11-01|--out|O/m"),
        c(2, "Name a history action", "history"),
        // ------------------------------------------------------------------ sandbox
        c(0, "", "sandbox|list|--root|O/sb"),
        c(0, "", "sandbox|clean|--older-than|7d|--root|O/sb"),
        c(0, "", "sandbox|clean|--older-than|0s|--root|D/plain.txt"),
        // ------------------------------------------------------ tables and reader options
        c(2, "is not a version (@v12)", "profile|--in|delta:D/plays@yesterday|--out|O/p"),
        c(2, "does not exist", "profile|--in|delta:D/nowhere|--out|O/p"),
        c(2, "is not a Delta table", "profile|--in|delta:D/plays|--out|O/p"),
        c(2, "The table after 'delta:' is empty", "profile|--in|delta:|--out|O/p"),
        c(2, "is not a snapshot id", "profile|--in|iceberg:D/plays@v3|--out|O/p"),
        c(2, "is not an Iceberg table", "profile|--in|iceberg:D/plays|--out|O/p"),
        c(2, "is a table, but Wick writes", "profile|--in|D/plays|--out|delta:O/t"),
        c(2, "is not a SQL predicate", "profile|--in|D/plays|--where|id = |--out|O/p"),
        c(
            2,
            "is not a SQL predicate",
            "check|--in|D/plays|--where|nope > 1|--checks|D/checks.yaml|--out|O/c"),
        c(2, "The row filter is empty", "profile|--in|D/plays|--where||--out|O/p"),
        c(
            2,
            "A SQL expression failed on the data (The value 'u0' of the type \"STRING\" cannot"
                + " be cast to \"INT\" because it is malformed); fix --where or the SQL that"
                + " failed, for example with try_cast",
            "profile|--in|D/plays|--where|cast(user as int) > 0|--out|O/p"),
        c(
            2,
            "A SQL expression failed on the data (Division by zero)",
            "sample|--in|D/plays|--where|1 div (id - id) > 0|--out|O/s|--fraction|0.5"),
        c(2, "is not a schema", "profile|--in|D/plays|--in-option|schema=a NOPE|--out|O/p"),
        c(2, "has an empty name", "profile|--in|D/plays|--in-option|=x|--out|O/p"),
        c(
            2,
            "Value for option option '--conf' (KEY=VALUE) should be in KEY=VALUE",
            "profile|--in|D/plays|--conf|nokeyvalue|--out|O/p"),
        c(
            2,
            "has no column 'nope'",
            "generate|--schema|D/plays.avsc|--count|3|--values-from|user:nope=D/plays|--out|O/g"),
        c(
            2,
            "does not exist",
            "generate|--schema|D/plays.avsc|--count|3|--values-from|user=D/nowhere|--out|O/g"),
        c(
            2,
            "names no field",
            "generate|--schema|D/plays.avsc|--count|3|--values-from|=D/plays|--out|O/g"),
        c(
            2,
            "lies inside the input",
            "generate|--schema|D/plays.avsc|--count|3|--values-from|user=D/plays|--out|D/plays/g"),
        // ------------------------------------------------------------------ sandbox
        c(2, "longer than any run", "sandbox|clean|--older-than|999999999999d|--root|O/sb"),
        c(2, "not of the form", "sandbox|clean|--older-than|99999999999999999999d|--root|O/sb"),
        c(2, "not of the form", "sandbox|clean|--older-than|7x|--root|O/sb"),
        c(2, "not of the form", "sandbox|clean|--older-than|-1d|--root|O/sb"),
        c(2, "not of the form", "sandbox|clean|--older-than||--root|O/sb"),
        c(2, "Missing required option", "sandbox|clean|--root|O/sb"),
        c(2, "Name a sandbox action", "sandbox"),
        c(2, "A location is empty", "sandbox|list|--root|"));
  }

  @TestFactory
  Stream<DynamicTest> everyHostileInputEndsWithItsExitCodeAndOneLine() {
    return cases().map(k -> DynamicTest.dynamicTest(k.toString(), () -> check(k)));
  }

  private static void check(Case k) throws IOException {
    Path o = outs.resolve("case" + CASES.incrementAndGet());
    String[] args =
        k.args().stream()
            .map(a -> a.replace("D/", d + "/").replace("O/", o + "/"))
            .map(a -> a.equals("D") ? d.toString() : a)
            .toArray(String[]::new);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream errStream = new PrintStream(err, true, StandardCharsets.UTF_8);
    PrintStream systemErr = System.err;
    int code;
    System.setErr(errStream); // Spark's own logging goes to System.err
    try {
      code = Wick.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), errStream);
    } finally {
      System.setErr(systemErr);
    }
    String stderr = err.toString(StandardCharsets.UTF_8);
    List<String> lines = stderr.lines().toList();
    synchronized (RESULTS) {
      RESULTS.add(code + " " + k);
    }

    assertThat(code).as("exit code of %s\nstderr: %s", k, stderr).isEqualTo(k.exit());
    assertThat(stderr).as("stack frames of %s", k).doesNotContain("\tat ");
    if (k.exit() == 0) {
      assertThat(lines).as("stderr of %s", k).isEmpty();
      String stdout = out.toString(StandardCharsets.UTF_8);
      assertThat(stdout).as("stdout of %s", k).isNotBlank().contains(k.expected());
      int at = Arrays.asList(args).indexOf("--out");
      if (at >= 0) {
        Path written = Path.of(args[at + 1]);
        assertThat(written.resolve(Output.SUCCESS)).as("the whole output of %s", k).isRegularFile();
        try (Stream<Path> beside = Files.list(written.getParent())) {
          assertThat(beside.map(b -> b.getFileName().toString()))
              .as("staging folders and locks left beside the output of %s", k)
              .noneMatch(n -> n.startsWith(".wick-"));
        }
      }
    } else if (k.exit() == 2) {
      assertThat(lines).as("stderr of %s: %s", k, stderr).hasSize(1);
      assertThat(lines.get(0)).as("stderr of %s", k).contains(k.expected()).startsWith("error: ");
    } else {
      // A failed gate prints one sentence per violation, each naming the check.
      assertThat(lines).as("stderr of %s", k).isNotEmpty();
      assertThat(lines).allSatisfy(l -> assertThat(l).matches("[a-z]+ check failed: .+\\."));
      assertThat(stderr).as("stderr of %s", k).contains(k.expected());
    }
    Map<String, String> after = snapshot(d);
    Set<String> changed = new TreeSet<>(fixtures.keySet());
    changed.addAll(after.keySet());
    changed.removeIf(f -> Objects.equals(fixtures.get(f), after.get(f)));
    assertThat(changed).as("inputs added, removed or changed by %s", k).isEmpty();
  }

  @Test
  void theTableCoversEveryCommandWithEightyCasesOrMore() {
    List<Case> all = cases().toList();
    assertThat(all).hasSizeGreaterThanOrEqualTo(80);
    assertThat(all.stream().map(k -> k.args().get(0)).distinct())
        .contains(
            "schema",
            "show",
            "diff",
            "sample",
            "validate",
            "check",
            "profile",
            "drift",
            "suggest",
            "generate",
            "sandbox",
            "anomalies",
            "history");
    assertThat(all).noneMatch(k -> k.exit() == 3);
  }

  @Test
  void aFullDiskEndsInExitTwoWithItsCauseAndLeavesNothing() throws Exception {
    Path small = Files.createDirectories(tmp.resolve("small-disk"));
    Process mount =
        new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", small.toString())
            .redirectErrorStream(true)
            .start();
    assumeTrue(mount.waitFor() == 0, "this user can mount a small tmpfs (root)");
    try {
      CliRun run =
          CliRun.wick(
              "generate",
              "--schema",
              d + "/plays.avsc",
              "--count",
              "300000",
              "--out",
              small + "/generated");

      assertThat(run.err()).isEqualTo("error: " + EnvironmentFailure.DISK_FULL + "\n");
      assertThat(run.exitCode()).isEqualTo(2);
      try (Stream<Path> left = Files.list(small)) {
        assertThat(left).as("what the failed write left").isEmpty();
      }
    } finally {
      // A stream that failed on the full disk may hold its file until it is collected, which
      // keeps the mount busy: detach it lazily then.
      if (new ProcessBuilder("umount", small.toString()).start().waitFor() != 0) {
        new ProcessBuilder("umount", "-l", small.toString()).start().waitFor();
      }
    }
  }

  @AfterAll
  static void summary() {
    long threes = RESULTS.stream().filter(r -> r.startsWith("3 ")).count();
    System.out.println(
        "hostile inputs: " + RESULTS.size() + " cases run, exit 3: " + threes + " times");
  }

  /**
   * Every file below {@code root} with the SHA-256 digest of its contents (a folder with "dir"):
   * what a case must leave exactly as it was.
   */
  private static Map<String, String> snapshot(Path root) {
    Map<String, String> out = new TreeMap<>();
    try (Stream<Path> files = Files.walk(root)) {
      for (Path p : files.toList()) {
        out.put(root.relativize(p).toString(), Files.isRegularFile(p) ? sha256(p) : "dir");
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  private static String sha256(Path file) throws IOException {
    try {
      return java.util.HexFormat.of()
          .formatHex(
              java.security.MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
