package dev.wick.cli;

import static dev.wick.cli.GenerateCommandTest.wick;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.cli.GenerateCommandTest.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wick generate --like}: data shaped like a profile of real data, field by field, without
 * copying what the profile keeps private. Profile, generate like it, profile again, and drift.
 */
class GenerateLikeTest {
  @TempDir Path tmp;

  static SparkSession spark;

  static final int ROWS = 20_000;

  static final String SCHEMA =
      """
      {"type": "record", "name": "Visit", "namespace": "shop", "fields": [
        {"name": "id", "type": "long"},
        {"name": "city", "type": ["null", "string"]},
        {"name": "email", "type": "string"},
        {"name": "amount", "type": ["null", "double"]},
        {"name": "clicks", "type": "long"},
        {"name": "premium", "type": "boolean"},
        {"name": "tags", "type": {"type": "array", "items": "string"}},
        {"name": "note", "type": ["null", "string"]}
      ]}
      """;

  @BeforeAll
  static void session() {
    spark = dev.wick.core.spark.WickSpark.local(2);
  }

  /**
   * Visits with skewed cities (a Zipf-like head of 40 and 300 rare ones seen once or twice), unique
   * emails, heavy-tailed amounts (log-normal, a fifth null) and clicks (Pareto), a skewed boolean,
   * arrays of skewed sizes over a small vocabulary, and free-text notes.
   */
  static List<Row> visits() {
    Random r = new Random(7);
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      String city;
      double u = r.nextDouble();
      if (u < 0.1) {
        city = null;
      } else if (u < 0.125) {
        city = "rare-" + r.nextInt(300);
      } else {
        city = "city-" + (int) Math.floor(Math.pow(41, r.nextDouble()) - 1);
      }
      Double amount = r.nextDouble() < 0.2 ? null : Math.exp(3 + 1.5 * r.nextGaussian());
      long clicks = (long) Math.floor(1 / Math.pow(1 - r.nextDouble(), 1 / 1.5));
      List<String> tags = new ArrayList<>();
      int size = (int) Math.floor(-Math.log(1 - r.nextDouble()) * 1.5);
      for (int t = 0; t < size; t++) {
        tags.add("tag-" + (int) Math.floor(Math.pow(13, r.nextDouble()) - 1));
      }
      String note = r.nextDouble() < 0.5 ? null : "note " + Long.toString(r.nextLong(), 36);
      rows.add(
          RowFactory.create(
              (long) i,
              city,
              "person" + i + "@example.com",
              amount,
              clicks,
              r.nextDouble() < 0.3,
              tags,
              note));
    }
    return rows;
  }

  @Test
  void generatedDataDriftsLessThanFivePercentAndLeaksNoRedactedOrRareValue() throws Exception {
    StructType struct =
        new StructType()
            .add("id", DataTypes.LongType, false)
            .add("city", DataTypes.StringType, true)
            .add("email", DataTypes.StringType, false)
            .add("amount", DataTypes.DoubleType, true)
            .add("clicks", DataTypes.LongType, false)
            .add("premium", DataTypes.BooleanType, false)
            .add("tags", DataTypes.createArrayType(DataTypes.StringType, false), false)
            .add("note", DataTypes.StringType, true);
    Dataset<Row> real = spark.createDataFrame(visits(), struct).repartition(2);
    Path data = tmp.resolve("visits");
    real.write().parquet(data.toString());
    Path schema = Files.writeString(tmp.resolve("visit.avsc"), SCHEMA);

    Path profile = tmp.resolve("profile");
    Result p =
        wick(
            "profile",
            "--in",
            data.toString(),
            "--out",
            profile.toString(),
            "--top",
            "400",
            "--redact",
            "email");
    assertThat(p.exit()).as(p.err()).isZero();

    Path generated = tmp.resolve("generated");
    Result g =
        wick(
            "generate",
            "--schema",
            schema.toString(),
            "--like",
            profile.toString(),
            "--count",
            Integer.toString(ROWS),
            "--out",
            generated.toString(),
            "--out-format",
            "parquet");
    assertThat(g.exit()).as(g.err()).isZero();

    Path again = tmp.resolve("profile-generated");
    Result p2 =
        wick("profile", "--in", generated.toString(), "--out", again.toString(), "--top", "400");
    assertThat(p2.exit()).as(p2.err()).isZero();

    Result drift =
        wick(
            "drift",
            profile.resolve("profile.json").toString(),
            again.resolve("profile.json").toString(),
            "--max-drift",
            "0.05");
    assertThat(drift.exit()).as(drift.out() + drift.err()).isZero();
    // Every field was compared: none is left out of the drift for a missing statistic.
    for (String field : List.of("amount", "clicks", "city", "tags", "tags[]", "premium", "id")) {
      assertThat(drift.out()).as(drift.out()).contains(field);
    }

    Dataset<Row> fake = spark.read().parquet(generated.toString());
    assertThat(fake.count()).isEqualTo(ROWS);
    Set<String> emails = new HashSet<>();
    real.select("email").collectAsList().forEach(r -> emails.add(r.getString(0)));
    // The cities the profile saw fewer than 5 times (there are many) never come out.
    Set<String> rare = new HashSet<>();
    dev.wick.profiler.Profile.read(profile).field("city").orElseThrow().topValues().stream()
        .filter(v -> v.count() < 5)
        .forEach(v -> rare.add(v.value()));
    assertThat(rare).hasSizeGreaterThan(100);
    List<Row> made = fake.select("email", "city").collectAsList();
    for (Row r : made) {
      assertThat(emails).as("a redacted email").doesNotContain(r.getString(0));
      if (!r.isNullAt(1)) {
        assertThat(rare).as("a city seen fewer than 5 times").doesNotContain(r.getString(1));
      }
    }
    // The head of the skewed text is copied with its frequencies.
    long top = fake.where("city = 'city-0'").count();
    long realTop = real.where("city = 'city-0'").count();
    assertThat((double) top / realTop).isBetween(0.9, 1.1);
    // Nulls at the profiled rates.
    assertThat(fake.where("amount is null").count() / (double) ROWS).isBetween(0.18, 0.22);
    assertThat(fake.where("note is null").count() / (double) ROWS).isBetween(0.47, 0.53);
  }
}
