package dev.wick.core.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.ExitCode;
import dev.wick.core.WickException;
import dev.wick.core.schema.Schemas;
import dev.wick.core.spark.WickSpark;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.generic.GenericRecordBuilder;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** {@link DatasetReader} and {@link Format}: what is read from where, and the errors. */
class DatasetReaderTest {
  private static final int ROWS = 30;
  private static SparkSession spark;

  @TempDir static Path data;
  @TempDir Path dir;

  @BeforeAll
  static void writeEveryFormat() {
    spark = WickSpark.local(2);
    Dataset<Row> plays =
        spark
            .range(0, ROWS, 1, 2)
            .selectExpr("id", "concat('t', id % 3) as track", "cast(id * 1.5 as double) as score");
    for (Format format : Format.values()) {
      String where = folder(format).toString();
      switch (format) {
        case TEXT -> plays.selectExpr("concat(id, '\\t', track)").write().text(where);
        case CSV -> plays.write().option("header", "true").csv(where);
        default -> plays.write().format(format.sparkName()).save(where);
      }
    }
  }

  private static Path folder(Format format) {
    return data.resolve(format.sparkName());
  }

  private static List<Path> dataFilesIn(Path folder) throws IOException {
    try (Stream<Path> s = Files.list(folder)) {
      return s.filter(p -> p.getFileName().toString().startsWith("part-")).sorted().toList();
    }
  }

  private static void assertUsageError(Runnable call, String message) {
    assertThatThrownBy(call::run)
        .isInstanceOf(WickException.class)
        .hasMessage(message)
        .satisfies(e -> assertThat(((WickException) e).exitCode()).isEqualTo(ExitCode.USAGE));
  }

  @ParameterizedTest
  @EnumSource(Format.class)
  void formatComesFromTheExtensionsOfAFolderAFileOrAGlob(Format format) throws IOException {
    Path folder = folder(format);
    List<Path> files = dataFilesIn(folder);
    assertThat(files).hasSize(2);
    String name = files.get(0).getFileName().toString();
    String glob = folder + "/*" + name.substring(name.lastIndexOf('.'));

    assertThat(DatasetReader.detect(spark, folder.toString())).isEqualTo(format);
    assertThat(DatasetReader.detect(spark, files.get(0).toString())).isEqualTo(format);
    assertThat(DatasetReader.detect(spark, glob)).isEqualTo(format);
    assertThat(DatasetReader.read(spark, folder.toString()).count()).isEqualTo(ROWS);
    assertThat(DatasetReader.read(spark, glob).count()).isEqualTo(ROWS);
    assertThat(
            DatasetReader.read(spark, files.get(0).toString()).count()
                + DatasetReader.read(spark, files.get(1).toString()).count())
        .isEqualTo(ROWS);
    assertThat(DatasetReader.read(spark, folder.toString(), Optional.of(format)).columns())
        .isEqualTo(DatasetReader.read(spark, folder.toString()).columns());
  }

  @Test
  void readsTheColumnsEachFormatHolds() {
    assertThat(DatasetReader.read(spark, folder(Format.PARQUET).toString()).columns())
        .containsExactly("id", "track", "score");
    assertThat(DatasetReader.read(spark, folder(Format.CSV).toString()).schema().simpleString())
        .isEqualTo("struct<id:int,track:string,score:double>");
    assertThat(DatasetReader.read(spark, folder(Format.JSON).toString()).columns())
        .containsExactly("id", "score", "track");
    assertThat(DatasetReader.read(spark, folder(Format.TEXT).toString()).columns())
        .containsExactly("value");
    assertThat(
            DatasetReader.read(spark, folder(Format.TEXT).toString())
                .filter("value = '4\tt1'")
                .count())
        .isEqualTo(1);
  }

  @Test
  void explicitFormatWinsOverAMisleadingExtension() throws IOException {
    Path file = dir.resolve("plays.bin");
    Files.copy(dataFilesIn(folder(Format.PARQUET)).get(0), file);

    assertThat(DatasetReader.read(spark, file.toString(), Optional.of(Format.PARQUET)).count())
        .isPositive();
    assertUsageError(
        () -> DatasetReader.read(spark, file.toString()),
        "Cannot tell the format of "
            + file
            + " from its file names (plays.bin); name the format (avro, parquet, orc, json, csv,"
            + " text).");
  }

  @Test
  void tablesAndViewsAreReadByName() {
    spark.range(0, 7).write().saveAsTable("reader_test_plays");
    spark.range(0, 3).createOrReplaceTempView("reader_test_view");

    assertThat(DatasetReader.read(spark, "table:reader_test_plays").count()).isEqualTo(7);
    assertThat(
            DatasetReader.read(spark, "table:reader_test_view", Optional.of(Format.PARQUET))
                .count())
        .isEqualTo(3);
    assertUsageError(
        () -> DatasetReader.read(spark, "table:no_such_table"),
        "Table 'no_such_table' does not exist in the catalog; check its name (db.table) or create"
            + " it.");
  }

  @Test
  void missingPathsAreNamed() {
    String missing = dir.resolve("nothing-here").toString();
    String message =
        "Input " + missing + " does not exist; check the path (a file, a folder or a glob).";

    assertUsageError(() -> DatasetReader.read(spark, missing), message);
    assertUsageError(() -> DatasetReader.read(spark, missing, Optional.of(Format.AVRO)), message);
    String glob = dir + "/*.parquet";
    assertUsageError(
        () -> DatasetReader.read(spark, glob),
        "Input " + glob + " does not exist; check the path (a file, a folder or a glob).");
  }

  @Test
  void emptyFoldersAreNamed() throws IOException {
    Path empty = Files.createDirectories(dir.resolve("empty"));
    Path markersOnly = Files.createDirectories(dir.resolve("markers"));
    Files.writeString(markersOnly.resolve("_SUCCESS"), "");
    Files.writeString(markersOnly.resolve(".part-0.parquet.crc"), "");
    Files.createDirectories(markersOnly.resolve("_temporary"));

    assertUsageError(
        () -> DatasetReader.read(spark, empty.toString()),
        "Input " + empty + " holds no data files; point at a folder that contains some.");
    assertUsageError(
        () -> DatasetReader.read(spark, markersOnly.toString(), Optional.of(Format.PARQUET)),
        "Input " + markersOnly + " holds no data files; point at a folder that contains some.");
  }

  @Test
  void mixedAndUnknownFoldersAreNamed() throws IOException {
    Path mixed = Files.createDirectories(dir.resolve("mixed"));
    Files.copy(dataFilesIn(folder(Format.PARQUET)).get(0), mixed.resolve("a.parquet"));
    Files.copy(dataFilesIn(folder(Format.JSON)).get(0), mixed.resolve("b.json"));
    Path unknown = Files.createDirectories(dir.resolve("unknown"));
    Files.writeString(unknown.resolve("x.dat"), "1,2");
    Files.writeString(unknown.resolve("y.bin"), "1,2");
    Path stray = Files.createDirectories(dir.resolve("stray"));
    Files.copy(dataFilesIn(folder(Format.ORC)).get(0), stray.resolve("a.orc"));
    Files.writeString(stray.resolve("README.md"), "notes");

    assertUsageError(
        () -> DatasetReader.read(spark, mixed.toString()),
        "Input "
            + mixed
            + " mixes formats (parquet, json); point at a folder of one format, or name the format.");
    assertUsageError(
        () -> DatasetReader.read(spark, unknown.toString()),
        "Cannot tell the format of "
            + unknown
            + " from its file names (x.dat, y.bin); name the format (avro, parquet, orc, json, csv,"
            + " text).");
    assertUsageError(
        () -> DatasetReader.read(spark, stray.toString()),
        "Input "
            + stray
            + " holds files of no known format (README.md) beside orc files; remove them or name the format.");
    // An explicit format reads what the extensions cannot tell.
    assertThat(DatasetReader.read(spark, unknown.toString(), Optional.of(Format.CSV)).count())
        .isZero();
  }

  @ParameterizedTest
  @EnumSource(
      value = Format.class,
      names = {"AVRO", "PARQUET", "ORC"})
  void corruptFilesGetOneSentence(Format format) throws IOException {
    byte[] junk = new byte[4096];
    new Random(7).nextBytes(junk);
    Path file = Files.write(dir.resolve("x." + format.sparkName()), junk);
    Path folder = Files.createDirectories(dir.resolve("folder"));
    Files.write(folder.resolve("part-0." + format.sparkName()), junk);
    String rest =
        " is not a readable "
            + format.sparkName()
            + " file (corrupt, or another format under that extension); check the file, or name"
            + " the format if the extension misleads.";

    assertUsageError(
        () -> DatasetReader.read(spark, file.toString()),
        "Cannot read " + file + " as " + format.sparkName() + ": it" + rest);
    assertUsageError(
        () -> DatasetReader.read(spark, folder.toString(), Optional.of(format)),
        "Cannot read "
            + folder
            + " as "
            + format.sparkName()
            + ": "
            + folder.resolve("part-0." + format.sparkName())
            + rest);
  }

  @Test
  void aCorruptFileAmongGoodOnesIsExplainedWhenTheScanMeetsIt() throws IOException {
    Path folder = Files.createDirectories(dir.resolve("mixed"));
    spark.range(200).write().parquet(dir.resolve("good").toString());
    Path good;
    try (var files = Files.list(dir.resolve("good"))) {
      good = files.filter(f -> f.toString().endsWith(".parquet")).findFirst().orElseThrow();
    }
    byte[] bytes = Files.readAllBytes(good);
    Files.write(folder.resolve("part-0-good.parquet"), bytes);
    Path truncated =
        Files.write(
            folder.resolve("part-9-truncated.parquet"),
            java.util.Arrays.copyOf(bytes, bytes.length / 2));
    // The schema comes from a good file; the truncated one fails only in the scan.
    var data = DatasetReader.read(spark, folder.toString());
    Throwable failure = org.assertj.core.api.Assertions.catchThrowable(data::count);
    assertThat(failure).hasStackTraceContaining("FAILED_READ_FILE");
    assertThat(DatasetReader.explainScanFailure(failure))
        .hasValueSatisfying(
            e -> {
              assertThat(e.exitCode()).isEqualTo(dev.wick.core.ExitCode.USAGE);
              assertThat(e.getMessage())
                  .isEqualTo(
                      "Cannot read "
                          + truncated
                          + ": it is corrupt or not of the format its name says; check or remove"
                          + " that file.");
            });
    // Anything else is left alone.
    assertThat(DatasetReader.explainScanFailure(new IllegalStateException("boom"))).isEmpty();
    assertThat(DatasetReader.explainScanFailure(WickException.usage("Explained.", failure)))
        .isEmpty();
  }

  @Test
  void avroSchemaIsTheWriterSchema() throws IOException {
    org.apache.avro.Schema schema =
        new org.apache.avro.Schema.Parser()
            .parse(
                """
                {"type": "record", "name": "Play", "namespace": "ex", "fields": [
                  {"name": "id", "type": {"type": "string", "logicalType": "uuid"}},
                  {"name": "kind", "type": {"type": "enum", "name": "Kind", "symbols": ["A", "B"]}},
                  {"name": "note", "type": ["null", "string"], "default": null,
                   "wick.semantic": "country_code"}]}
                """);
    Path file = dir.resolve("plays.avro");
    try (DataFileWriter<GenericRecord> writer =
        new DataFileWriter<>(new GenericDatumWriter<GenericRecord>(schema))) {
      writer.create(schema, file.toFile());
      for (String kind : List.of("A", "B")) {
        writer.append(
            new GenericRecordBuilder(schema)
                .set("id", "6ba7b810-9dad-11d1-80b4-00c04fd430c8")
                .set("kind", new GenericData.EnumSymbol(schema.getField("kind").schema(), kind))
                .build());
      }
    }

    assertThat(DatasetReader.schema(spark, file.toString(), Optional.empty()))
        .isEqualTo(Schemas.fromAvro(schema));
    assertThat(DatasetReader.avroSchema(spark, file.toString())).isEqualTo(schema);
    assertThat(DatasetReader.read(spark, file.toString()).filter("kind = 'B'").count()).isOne();
    assertThat(
            DatasetReader.schema(spark, folder(Format.PARQUET).toString(), Optional.empty())
                .toNotation())
        .isEqualTo(
            """
            record Parquet {
              id: long?
              track: string?
              score: double?
            }
            """);
  }

  /**
   * Parquet written by Spark is read with the schema in its first file's footer, with no Spark job
   * to infer it, and that schema is the one Spark's inference gives: types, nesting and
   * nullability. Partitioned folders, globs and merged schemas are left to Spark's inference.
   */
  @Test
  void parquetSchemasComeFromTheFooterAsSparkInfersThem() throws Exception {
    Path plain = dir.resolve("shapes");
    spark
        .range(0, 40, 1, 3)
        .selectExpr(
            "id",
            "named_struct('a', id, 'b', array(cast(id AS string), NULL)) AS nested",
            "map('k', cast(id AS decimal(20, 4))) AS m",
            "timestamp_ntz'2024-01-01 00:00:00' + make_interval(0, 0, 0, 0, 0, 0, id) AS local",
            "if(id % 2 = 0, NULL, binary(cast(id AS string))) AS bytes",
            "id % 4 AS part")
        .write()
        .parquet(plain.toString());
    Path partitioned = dir.resolve("partitioned");
    spark
        .read()
        .parquet(plain.toString())
        .write()
        .partitionBy("part")
        .parquet(partitioned.toString());
    Path merged = dir.resolve("merged");
    spark.range(0, 5).selectExpr("id").write().parquet(merged.resolve("a").toString());
    spark
        .range(0, 5)
        .selectExpr("id", "id * 2 AS twice")
        .write()
        .parquet(merged.resolve("b").toString());
    Files.move(
        dataFilesIn(merged.resolve("b")).get(0),
        merged.resolve("a").resolve("part-99999-b.snappy.parquet"));
    String oneFile = dataFilesIn(plain).get(0).toString();
    List<String> locations =
        List.of(
            plain.toString(),
            oneFile,
            partitioned.toString(),
            partitioned.resolve("part=1").toString(),
            plain + "/part-*");
    for (String location : locations) {
      Dataset<Row> ours = DatasetReader.read(spark, location);
      Dataset<Row> spark = DatasetReaderTest.spark.read().parquet(location);
      assertThat(ours.schema()).as(location).isEqualTo(spark.schema());
      assertThat(ours.orderBy("id").collectAsList())
          .as(location)
          .hasSizeGreaterThan(5)
          .isEqualTo(spark.orderBy("id").collectAsList());
    }
    assertThat(SparkJobs.during(spark, () -> DatasetReader.read(spark, plain.toString()).schema()))
        .isZero();
    assertThat(SparkJobs.during(spark, () -> DatasetReader.read(spark, oneFile).schema())).isZero();
    assertThat(SparkJobs.during(spark, () -> spark.read().parquet(plain.toString()).schema()))
        .isOne();
    // A partitioned folder: Spark discovers the partition column, as it would without Wick.
    assertThat(DatasetReader.read(spark, partitioned.toString()).columns()).contains("part");
    // Merging schemas, when the session asks for it, is Spark's.
    spark.conf().set("spark.sql.parquet.mergeSchema", "true");
    try {
      assertThat(DatasetReader.read(spark, merged.resolve("a").toString()).columns())
          .containsExactly("id", "twice");
    } finally {
      spark.conf().unset("spark.sql.parquet.mergeSchema");
    }
    assertThat(DatasetReader.read(spark, merged.resolve("a").toString()).columns())
        .containsExactly("id");
  }

  @Test
  void formatNamesAndExtensions() {
    assertThat(Format.parse(" Parquet ")).isEqualTo(Format.PARQUET);
    assertThat(Format.parse("JSONL")).isEqualTo(Format.JSON);
    assertThat(Format.parse("ndjson")).isEqualTo(Format.JSON);
    assertThat(Format.parse("text")).isEqualTo(Format.TEXT);
    assertUsageError(
        () -> Format.parse("xml"),
        "Unknown format 'xml'; use one of avro, parquet, orc, json, csv, text.");
    assertThat(Format.ofFileName("part-00000-abc.snappy.parquet")).contains(Format.PARQUET);
    assertThat(Format.ofFileName("PART.PARQUET")).contains(Format.PARQUET);
    assertThat(Format.ofFileName("part-0.c000.zstd.orc")).contains(Format.ORC);
    assertThat(Format.ofFileName("events.jsonl.gz")).contains(Format.JSON);
    assertThat(Format.ofFileName("events.ndjson")).contains(Format.JSON);
    assertThat(Format.ofFileName("table.csv.bz2")).contains(Format.CSV);
    assertThat(Format.ofFileName("lines.txt.deflate")).contains(Format.TEXT);
    assertThat(Format.ofFileName("x.avro")).contains(Format.AVRO);
    assertThat(Format.ofFileName("notes.md")).isEmpty();
    assertThat(Format.ofFileName("archive.gz")).isEmpty();
  }
}
