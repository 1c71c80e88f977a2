package dev.wick.bigdiff;

import static dev.wick.bigdiff.DiffFixtures.run;
import static dev.wick.bigdiff.DiffFixtures.spark;
import static dev.wick.bigdiff.DiffFixtures.values;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.bigdiff.DiffFixtures.Run;
import java.math.BigDecimal;
import java.util.List;
import java.util.Random;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.Test;

/**
 * Deltas whose exact value costs too much or does not fit a double: long texts get bounded work and
 * say when a delta is a lower bound; integral and decimal deltas are computed exactly.
 */
class BoundedDeltaTest {

  private static int distance(String a, String b) {
    return TextDistance.distance(UTF8String.fromString(a), UTF8String.fromString(b));
  }

  /** The textbook dynamic program over code points, to compare with. */
  private static int reference(String a, String b) {
    int[] x = a.codePoints().toArray();
    int[] y = b.codePoints().toArray();
    int[][] d = new int[x.length + 1][y.length + 1];
    for (int i = 0; i <= x.length; i++) {
      for (int j = 0; j <= y.length; j++) {
        d[i][j] =
            i == 0 || j == 0
                ? i + j
                : Math.min(
                    d[i - 1][j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1),
                    Math.min(d[i - 1][j], d[i][j - 1]) + 1);
      }
    }
    return d[x.length][y.length];
  }

  @Test
  void shortTextsGetTheExactDistance() {
    assertThat(distance("kitten", "sitting")).isEqualTo(3);
    assertThat(distance("", "abc")).isEqualTo(3);
    assertThat(distance("abc", "abc")).isZero();
    // Code points, not bytes or UTF-16 units: one letter changed either side of the boundaries.
    assertThat(distance("naïve café", "naive cafe")).isEqualTo(2);
    assertThat(distance("a\uD83D\uDE00b", "a\uD83D\uDE01b")).isEqualTo(1);
    assertThat(distance("ééé", "éé")).isEqualTo(1);
    assertThat(distance("xé", "xè")).isEqualTo(1);
    Random random = new Random(7);
    String alphabet = "abé\uD83D\uDE00";
    for (int i = 0; i < 300; i++) {
      String a = randomText(random, alphabet, random.nextInt(12));
      String b = randomText(random, alphabet, random.nextInt(12));
      assertThat(distance(a, b)).as("%s vs %s", a, b).isEqualTo(reference(a, b));
    }
  }

  private static String randomText(Random random, String alphabet, int length) {
    int[] points = alphabet.codePoints().toArray();
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < length; i++) {
      out.appendCodePoint(points[random.nextInt(points.length)]);
    }
    return out.toString();
  }

  @Test
  void theBandIsExactWithinItAndALowerBoundPastIt() {
    Random random = new Random(11);
    for (int i = 0; i < 200; i++) {
      String a = randomText(random, "ab", 5 + random.nextInt(20));
      String b = randomText(random, "ab", 5 + random.nextInt(20));
      int[] x = a.length() <= b.length() ? a.codePoints().toArray() : b.codePoints().toArray();
      int[] y = a.length() <= b.length() ? b.codePoints().toArray() : a.codePoints().toArray();
      int exact = reference(a, b);
      for (int k = Math.abs(a.length() - b.length()); k < 8; k++) {
        assertThat(TextDistance.banded(x, y, k)).isEqualTo(exact <= k ? exact : -1);
      }
    }
  }

  @Test
  void longTextsDifferingInOneCharacterAreExact() {
    String base = "lorem ipsum ".repeat(200_000);
    assertThat(distance(base + "a", base + "b")).isEqualTo(1);
    assertThat(distance("a" + base, "b" + base)).isEqualTo(1);
    assertThat(distance(base, base.substring(0, 1000) + "XY" + base.substring(1001))).isEqualTo(2);
  }

  @Test
  void longTextsDifferingThroughoutGetALowerBound() {
    // 5,000 differing characters each side: more cells than the budget, and a distance of 5,000
    // (every character replaced) past the band the budget allows.
    String a = "a".repeat(5_000);
    String b = "b".repeat(5_000);
    int k = (int) ((TextDistance.CELLS / 5_000 - 1) / 2);
    assertThat(distance(a, b)).isEqualTo(-(k + 1));
    // A length difference beyond the band bounds the distance from below by itself.
    assertThat(distance("x" + "a".repeat(1_000_000), "y".repeat(5_000))).isEqualTo(-995_001);
    // Few cells are exact however long one side is.
    assertThat(distance("x" + "a".repeat(1_000_000), "y")).isEqualTo(1_000_001);
    // Within the band a long pair is still exact: 3 edits in 6,000 characters.
    String c = "abcdefghij".repeat(600);
    String d = "Z" + c.substring(1, 3000) + "Y" + c.substring(3001, 5999) + "X";
    assertThat(distance(c, d)).isEqualTo(3);
  }

  @Test
  void aDiffSaysWhichTextDeltasAreLowerBounds() {
    String big = "a".repeat(5_000);
    StructType schema =
        new StructType().add("id", DataTypes.IntegerType).add("s", DataTypes.StringType);
    Dataset<Row> lhs =
        spark()
            .createDataFrame(
                List.of(
                    RowFactory.create(1, "kitten"),
                    RowFactory.create(2, big),
                    RowFactory.create(3, "x" + big)),
                schema);
    Dataset<Row> rhs =
        spark()
            .createDataFrame(
                List.of(
                    RowFactory.create(1, "sitting"),
                    RowFactory.create(2, "b".repeat(5_000)),
                    RowFactory.create(3, "y" + big)),
                schema);
    Run r = run(BigDiff.key("id"), lhs, rhs);
    int bound = (int) ((TextDistance.CELLS / 5_000 - 1) / 2) + 1;
    assertThat((Double) r.entry(1, "s").getAs("delta")).isEqualTo(3.0);
    assertThat((Boolean) r.entry(1, "s").getAs("lowerBound")).isFalse();
    assertThat((Double) r.entry(2, "s").getAs("delta")).isEqualTo((double) bound);
    assertThat((Boolean) r.entry(2, "s").getAs("lowerBound")).isTrue();
    assertThat((Double) r.entry(3, "s").getAs("delta")).isEqualTo(1.0);
    assertThat((Boolean) r.entry(3, "s").getAs("lowerBound")).isFalse();
    DeltaStats stats = r.field("s").delta().orElseThrow();
    assertThat(stats.count()).isEqualTo(3);
    assertThat(stats.lowerBounds()).isEqualTo(1);
    assertThat(stats.max().getAsDouble()).isEqualTo((double) bound);
    assertThat(stats.approximate()).containsExactlyInAnyOrder(DeltaStatistic.values());
    assertThat(stats.lowerBoundNote().orElseThrow())
        .isEqualTo(
            "1 of 3 deltas is a lower bound (texts too long to compare exactly: their differing"
                + " parts, once the common prefix and suffix are set aside, exceed 4096"
                + " characters each)");
    FieldStats.Example largest = r.field("s").examples().get(0);
    assertThat(largest.lowerBound()).isTrue();
    String json = SummaryJson.write(r.summary());
    assertThat(json).contains("\"lowerBounds\" : 1");
    String html = HtmlReport.render(r.summary(), "lhs", "rhs");
    assertThat(html).contains("&asymp;" + bound).contains("&ge; " + bound);
    assertThat(html).contains("1 of 3 deltas is a lower bound");
  }

  @Test
  void shortTextDeltasAreExactAndUnmarked() {
    Dataset<Row> lhs = values("values (1, 'kitten'), (2, 'flaw') as t(id, s)");
    Dataset<Row> rhs = values("values (1, 'sitting'), (2, 'lawn') as t(id, s)");
    DeltaStats stats = run(BigDiff.key("id"), lhs, rhs).field("s").delta().orElseThrow();
    assertThat(stats.lowerBounds()).isZero();
    assertThat(stats.approximate()).isEmpty();
    assertThat(stats.lowerBoundNote()).isEmpty();
  }

  @Test
  void decimalsWiderThanADoubleHaveExactDeltas() {
    String max = "9".repeat(38);
    String less = "9".repeat(37) + "8";
    Dataset<Row> lhs =
        values(
            "values (1, cast('"
                + less
                + "' as decimal(38,0))), (2, cast('-"
                + max
                + "' as decimal(38,0))), (3, cast('"
                + max
                + "' as decimal(38,0))) as t(id, d)");
    Dataset<Row> rhs =
        values(
            "values (1, cast('"
                + max
                + "' as decimal(38,0))), (2, cast('-"
                + less
                + "' as decimal(38,0))), (3, cast('"
                + less
                + "' as decimal(38,0))) as t(id, d)");
    Run r = run(BigDiff.key("id"), lhs, rhs);
    assertThat(r.global().different()).isEqualTo(3);
    assertThat((Double) r.entry(1, "d").getAs("delta")).isEqualTo(1.0);
    assertThat((Double) r.entry(2, "d").getAs("delta")).isEqualTo(1.0);
    assertThat((Double) r.entry(3, "d").getAs("delta")).isEqualTo(-1.0);
    DeltaStats stats = r.field("d").delta().orElseThrow();
    assertThat(stats.min().getAsDouble()).isEqualTo(-1.0);
    assertThat(stats.max().getAsDouble()).isEqualTo(1.0);
    assertThat(stats.mean().getAsDouble()).isEqualTo(1.0 / 3);
    assertThat(stats.p50().getAsDouble()).isEqualTo(1.0);
    assertThat(stats.p99().getAsDouble()).isEqualTo(1.0);
    // Min, max, mean and the percentiles of 3 deltas are exact; the moments are not.
    assertThat(stats.approximate())
        .containsExactlyInAnyOrder(
            DeltaStatistic.VARIANCE,
            DeltaStatistic.STDDEV,
            DeltaStatistic.SKEWNESS,
            DeltaStatistic.KURTOSIS);
  }

  @Test
  void aDecimalDeltaBeyondThirtyEightDigitsIsRoundedOnce() {
    String max = "9".repeat(38);
    Dataset<Row> lhs = values("values (1, cast('-" + max + "' as decimal(38,0))) as t(id, d)");
    Dataset<Row> rhs = values("values (1, cast('" + max + "' as decimal(38,0))) as t(id, d)");
    Run r = run(BigDiff.key("id"), lhs, rhs);
    double exact = new BigDecimal(max).multiply(BigDecimal.valueOf(2)).doubleValue();
    assertThat((Double) r.entry(1, "d").getAs("delta")).isEqualTo(exact);
    DeltaStats stats = r.field("d").delta().orElseThrow();
    assertThat(stats.min().getAsDouble()).isEqualTo(exact);
    // The sum of deltas that large can lose digits in a double: the mean says it is approximate.
    assertThat(stats.approximate()).contains(DeltaStatistic.MEAN);
    assertThat(stats.isApproximate(DeltaStatistic.MIN)).isFalse();
  }

  @Test
  void longsNearTheirLimitsHaveExactDeltas() {
    Dataset<Row> lhs =
        values(
            "values (1, 9223372036854775806L), (2, -9223372036854775808L),"
                + " (3, -9223372036854775808L) as t(id, n)");
    Dataset<Row> rhs =
        values(
            "values (1, 9223372036854775807L), (2, -9223372036854775807L),"
                + " (3, 9223372036854775807L) as t(id, n)");
    Run r = run(BigDiff.key("id"), lhs, rhs);
    assertThat((Double) r.entry(1, "n").getAs("delta")).isEqualTo(1.0);
    assertThat((Double) r.entry(2, "n").getAs("delta")).isEqualTo(1.0);
    // 2^64 - 1 overflows a long; computed exactly, it rounds to 2^64.
    assertThat((Double) r.entry(3, "n").getAs("delta")).isEqualTo(0x1p64);
    DeltaStats stats = r.field("n").delta().orElseThrow();
    assertThat(stats.min().getAsDouble()).isEqualTo(1.0);
    assertThat(stats.max().getAsDouble()).isEqualTo(0x1p64);
    assertThat(stats.approximate()).contains(DeltaStatistic.MEAN, DeltaStatistic.VARIANCE);
    assertThat(stats.isApproximate(DeltaStatistic.MAX)).isFalse();
  }

  @Test
  void equalSmallIntegralDeltasAreExactThroughout() {
    Dataset<Row> lhs =
        values("values (1, 9223372036854775806L), (2, 9223372036854775805L) as t(id, n)");
    Dataset<Row> rhs =
        values("values (1, 9223372036854775807L), (2, 9223372036854775806L) as t(id, n)");
    DeltaStats stats = run(BigDiff.key("id"), lhs, rhs).field("n").delta().orElseThrow();
    assertThat(stats.min().getAsDouble()).isEqualTo(1.0);
    assertThat(stats.max().getAsDouble()).isEqualTo(1.0);
    assertThat(stats.mean().getAsDouble()).isEqualTo(1.0);
    assertThat(stats.stddev().getAsDouble()).isZero();
    assertThat(stats.p50().getAsDouble()).isEqualTo(1.0);
    assertThat(stats.approximate()).isEmpty();
  }
}
