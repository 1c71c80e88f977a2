package dev.wick.cli;

import static dev.wick.cli.GenerateCommandTest.wick;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.wick.cli.GenerateCommandTest.Result;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
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
 * copying what the profile keeps private. Profile, generate like it, and compare the generated data
 * with the real data through Spark alone (never through Wick's own drift).
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

  /** Quantiles compared for a numeric field. */
  static final double[] QUANTILES = {0.1, 0.25, 0.5, 0.75, 0.9};

  /**
   * How far, in rank, a generated quantile may stand from the real one: the generated p-quantile
   * must lie between the real (p - 0.03)- and (p + 0.03)-quantiles.
   */
  static final double RANK_TOLERANCE = 0.03;

  /** How far a generated category's share may stand from its real share. */
  static final double SHARE_TOLERANCE = 0.015;

  /** Categories whose real share is at least this are compared one by one. */
  static final double COMPARED_SHARE = 0.01;

  /**
   * Spark's own {@code percentile_approx} of {@code expr} over the non-null values of {@code data}
   * at {@code quantiles}.
   */
  static double[] percentiles(Dataset<Row> data, String expr, double... quantiles) {
    StringBuilder array = new StringBuilder("array(");
    for (int i = 0; i < quantiles.length; i++) {
      array.append(i == 0 ? "" : ", ").append(quantiles[i]).append("D");
    }
    Row r =
        data.selectExpr("percentile_approx(CAST(" + expr + " AS DOUBLE), " + array + "), 100000)")
            .first();
    List<Double> values = r.getList(0);
    return values.stream().mapToDouble(Double::doubleValue).toArray();
  }

  /**
   * Asserts that every generated quantile of {@code expr} lies between the real quantiles {@link
   * #RANK_TOLERANCE} below and above it, and returns how many quantiles were compared.
   */
  static int assertQuantilesFollow(Dataset<Row> real, Dataset<Row> fake, String expr) {
    double[] made = percentiles(fake, expr, QUANTILES);
    for (int i = 0; i < QUANTILES.length; i++) {
      double p = QUANTILES[i];
      double[] bounds = percentiles(real, expr, p - RANK_TOLERANCE, p + RANK_TOLERANCE);
      assertThat(made[i])
          .as("generated %s-quantile of %s against the real data's", p, expr)
          .isBetween(bounds[0], bounds[1]);
    }
    return QUANTILES.length;
  }

  /** Each value's share of the rows of {@code data}, nulls under the key "null", by group-by. */
  static Map<String, Double> shares(Dataset<Row> data, String expr) {
    long total = data.count();
    Map<String, Double> out = new TreeMap<>();
    for (Row r :
        data.selectExpr("CAST(" + expr + " AS STRING) AS v").groupBy("v").count().collectAsList()) {
      out.put(r.isNullAt(0) ? "null" : r.getString(0), r.getLong(1) / (double) total);
    }
    return out;
  }

  /**
   * Asserts that every category holding at least {@link #COMPARED_SHARE} of the real rows holds its
   * share of the generated rows within {@link #SHARE_TOLERANCE}, and returns how many categories
   * were compared.
   */
  static int assertSharesFollow(Dataset<Row> real, Dataset<Row> fake, String expr) {
    Map<String, Double> want = shares(real, expr);
    Map<String, Double> got = shares(fake, expr);
    int compared = 0;
    for (Map.Entry<String, Double> e : want.entrySet()) {
      if (e.getValue() >= COMPARED_SHARE) {
        assertThat(got.getOrDefault(e.getKey(), 0.0))
            .as(
                "share of %s = %s (real %s; generated shares %s)",
                expr, e.getKey(), e.getValue(), got)
            .isCloseTo(e.getValue(), within(SHARE_TOLERANCE));
        compared++;
      }
    }
    return compared;
  }

  @Test
  void generatedDataFollowsTheRealQuantilesAndSharesAndLeaksNoRedactedOrRareValue()
      throws Exception {
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
    Dataset<Row> real = spark.createDataFrame(visits(), struct).repartition(2).cache();
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

    Dataset<Row> fake = spark.read().parquet(generated.toString()).cache();
    assertThat(fake.count()).isEqualTo(ROWS);
    // Every field but the redacted email is compared with the real data by Spark alone: the
    // numeric ones by percentile_approx, the categorical ones by exact shares from a group-by.
    Map<String, Integer> compared = new TreeMap<>();
    compared.put("id", assertQuantilesFollow(real, fake, "id"));
    compared.put("amount", assertQuantilesFollow(real, fake, "amount"));
    compared.put("clicks", assertQuantilesFollow(real, fake, "clicks"));
    compared.put("tags (size)", assertQuantilesFollow(real, fake, "size(tags)"));
    compared.put("city", assertSharesFollow(real, fake, "city"));
    compared.put("premium", assertSharesFollow(real, fake, "premium"));
    compared.put(
        "tags[]",
        assertSharesFollow(
            real.selectExpr("explode(tags) AS tag"),
            fake.selectExpr("explode(tags) AS tag"),
            "tag"));
    compared.put("amount (null)", assertSharesFollow(real, fake, "amount IS NULL"));
    compared.put("note (null)", assertSharesFollow(real, fake, "note IS NULL"));
    assertThat(compared)
        .as("quantiles or categories compared per field")
        .allSatisfy((field, n) -> assertThat(n).as(field).isPositive());
    assertThat(compared.get("city")).as("cities compared one by one").isGreaterThan(20);
    assertThat(compared.get("tags[]")).as("tags compared one by one").isGreaterThan(5);
    assertThat(compared.get("premium")).isEqualTo(2);
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
  }
}
