package dev.wick.testkit.generators.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.apache.avro.Conversions;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericFixed;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.Test;

/** The engine on its own: what the domains draw, their edge cases, and that seeds repeat. */
class DomainsTest {

  static Schema schema(String name) throws IOException {
    try (InputStream in = DomainsTest.class.getResourceAsStream("/schemas/" + name)) {
      return new Schema.Parser().parse(in);
    }
  }

  static List<GenericRecord> draw(Schema schema, GenerationSettings settings, long seed, int n) {
    Domain<GenericRecord> domain = SchemaDomains.avro(schema, settings, Map.of());
    SplittableRandom random = new SplittableRandom(seed);
    List<GenericRecord> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(domain.draw(random));
    }
    return out;
  }

  @Test
  void theSameSeedDrawsTheSameRecordsAndAnotherSeedOthers() throws IOException {
    Schema all = schema("all_types.avsc");
    GenerationSettings s = GenerationSettings.defaults();
    assertThat(draw(all, s, 5, 300)).isEqualTo(draw(all, s, 5, 300));
    assertThat(draw(all, s, 6, 300)).isNotEqualTo(draw(all, s, 5, 300));
  }

  @Test
  void edgeCasesComeUpInBulkDraws() throws IOException {
    List<GenericRecord> records =
        draw(schema("all_types.avsc"), GenerationSettings.defaults(), 1, 5000);
    Set<Object> ints = new HashSet<>();
    Set<Object> longs = new HashSet<>();
    Set<Double> doubles = new HashSet<>();
    Set<String> strings = new HashSet<>();
    Set<Object> dates = new HashSet<>();
    Set<BigDecimal> decimals = new HashSet<>();
    int emptyArrays = 0;
    Schema decSchema = schema("all_types.avsc").getField("dec_bytes").schema();
    for (GenericRecord r : records) {
      ints.add(r.get("i"));
      longs.add(r.get("l"));
      doubles.add((Double) r.get("d"));
      strings.add((String) r.get("s"));
      dates.add(r.get("date"));
      decimals.add(
          new Conversions.DecimalConversion()
              .fromBytes((ByteBuffer) r.get("dec_bytes"), decSchema, decSchema.getLogicalType()));
      emptyArrays += ((List<?>) r.get("ints")).isEmpty() ? 1 : 0;
      assertThat(((GenericFixed) r.get("fixed")).bytes()).hasSize(16);
      assertThat((Integer) r.get("time_ms")).isBetween(0, 86_399_999);
      assertThat((Long) r.get("time_us")).isBetween(0L, 86_399_999_999L);
    }
    assertThat(ints).contains(Integer.MIN_VALUE, Integer.MAX_VALUE, 0, 1, -1);
    assertThat(longs).contains(Long.MIN_VALUE, Long.MAX_VALUE, 0L);
    assertThat(doubles)
        .contains(
            Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -Double.MAX_VALUE, 0.0);
    assertThat(strings).contains("", " ", "😀", "日本語", "\u0000");
    assertThat(strings).anySatisfy(s -> assertThat(s).hasSize(20));
    assertThat(strings)
        .as("some drawn strings hold non-ASCII characters")
        .anySatisfy(s -> assertThat(s).hasSizeGreaterThan(3).matches(".*[^\\x00-\\x7F].*"));
    assertThat(dates)
        .contains(
            (int) LocalDate.of(1, 1, 1).toEpochDay(),
            (int) LocalDate.of(9999, 12, 31).toEpochDay(),
            0);
    assertThat(decimals)
        .contains(new BigDecimal("99999999.9999"), new BigDecimal("-99999999.9999"));
    assertThat(decimals).allSatisfy(d -> assertThat(d.precision()).isLessThanOrEqualTo(12));
    assertThat(emptyArrays).isGreaterThan(0);
  }

  @Test
  void textDrawsTheSameStringAsStringAndAsUtf8() {
    Domain.Text text = new Domain.Text(0, 30, Domain.Text.DEFAULT_RANGES, List.of("", "日本語"), 0.05);
    SplittableRandom a = new SplittableRandom(9);
    SplittableRandom b = new SplittableRandom(9);
    for (int i = 0; i < 5000; i++) {
      String s = text.draw(a);
      assertThat(s.length()).isBetween(0, 30);
      assertThat(new String(text.drawUtf8(b), java.nio.charset.StandardCharsets.UTF_8))
          .isEqualTo(s);
    }
  }

  @Test
  void recursionStopsAtTheMaximumDepth() throws IOException {
    List<GenericRecord> lists =
        draw(
            schema("linked_list.avsc"),
            GenerationSettings.defaults().withMaxDepth(3).withNullProbability(0),
            2,
            200);
    for (GenericRecord node : lists) {
      int depth = 0;
      for (Object n = node; n instanceof GenericRecord r; n = r.get("next")) {
        depth++;
      }
      assertThat(depth).isEqualTo(3);
    }
  }

  @Test
  void chunksOfABulkGeneratorHaveTheirOwnSeeds() {
    assertThat(BulkGenerator.chunkSeed(1, 0)).isNotEqualTo(BulkGenerator.chunkSeed(1, 1));
    assertThat(BulkGenerator.chunkSeed(1, 0)).isNotEqualTo(BulkGenerator.chunkSeed(2, 0));
    assertThat(BulkGenerator.chunkSeed(1, 5)).isEqualTo(BulkGenerator.chunkSeed(1, 5));
  }

  @Test
  void theEngineDoesNotUseJqwik() throws IOException {
    Path engine = Path.of("src/main/java/dev/wick/testkit/generators/internal");
    try (Stream<Path> files = Files.list(engine)) {
      List<Path> sources = files.filter(f -> f.toString().endsWith(".java")).toList();
      assertThat(sources).hasSizeGreaterThan(5);
      for (Path f : sources) {
        assertThat(Files.readString(f)).as(f.toString()).doesNotContain("net.jqwik");
      }
    }
  }
}
