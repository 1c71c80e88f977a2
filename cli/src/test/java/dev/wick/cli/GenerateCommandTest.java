package dev.wick.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.core.schema.Schemas;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wick generate} run as a user runs it: the real main, real files, exit codes, output. */
class GenerateCommandTest {
  @TempDir Path tmp;

  static SparkSession spark;

  @BeforeAll
  static void session() {
    spark = dev.wick.core.spark.WickSpark.local(2);
  }

  record Result(int exit, String out, String err) {}

  static Result wick(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit =
        Wick.run(
            args,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Result(
        exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  static String schema(String name) {
    try {
      return Path.of(GenerateCommandTest.class.getResource("/generate/" + name).toURI()).toString();
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The records of each Avro part file, in file order. */
  static List<List<GenericRecord>> avroParts(Path dir) throws IOException {
    List<List<GenericRecord>> parts = new ArrayList<>();
    for (Path part : partFiles(dir, ".avro")) {
      List<GenericRecord> records = new ArrayList<>();
      try (DataFileReader<GenericRecord> reader =
          new DataFileReader<>(part.toFile(), new GenericDatumReader<>())) {
        reader.forEach(records::add);
      }
      parts.add(records);
    }
    return parts;
  }

  static List<Path> partFiles(Path dir, String extension) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files
          .filter(p -> p.getFileName().toString().startsWith("part-"))
          .filter(p -> p.getFileName().toString().endsWith(extension))
          .sorted()
          .toList();
    }
  }

  @Test
  void writesTheCountOfRecordsWithTheUsersAvroSchema() throws IOException {
    Path out = tmp.resolve("plays");
    Result r =
        wick(
            "generate",
            "--schema",
            schema("play.avsc"),
            "--count",
            "2500",
            "--out",
            out.toString(),
            "--rows-per-file",
            "1000");

    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out())
        .contains("Wrote 2,500 music.events.Play records to")
        .contains("as avro in 3 files (seed 42, the default; pass --seed to choose another)");
    assertThat(out.resolve("_SUCCESS")).exists();
    List<List<GenericRecord>> parts = avroParts(out);
    assertThat(parts).extracting(List::size).containsExactly(1000, 1000, 500);
    org.apache.avro.Schema expected =
        new org.apache.avro.Schema.Parser().parse(new File(schema("play.avsc")));
    for (List<GenericRecord> part : parts) {
      GenericRecord first = part.get(0);
      // Enums, fixed sizes, decimals and logical types come out as the schema wrote them.
      assertThat(Schemas.fromAvro(first.getSchema())).isEqualTo(Schemas.fromAvro(expected));
      for (GenericRecord record : part) {
        assertThat(org.apache.avro.generic.GenericData.get().validate(expected, record)).isTrue();
      }
    }
    // Spark reads it back whole.
    assertThat(spark.read().format("avro").load(out.toString()).count()).isEqualTo(2500);
  }

  @Test
  void theSameSeedGivesIdenticalFilesAndAnotherSeedOthers() throws IOException {
    List<List<List<GenericRecord>>> runs = new ArrayList<>();
    for (String seed : List.of("7", "7", "8")) {
      Path out = tmp.resolve("seed-" + runs.size());
      Result r =
          wick(
              "generate",
              "--schema",
              schema("play.avsc"),
              "--count",
              "600",
              "--out",
              out.toString(),
              "--seed",
              seed,
              "--rows-per-file",
              "250");
      assertThat(r.exit()).as(r.err()).isZero();
      assertThat(r.out()).contains("(seed " + seed + ")");
      runs.add(avroParts(out));
    }
    assertThat(runs.get(0)).hasSize(3);
    assertThat(runs.get(1)).isEqualTo(runs.get(0));
    assertThat(runs.get(2).get(0)).isNotEqualTo(runs.get(0).get(0));
  }

  @Test
  void writesParquetAndJsonWithTheNullProbabilityAsked() throws IOException {
    Path parquet = tmp.resolve("parquet");
    Result p =
        wick(
            "generate",
            "--schema",
            schema("play.avsc"),
            "--count",
            "400",
            "--out",
            parquet.toString(),
            "--format",
            "parquet",
            "--null-probability",
            "0");
    assertThat(p.exit()).as(p.err()).isZero();
    var plays = spark.read().parquet(parquet.toString());
    assertThat(plays.count()).isEqualTo(400);
    assertThat(plays.where("country is null or device is null").count()).isZero();
    assertThat(partFiles(parquet, ".parquet")).hasSize(1);

    Path json = tmp.resolve("json");
    Result j =
        wick(
            "generate",
            "--schema",
            schema("play.avsc"),
            "--count",
            "300",
            "--out",
            json.toString(),
            "--format",
            "json",
            "--null-probability",
            "1");
    assertThat(j.exit()).as(j.err()).isZero();
    // JSON carries no schema: read it with the Parquet output's, as inference would turn the map
    // field into a struct whose generated keys ("a", "A") clash in Spark's case-insensitive names.
    List<Row> rows =
        spark
            .read()
            .schema(plays.schema())
            .json(json.toString())
            .select("country", "device")
            .collectAsList();
    assertThat(rows).hasSize(300).allSatisfy(row -> assertThat(row.isNullAt(0)).isTrue());
  }

  @Test
  void identifiersAreUniqueSoGeneratedDataDiffsAgainstItselfByItsId() throws IOException {
    Path out = tmp.resolve("many-plays");
    Result r =
        wick(
            "generate",
            "--schema",
            schema("play.avsc"),
            "--count",
            "200000",
            "--out",
            out.toString(),
            "--key",
            "track_id,user_id");
    assertThat(r.exit()).as(r.err()).isZero();
    var plays = spark.read().format("avro").load(out.toString());
    Row distinct =
        plays
            .selectExpr(
                "count(*)",
                "count(distinct play_id)",
                "count(distinct track_id)",
                "count(distinct user_id)",
                "count(distinct duration_ms)")
            .first();
    assertThat(distinct.getLong(0)).isEqualTo(200_000);
    assertThat(distinct.getLong(1)).as("uuid play_id").isEqualTo(200_000);
    assertThat(distinct.getLong(2)).as("--key track_id").isEqualTo(200_000);
    assertThat(distinct.getLong(3)).as("--key user_id").isEqualTo(200_000);
    // Edge cases elsewhere come up at a realistic rate: no value takes 1% of the records.
    for (String field : List.of("duration_ms", "score", "country", "played_at")) {
      long top =
          plays
              .where(field + " is not null")
              .groupBy(field)
              .count()
              .orderBy(org.apache.spark.sql.functions.desc("count"))
              .first()
              .getLong(1);
      assertThat(top).as(field).isLessThan(2_000);
    }

    // The same seed again, diffed against the first by its id: every key matches.
    Path again = tmp.resolve("many-plays-again");
    String[] args = {
      "generate",
      "--schema",
      schema("play.avsc"),
      "--count",
      "200000",
      "--out",
      again.toString(),
      "--key",
      "track_id,user_id"
    };
    assertThat(wick(args).exit()).isZero();
    Path diff = tmp.resolve("self-diff");
    Result d =
        wick(
            "diff",
            "--lhs",
            out.toString(),
            "--rhs",
            again.toString(),
            "--key",
            "play_id",
            "--out",
            diff.toString(),
            "--fail-on-diff");
    assertThat(d.exit()).as(d.err() + d.out()).isZero();
    String summary = Files.readString(diff.resolve("summary.json"));
    assertThat(summary)
        .containsPattern("\"total\"\\s*:\\s*200000\\b")
        .containsPattern("\"same\"\\s*:\\s*200000\\b");
  }

  @Test
  void writesEveryAvroSchemaUnionsRecursionLogicalTypesFixedAndEnums() throws IOException {
    Path out = tmp.resolve("events");
    Result r =
        wick(
            "generate",
            "--schema",
            schema("event_any.avsc"),
            "--count",
            "3000",
            "--out",
            out.toString(),
            "--rows-per-file",
            "1000");
    assertThat(r.exit()).as(r.err()).isZero();
    assertThat(r.out()).contains("Wrote 3,000 ops.events.Event records").contains("in 3 files");
    org.apache.avro.Schema expected =
        new org.apache.avro.Schema.Parser().parse(new File(schema("event_any.avsc")));
    List<List<GenericRecord>> parts = avroParts(out);
    assertThat(parts).extracting(List::size).containsExactly(1000, 1000, 1000);
    java.util.Set<Class<?>> payloads = new java.util.HashSet<>();
    java.util.Set<Class<?>> values = new java.util.HashSet<>();
    int deepest = 0;
    for (List<GenericRecord> part : parts) {
      for (GenericRecord record : part) {
        assertThat(record.getSchema()).isEqualTo(expected);
        assertThat(org.apache.avro.generic.GenericData.get().validate(expected, record))
            .as("%s", record)
            .isTrue();
        Object payload = record.get("payload");
        payloads.add(payload == null ? Void.class : payload.getClass());
        values.add(record.get("value").getClass());
        int depth = 0;
        for (Object q = record.get("queue"); q != null; q = ((GenericRecord) q).get("next")) {
          depth++;
        }
        deepest = Math.max(deepest, depth);
      }
    }
    // Every branch of the unions comes up; the recursion nests, and ends at its depth.
    assertThat(payloads).hasSize(3);
    assertThat(values).hasSize(4);
    assertThat(deepest).isBetween(2, 3);
    // Spark reads it back whole, logical types included (recursion cut at a depth Spark asks).
    var events =
        spark.read().format("avro").option("recursiveFieldMaxDepth", "4").load(out.toString());
    assertThat(events.count()).isEqualTo(3000);
    assertThat(events.selectExpr("count(distinct id)").first().getLong(0)).isEqualTo(3000);
    assertThat(events.schema().apply("day").dataType())
        .isEqualTo(org.apache.spark.sql.types.DataTypes.DateType);
    assertThat(events.schema().apply("amount").dataType())
        .isEqualTo(org.apache.spark.sql.types.DataTypes.createDecimalType(12, 3));

    // Parquet cannot hold a union of several types as one column: it says which field and why.
    Result parquet =
        wick(
            "generate",
            "--schema",
            schema("event_any.avsc"),
            "--count",
            "10",
            "--out",
            tmp.resolve("events-parquet").toString(),
            "--out-format",
            "parquet");
    assertThat(parquet.exit()).isEqualTo(2);
    assertThat(parquet.err())
        .isEqualTo(
            "error: Field 'payload' is a union<string, long>, which Spark cannot express as one"
                + " column, so parquet cannot hold it; write avro, which holds every Avro schema."
                + System.lineSeparator());
    assertThat(tmp.resolve("events-parquet")).doesNotExist();
  }

  @Test
  void theSameSeedAndCountGiveByteIdenticalFilesUnderTheSameNames() throws Exception {
    for (String format : List.of("avro", "parquet", "json")) {
      List<Map<String, String>> runs = new ArrayList<>();
      for (int run = 0; run < 2; run++) {
        Path out = tmp.resolve(format + "-" + runs.size());
        Result r =
            wick(
                "generate",
                "--schema",
                schema("play.avsc"),
                "--count",
                "2500",
                "--out",
                out.toString(),
                "--rows-per-file",
                "1000",
                "--out-format",
                format,
                "--seed",
                "11");
        assertThat(r.exit()).as(r.err()).isZero();
        runs.add(checksums(out));
      }
      assertThat(runs.get(0).keySet())
          .as(format)
          .hasSize(3)
          .allSatisfy(name -> assertThat(name).matches("part-0000[0-2]\\..*" + format));
      assertThat(runs.get(1)).as(format).isEqualTo(runs.get(0));
    }
  }

  /** The sha256 of each part file, by name. */
  static Map<String, String> checksums(Path dir) throws Exception {
    Map<String, String> sums = new java.util.TreeMap<>();
    for (Path part : partFiles(dir, "")) {
      byte[] digest =
          java.security.MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(part));
      sums.put(part.getFileName().toString(), java.util.HexFormat.of().formatHex(digest));
    }
    return sums;
  }

  @Test
  void refusesAnExistingOutputUnlessOverwriting() throws IOException {
    Path out = Files.createDirectories(tmp.resolve("existing"));
    Files.writeString(out.resolve("keep.txt"), "mine");
    String[] args = {
      "generate", "--schema", schema("play.avsc"), "--count", "10", "--out", out.toString()
    };

    Result refused = wick(args);
    assertThat(refused.exit()).isEqualTo(2);
    assertThat(refused.err()).contains("already exists; pass --overwrite to replace it");
    assertThat(out.resolve("keep.txt")).hasContent("mine");

    String[] overwrite =
        Stream.concat(Stream.of(args), Stream.of("--overwrite")).toArray(String[]::new);
    Result notADataset = wick(overwrite);
    assertThat(notADataset.exit()).isEqualTo(2);
    assertThat(notADataset.err())
        .contains(" is not a dataset folder (it holds keep.txt, and no _SUCCESS marker); ");
    assertThat(out.resolve("keep.txt")).hasContent("mine");
    Files.createFile(out.resolve("_SUCCESS")); // what an earlier run would have left
    assertThat(wick(overwrite).exit()).isZero();
    assertThat(out.resolve("keep.txt")).doesNotExist();
    assertThat(avroParts(out).get(0)).hasSize(10);
  }

  @Test
  void badInputGetsOneClearSentenceAndExitTwo() {
    String out = tmp.resolve("never").toString();
    String play = schema("play.avsc");

    Result negative = wick("generate", "--schema", play, "--count", "-5", "--out", out);
    assertThat(negative.exit()).isEqualTo(2);
    assertThat(negative.err())
        .isEqualTo(
            "error: --count must be 0 or more, got -5; pass how many records to write."
                + System.lineSeparator());

    Result missing =
        wick(
            "generate",
            "--schema",
            tmp.resolve("nope.avsc").toString(),
            "--count",
            "5",
            "--out",
            out);
    assertThat(missing.exit()).isEqualTo(2);
    assertThat(missing.err())
        .contains("nope.avsc does not exist; pass the path of an Avro .avsc file.");

    Result broken =
        wick("generate", "--schema", schema("broken.avsc"), "--count", "5", "--out", out);
    assertThat(broken.exit()).isEqualTo(2);
    assertThat(broken.err()).contains("is not a valid Avro schema").contains("strin");

    Result format =
        wick("generate", "--schema", play, "--count", "5", "--out", out, "--format", "csv");
    assertThat(format.exit()).isEqualTo(2);
    assertThat(format.err())
        .contains("wick generate writes avro, parquet or json, not csv; pass --out-format avro,");

    Result probability =
        wick(
            "generate",
            "--schema",
            play,
            "--count",
            "5",
            "--out",
            out,
            "--null-probability",
            "1.5");
    assertThat(probability.exit()).isEqualTo(2);
    assertThat(probability.err()).contains("The null probability must be between 0 and 1, got 1.5");

    Result union =
        wick(
            "generate",
            "--schema",
            schema("event_union.avsc"),
            "--count",
            "5",
            "--out",
            out,
            "--out-format",
            "json");
    assertThat(union.exit()).isEqualTo(2);
    assertThat(union.err()).contains("Field 'payload' is a union<string, long>");

    Result semantic =
        wick("generate", "--schema", schema("unknown_semantic.avsc"), "--count", "5", "--out", out);
    assertThat(semantic.exit()).isEqualTo(2);
    assertThat(semantic.err())
        .contains("Field 'iban' names the unknown semantic type 'iban_code_nobody_registered'");

    Result notANumber = wick("generate", "--schema", play, "--count", "many", "--out", out);
    assertThat(notANumber.exit()).isEqualTo(2);
    assertThat(notANumber.err()).contains("'many' is not a long");

    // None of the failed runs left anything behind.
    assertThat(tmp.resolve("never")).doesNotExist();
  }
}
