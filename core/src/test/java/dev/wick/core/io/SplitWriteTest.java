package dev.wick.core.io;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.size;
import static org.apache.spark.sql.functions.transform;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.io.internal.SplitParquetFormat;
import dev.wick.core.spark.WickSpark;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** {@link Output#writeSplit}: two datasets with different columns from one write, on real files. */
class SplitWriteTest {
  private static SparkSession spark;

  @TempDir Path dir;

  @BeforeAll
  static void session() {
    spark = WickSpark.local(2);
  }

  /**
   * Ten rows in three tasks: ids 0 to 9, a name, an array of words; {@code keep} is true for even
   * ids, false for odd ones and null for 9.
   */
  private static Dataset<Row> rows() {
    return spark
        .range(0, 10, 1, 3)
        .selectExpr(
            "id",
            "concat('n', id) AS name",
            "array('a', repeat('b', cast(id AS int))) AS words",
            "CASE WHEN id = 9 THEN NULL ELSE id % 2 = 0 END AS keep");
  }

  /**
   * The false side: the words' lengths (a lambda, evaluated in the writer) and two counted columns.
   */
  private static Dataset<Row> falseSide(Dataset<Row> rows) {
    return rows.select(
        col("id"),
        col("name"),
        col("words"),
        transform(col("words"), w -> org.apache.spark.sql.functions.length(w)).as("lengths"),
        col("id").gt(4).as("big"),
        size(col("words")).gt(100).as("huge"));
  }

  private static List<String> visible(Path folder) throws IOException {
    try (Stream<Path> s = Files.list(folder)) {
      return s.map(p -> p.getFileName().toString())
          .filter(n -> !n.startsWith("."))
          .filter(n -> !n.startsWith("part-"))
          .sorted()
          .toList();
    }
  }

  private Dataset<Row> read(Format format, String part) {
    return spark.read().format(format.sparkName()).load(dir.resolve("out/" + part).toString());
  }

  @ParameterizedTest
  @EnumSource(
      value = Format.class,
      names = {"PARQUET", "ORC", "AVRO"})
  void eachRowGoesToItsPartWithThatPartsColumnsAndTheCountsAreExact(Format format)
      throws IOException {
    Output.SplitCounts counts;
    try (Output out = Output.create(spark, dir.resolve("out").toString(), false, List.of())) {
      counts =
          out.writeSplit(
              rows(),
              format,
              new Output.Split("kept", Map.of(), "other", Map.of(), SplitWriteTest::falseSide, 2));
      out.commit();
    }
    assertThat(counts.trueRows()).isEqualTo(5);
    assertThat(counts.falseRows()).isEqualTo(5);
    // ids 1, 3, 5, 7, 9: three above 4, none with more than 100 words.
    assertThat(counts.counted()).containsExactly(3L, 0L);
    assertThat(visible(dir.resolve("out"))).containsExactly("_SUCCESS", "kept", "other");
    assertThat(visible(dir.resolve("out/kept"))).containsExactly("_SUCCESS");
    assertThat(visible(dir.resolve("out/other"))).containsExactly("_SUCCESS");

    Dataset<Row> kept = read(format, "kept");
    assertThat(kept.columns()).containsExactly("id", "name", "words");
    assertThat(kept.orderBy("id").collectAsList())
        .extracting(r -> r.getLong(0) + " " + r.getString(1) + " " + r.getList(2).size())
        .containsExactly("0 n0 2", "2 n2 2", "4 n4 2", "6 n6 2", "8 n8 2");

    Dataset<Row> other = read(format, "other");
    assertThat(other.columns()).containsExactly("id", "name", "words", "lengths");
    assertThat(other.orderBy("id").collectAsList())
        .extracting(r -> r.getLong(0) + " " + r.getString(1) + " " + r.getList(3))
        .containsExactly("1 n1 [1, 1]", "3 n3 [1, 3]", "5 n5 [1, 5]", "7 n7 [1, 7]", "9 n9 [1, 9]");
  }

  /**
   * A part no row falls in is written empty, with its columns, by the split's own job: task 0
   * writes the {@code false} side's file even when none of its rows is false.
   */
  @ParameterizedTest
  @EnumSource(
      value = Format.class,
      names = {"PARQUET", "ORC", "AVRO"})
  void aPartNoRowFallsInIsWrittenEmptyWithItsColumnsInOneJob(Format format) throws Exception {
    for (String name : List.of("none", "allTrue", "allFalse")) {
      Dataset<Row> in =
          switch (name) {
            case "none" -> rows().limit(0);
            case "allTrue" -> rows().where("keep");
            default -> rows().where("NOT keep");
          };
      Output.SplitCounts[] counts = new Output.SplitCounts[1];
      String out = dir.resolve(format + "-" + name).toString();
      int jobs =
          SparkJobs.during(
              spark,
              () -> {
                try (Output o = Output.create(spark, out, false, List.of())) {
                  counts[0] =
                      o.writeSplit(
                          in,
                          format,
                          new Output.Split(
                              "kept", Map.of(), "other", Map.of(), SplitWriteTest::falseSide, 2));
                  o.commit();
                }
              });
      assertThat(jobs).as("%s %s", format, name).isEqualTo(1);
      Dataset<Row> kept = spark.read().format(format.sparkName()).load(out + "/kept");
      Dataset<Row> other = spark.read().format(format.sparkName()).load(out + "/other");
      assertThat(kept.columns()).as(name).containsExactly("id", "name", "words");
      assertThat(other.columns()).as(name).containsExactly("id", "name", "words", "lengths");
      long trueRows = name.equals("allTrue") ? 5 : 0;
      long falseRows = name.equals("allFalse") ? 4 : 0;
      assertThat(kept.count()).as(name).isEqualTo(trueRows);
      assertThat(other.count()).as(name).isEqualTo(falseRows);
      assertThat(counts[0].trueRows()).as(name).isEqualTo(trueRows);
      assertThat(counts[0].falseRows()).as(name).isEqualTo(falseRows);
    }
  }

  /**
   * 64 columns and the flag do not share the null bits of 64 columns alone, so the rows are copied
   * rather than viewed: the values must be the same either way.
   */
  @Test
  void rowsWiderThanTheirNullBitsAreCopiedWithTheirValues() {
    for (int width : List.of(63, 64, 65)) {
      List<Column> columns = new ArrayList<>();
      for (int i = 0; i < width; i++) {
        columns.add(
            i % 2 == 0
                ? col("id").plus(i).as("c" + i)
                : org.apache
                    .spark
                    .sql
                    .functions
                    .concat(org.apache.spark.sql.functions.lit("v" + i + "-"), col("id"))
                    .as("c" + i));
      }
      columns.add(col("id").mod(3).notEqual(0).as("keep"));
      Dataset<Row> in = spark.range(0, 30, 1, 2).select(columns.toArray(new Column[0]));
      String out = dir.resolve("w" + width).toString();
      try (Output o = Output.create(spark, out, false, List.of())) {
        o.writeSplit(
            in,
            Format.PARQUET,
            new Output.Split("kept", Map.of(), "other", Map.of(), r -> r.drop("keep"), 0));
        o.commit();
      }
      for (String part : List.of("kept", "other")) {
        String side = part.equals("kept") ? "keep" : "NOT keep";
        assertThat(rowsOf(spark.read().parquet(out + "/" + part)))
            .as("%s, width %d", part, width)
            .hasSize(part.equals("kept") ? 20 : 10)
            .containsExactlyElementsOf(rowsOf(in.where(side).drop("keep")));
      }
    }
  }

  private static List<String> rowsOf(Dataset<Row> rows) {
    return rows.orderBy("c0").collectAsList().stream().map(Row::toString).toList();
  }

  @Test
  void aSplitWithoutAFlagOrThatFailsLeavesNothingAndTheFormatRefusesAWriteWithoutAPlan()
      throws IOException {
    String out = dir.resolve("failed").toString();
    try (Output o = Output.create(spark, out, false, List.of())) {
      assertThatThrownBy(
              () ->
                  o.writeSplit(
                      rows().drop("keep"),
                      Format.PARQUET,
                      new Output.Split("kept", Map.of(), "other", Map.of(), r -> r, 0)))
          .hasMessageContaining("end with the boolean column");
      assertThatThrownBy(
              () ->
                  o.writeSplit(
                      rows(),
                      Format.PARQUET,
                      new Output.Split(
                          "kept", Map.of(), "other", Map.of(), r -> r.select("id", "name"), 1)))
          .hasMessageContaining("counted columns are boolean");
      Dataset<Row> failing = rows().selectExpr("id", "assert_true(id < 8) IS NULL AS ok", "keep");
      assertThatThrownBy(
              () ->
                  o.writeSplit(
                      failing,
                      Format.PARQUET,
                      new Output.Split(
                          "kept", Map.of(), "other", Map.of(), r -> r.select("id", "ok"), 0)))
          .isInstanceOf(Exception.class);
    }
    try (Stream<Path> left = Files.list(dir)) {
      assertThat(left.map(p -> p.getFileName().toString()).collect(Collectors.toList()))
          .noneMatch(n -> n.contains("failed"));
    }
    assertThatThrownBy(
            () ->
                rows()
                    .write()
                    .format(SplitParquetFormat.class.getName())
                    .save(dir.resolve("direct").toString()))
        .hasStackTraceContaining("A split write runs only through Output.writeSplit");
  }
}
