package dev.wick.bigdiff;

import static dev.wick.bigdiff.DiffFixtures.spark;
import static dev.wick.bigdiff.DiffFixtures.values;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wick.core.WickException;
import dev.wick.core.io.Format;
import dev.wick.core.io.Output;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a diff writes: keys/, fields/, duplicates/, summary.json and report.html. */
class WriteTest {
  @TempDir Path tmp;

  private final Dataset<Row> lhs =
      values(
          "values (1, 'a', 1.0D), (2, 'b', 2.0D), (3, 'c', 3.0D), (4, 'd', 4.0D)"
              + " as t(id, name, score)");
  private final Dataset<Row> rhs =
      values(
          "values (1, 'a', 1.0D), (2, 'B', 2.5D), (3, 'c', 3.75D), (5, 'e', 5.0D)"
              + " as t(id, name, score)");

  private DiffSummary write(PreparedDiff diff, Path dir, Format format) {
    try (Output out = Output.create(spark(), dir.toString(), false, List.of())) {
      DiffSummary s = diff.writeTo(out, format);
      out.commit();
      return s;
    }
  }

  private static List<String> names(JsonNode node) {
    List<String> out = new ArrayList<>();
    Iterator<String> it = node.fieldNames();
    it.forEachRemaining(out::add);
    return out;
  }

  @Test
  void writesEveryPartWithTheDocumentedShapes() throws Exception {
    Path dir = tmp.resolve("diff");
    DiffSummary s = write(BigDiff.key("id").prepare(lhs, rhs), dir, Format.PARQUET);
    assertThat(dir.resolve("_SUCCESS")).exists();

    List<Row> keys =
        spark().read().parquet(dir.resolve("keys").toString()).orderBy("id").collectAsList();
    assertThat(keys)
        .extracting(r -> r.getAs("id") + ":" + r.getAs("diff"))
        .containsExactly("2:DIFFERENT", "3:DIFFERENT", "4:MISSING_RHS", "5:MISSING_LHS");
    List<Row> fieldsOf2 = keys.get(0).getList(keys.get(0).fieldIndex("fields"));
    assertThat(fieldsOf2)
        .extracting(
            r ->
                r.getAs("field")
                    + "|"
                    + r.getAs("left")
                    + "|"
                    + r.getAs("right")
                    + "|"
                    + r.getAs("delta"))
        .containsExactly("name|b|B|1.0", "score|2.0|2.5|0.5");

    List<Row> fields = spark().read().parquet(dir.resolve("fields").toString()).collectAsList();
    assertThat(fields)
        .extracting(r -> r.getAs("field") + ":" + r.getAs("different"))
        .containsExactlyInAnyOrder("name:1", "score:2");
    Row score =
        fields.stream().filter(r -> r.getAs("field").equals("score")).findFirst().orElseThrow();
    assertThat((Double) score.getAs("mean")).isEqualTo(0.625);
    assertThat((String) score.getAs("deltaType")).isEqualTo("NUMERIC");

    JsonNode json = new ObjectMapper().readTree(dir.resolve("summary.json").toFile());
    // The schema comes first: a schema change matters more than any value.
    assertThat(names(json)).containsExactly("keys", "schema", "global", "fields");
    assertThat(json.get("keys").get(0).asText()).isEqualTo("id");
    assertThat(names(json.get("global")))
        .containsExactly(
            "total",
            "same",
            "different",
            "missingLhs",
            "missingRhs",
            "duplicateKeysLhs",
            "duplicateKeysRhs",
            "duplicateKeys",
            "nullKeys",
            "lhsKeys",
            "rhsKeys");
    assertThat(json.get("global").get("total").asLong()).isEqualTo(5);
    assertThat(json.get("global").get("different").asLong()).isEqualTo(2);
    JsonNode first = json.get("fields").get(0);
    assertThat(names(first)).containsExactly("field", "different", "fraction", "delta");
    assertThat(first.get("field").asText()).isEqualTo("score");
    assertThat(first.get("fraction").asDouble()).isEqualTo(1.0);
    assertThat(names(first.get("delta")))
        .containsExactly(
            "type",
            "count",
            "min",
            "max",
            "mean",
            "stddev",
            "variance",
            "skewness",
            "kurtosis",
            "p50",
            "p90",
            "p99",
            "lowerBounds",
            "approximate");
    assertThat(first.get("delta").get("skewness").isNull()).isTrue();
    assertThat(first.get("delta").get("lowerBounds").asLong()).isZero();
    assertThat(json.get("fields").get(1).get("fraction").asDouble()).isEqualTo(0.5);
    assertThat(s.toJson()).isEqualTo(Files.readString(dir.resolve("summary.json")));

    String html = Files.readString(dir.resolve("report.html"));
    assertThat(html).startsWith("<!DOCTYPE html>").contains("<svg", "score", "id=3", "3.75");
    assertThat(html).doesNotContain("http:", "https:", "<script", "<link", "src=");
    assertThat(dir.resolve("duplicates")).doesNotExist();
  }

  @Test
  void listsReportedDuplicatesUnderDuplicates() {
    Dataset<Row> dupes = lhs.union(lhs.filter("id = 2"));
    Path dir = tmp.resolve("dups");
    DiffSummary s =
        write(
            BigDiff.key("id").duplicates(DuplicateKeys.REPORT).prepare(dupes, rhs),
            dir,
            Format.JSON);
    assertThat(s.global().duplicateKeysLhs()).isEqualTo(1);
    List<Row> rows = spark().read().json(dir.resolve("duplicates").toString()).collectAsList();
    assertThat(rows)
        .singleElement()
        .satisfies(
            r -> {
              assertThat(r.<Long>getAs("id")).isEqualTo(2L);
              assertThat(r.<Long>getAs("countLhs")).isEqualTo(2L);
              assertThat(r.<Long>getAs("countRhs")).isEqualTo(1L);
            });
    assertThat(spark().read().json(dir.resolve("keys").toString()).count()).isEqualTo(3);
  }

  @Test
  void writesAvroAndRefusesFormatsThatCannotHoldTheFieldLists() {
    Path dir = tmp.resolve("avro");
    write(BigDiff.key("id").prepare(lhs, rhs), dir, Format.AVRO);
    assertThat(spark().read().format("avro").load(dir.resolve("keys").toString()).count())
        .isEqualTo(4);
    Path csv = tmp.resolve("csv");
    assertThatThrownBy(() -> write(BigDiff.key("id").prepare(lhs, rhs), csv, Format.CSV))
        .isInstanceOf(WickException.class)
        .hasMessageContaining("cannot be written as csv");
    assertThat(csv).doesNotExist();
  }

  @Test
  void aFailedDiffLeavesNoOutput() throws Exception {
    Dataset<Row> dupes = lhs.union(lhs);
    Path dir = tmp.resolve("failed");
    assertThatThrownBy(() -> write(BigDiff.key("id").prepare(dupes, rhs), dir, Format.PARQUET))
        .isInstanceOf(WickException.class)
        .hasMessageContaining("is not unique");
    assertThat(dir).doesNotExist();
    try (var listing = Files.list(tmp)) {
      assertThat(listing.map(p -> p.getFileName().toString()).toList())
          .noneMatch(n -> n.startsWith(".wick-staging"));
    }
  }

  @Test
  void theReportNamesSchemaDifferences() throws Exception {
    Path dir = tmp.resolve("schema");
    write(
        BigDiff.key("id")
            .labels("old.parquet", "new.parquet")
            .prepare(lhs, rhs.drop("score").withColumn("extra", rhs.col("id"))),
        dir,
        Format.PARQUET);
    String html = Files.readString(dir.resolve("report.html"));
    assertThat(html).contains("old.parquet", "new.parquet", "only in lhs", "only in rhs");
    JsonNode schema =
        new ObjectMapper().readTree(dir.resolve("summary.json").toFile()).get("schema");
    assertThat(schema.get("onlyLhs").get(0).asText()).isEqualTo("score");
    assertThat(schema.get("onlyRhs").get(0).asText()).isEqualTo("extra");
    assertThat(names(schema))
        .containsExactly(
            "changed",
            "onlyLhs",
            "onlyRhs",
            "typeChanges",
            "nullabilityChanges",
            "likelyRenames",
            "ignored");
    assertThat(schema.get("changed").asBoolean()).isTrue();
  }
}
