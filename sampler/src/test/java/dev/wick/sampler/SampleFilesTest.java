package dev.wick.sampler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wick.core.WickException;
import dev.wick.core.io.Format;
import dev.wick.core.io.Output;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SampleFilesTest {
  @TempDir Path tmp;

  private String parquetInput(long rows) {
    String in = tmp.resolve("plays").toString();
    TestData.spark()
        .range(0, rows)
        .selectExpr(
            "id", "CAST(id % 100 AS INT) AS user_id", "IF(id % 3 = 0, 'SE', 'US') AS country")
        .write()
        .parquet(in);
    return in;
  }

  /** What {@code wick sample} does: read, sample into an output the caller owns, commit. */
  private static SampleFiles.Written sample(
      String in, Path out, boolean overwrite, SampleSpec spec) {
    SampleFiles files = SampleFiles.read(TestData.spark(), in, Optional.empty());
    try (Output o = Output.create(TestData.spark(), out.toString(), overwrite, List.of(in))) {
      SampleFiles.Written w = files.writeTo(spec, o);
      assertThat(o.commit()).isEqualTo("file:" + out);
      return w;
    }
  }

  private static List<String> files(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void writesTheSampleInTheInputsFormatWithItsSummary() throws IOException {
    String in = parquetInput(2000);
    Path out = tmp.resolve("sample");
    SampleFiles.Written w = sample(in, out, false, Sampler.fraction(0.1).by("user_id").build());
    assertThat(w.format()).isEqualTo(Format.PARQUET);
    assertThat(files(out)).contains("_SUCCESS", "_wick_sample.json");
    assertThat(files(out).stream().filter(f -> f.endsWith(".parquet"))).isNotEmpty();
    Dataset<Row> back = TestData.spark().read().parquet(out.toString());
    assertThat(back.schema()).isEqualTo(TestData.spark().read().parquet(in).schema());
    assertThat(back.count()).isEqualTo(w.result().recordsOut());
    // All 20 plays of each kept user: a multiple of 20.
    assertThat(w.result().recordsOut() % 20).isZero();

    JsonNode json = new ObjectMapper().readTree(out.resolve("_wick_sample.json").toFile());
    assertThat(json.get("input").asText()).isEqualTo(in);
    assertThat(json.get("format").asText()).isEqualTo("parquet");
    assertThat(json.get("recordsIn").asLong()).isEqualTo(2000);
    assertThat(json.get("recordsOut").asLong()).isEqualTo(back.count());
    assertThat(json.get("passes").asInt()).isEqualTo(1);
    assertThat(json.get("spec").get("seed").asLong()).isEqualTo(42);
    assertThat(json.get("spec").get("seedGiven").asBoolean()).isFalse();
    assertThat(json.get("spec").has("distribution")).as("no strata, no distribution").isFalse();
    assertThat(json.get("strataCounts")).isEmpty();
    assertThat(json.get("predicateSql").asText())
        .isEqualTo(
            "shiftrightunsigned(xxhash64(CAST(42 AS BIGINT), `user_id` IS NULL, CAST(`user_id` AS"
                + " BIGINT)), 11) / 9007199254740992D < 0.1D");
    // The recorded SQL keeps the same records.
    TestData.spark().read().parquet(in).createOrReplaceTempView("sampled_input");
    assertThat(
            TestData.spark()
                .sql("SELECT * FROM sampled_input WHERE " + json.get("predicateSql").asText())
                .count())
        .isEqualTo(back.count());
  }

  @Test
  void refusesAnExistingOutputUnlessOverwriting() throws IOException {
    String in = parquetInput(100);
    Path out = Files.createDirectories(tmp.resolve("taken"));
    Files.writeString(out.resolve("keep.txt"), "mine");
    assertThatThrownBy(() -> sample(in, out, false, Sampler.fraction(0.5).build()))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "Output "
                + out
                + " already exists; allow overwriting to replace it, or choose another path.");
    assertThat(files(out)).containsExactly("keep.txt");
    Files.createFile(out.resolve("_SUCCESS")); // a dataset folder: only those are replaced
    sample(in, out, true, Sampler.fraction(0.5).build());
    assertThat(files(out)).doesNotContain("keep.txt").contains("_SUCCESS", "_wick_sample.json");
  }

  @Test
  void aFailedSampleLeavesNoOutput() {
    String in = tmp.resolve("empty").toString();
    TestData.spark().range(0).selectExpr("id").write().parquet(in);
    Path out = tmp.resolve("never");
    assertThatThrownBy(() -> sample(in, out, false, Sampler.fraction(0.5).build()))
        .isInstanceOf(WickException.class)
        .hasMessageStartingWith("The input holds no records");
    assertThat(out).doesNotExist();
    assertThat(tmp.toFile().list()).containsExactly("empty");
  }

  @Test
  void anAvroSampleKeepsTheInputsAvroSchema() throws IOException {
    Schema schema =
        new Schema.Parser()
            .parse(
                """
                {"type": "record", "name": "TrackPlay", "namespace": "com.example.plays",
                 "fields": [
                   {"name": "trackId", "type": "string"},
                   {"name": "country", "type": {"type": "enum", "name": "Country",
                                                "symbols": ["SE", "US", "BR"]}},
                   {"name": "msPlayed", "type": "long"}]}
                """);
    Path inDir = Files.createDirectories(tmp.resolve("avro-in"));
    File file = inDir.resolve("plays.avro").toFile();
    try (DataFileWriter<GenericRecord> writer =
        new DataFileWriter<>(new GenericDatumWriter<GenericRecord>(schema))) {
      writer.create(schema, file);
      for (int i = 0; i < 500; i++) {
        GenericRecord r = new GenericData.Record(schema);
        r.put("trackId", "t" + (i % 40));
        r.put(
            "country",
            new GenericData.EnumSymbol(
                schema.getField("country").schema(), List.of("SE", "US", "BR").get(i % 3)));
        r.put("msPlayed", (long) i * 1000);
        writer.append(r);
      }
    }
    Path out = tmp.resolve("avro-out");
    SampleFiles.Written w =
        sample(inDir.toString(), out, false, Sampler.count(100).strata("country").exact().build());
    assertThat(w.format()).isEqualTo(Format.AVRO);
    assertThat(w.result().recordsOut()).isEqualTo(100);
    File part =
        files(out).stream()
            .filter(f -> f.endsWith(".avro"))
            .map(f -> out.resolve(f).toFile())
            .findFirst()
            .orElseThrow();
    try (DataFileReader<GenericRecord> reader =
        new DataFileReader<>(part, new GenericDatumReader<>())) {
      assertThat(reader.getSchema()).isEqualTo(schema);
    }
    assertThat(TestData.spark().read().format("avro").load(out.toString()).count()).isEqualTo(100);
    JsonNode json = new ObjectMapper().readTree(out.resolve("_wick_sample.json").toFile());
    assertThat(json.get("spec").get("distribution").asText()).isEqualTo("stratified");
    JsonNode strata = json.get("strataCounts");
    assertThat(strata).hasSize(3);
    long actual = 0;
    for (JsonNode stratum : strata) {
      assertThat(stratum.get("key")).hasSize(1);
      assertThat(stratum.get("key").get(0).asText()).isIn("SE", "US", "BR");
      assertThat(stratum.get("recordsIn").asLong()).isPositive();
      actual += stratum.get("actual").asLong();
    }
    assertThat(actual).isEqualTo(100);
  }
}
