package dev.wick.testkit.generators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.wick.core.WickException;
import dev.wick.core.spark.WickSpark;
import dev.wick.profiler.Profile;
import dev.wick.profiler.Profiler;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code Generators.rows(struct).like(profile)}: jqwik arbitraries whose values follow a profile of
 * real data, as {@code wick generate --like} does in bulk.
 */
class LikeArbitraryTest {
  static Dataset<Row> plays;
  static Profile profile;

  @BeforeAll
  static void profile() {
    SparkSession spark = WickSpark.local(2);
    // Half the plays Swedish, 30% American, 20% British; a third without a comment; durations
    // spread from 0 to about 10 minutes, skewed towards short plays.
    plays =
        spark
            .range(0, 6000)
            .selectExpr(
                "element_at(array('SE', 'SE', 'SE', 'SE', 'SE', 'US', 'US', 'US', 'GB', 'GB'),"
                    + " CAST(id % 10 AS INT) + 1) AS country",
                "IF(id % 3 = 0, NULL, concat('c', CAST(id % 50 AS STRING))) AS comment",
                "CAST(pow((id * 7919) % 1000 / 1000.0, 2) * 600000 AS BIGINT) AS ms_played")
            .cache();
    profile = Profiler.defaults().profile(plays, "plays");
  }

  @Test
  void valuesFollowTheProfilesFrequenciesNullRateAndQuantiles() {
    List<Row> drawn =
        Generators.rows(plays.schema()).like(profile).sampleStream().limit(4000).toList();
    Map<String, Double> countries =
        drawn.stream()
            .collect(
                Collectors.groupingBy(
                    r -> String.valueOf(r.<String>getAs("country")),
                    Collectors.collectingAndThen(Collectors.counting(), n -> n / 4000.0)));
    assertThat(countries.keySet()).containsExactlyInAnyOrder("SE", "US", "GB");
    assertThat(countries.get("SE")).isCloseTo(0.5, within(0.04));
    assertThat(countries.get("US")).isCloseTo(0.3, within(0.04));
    assertThat(countries.get("GB")).isCloseTo(0.2, within(0.04));

    double nulls = drawn.stream().filter(r -> r.isNullAt(r.fieldIndex("comment"))).count() / 4000.0;
    assertThat(nulls).isCloseTo(1.0 / 3, within(0.04));

    long[] ms = drawn.stream().mapToLong(r -> r.<Long>getAs("ms_played")).sorted().toArray();
    long[] real =
        plays.select("ms_played").collectAsList().stream()
            .mapToLong(r -> r.getLong(0))
            .sorted()
            .toArray();
    for (double q : new double[] {0.25, 0.5, 0.75, 0.9}) {
      double generated = ms[(int) (q * ms.length)];
      double expected = real[(int) (q * real.length)];
      assertThat(generated).as("quantile " + q).isCloseTo(expected, within(0.05 * 600_000));
    }
    assertThat(ms[0]).isGreaterThanOrEqualTo(0);
    assertThat(ms[ms.length - 1]).isLessThanOrEqualTo(600_000);
  }

  @Test
  void anAmendedFieldStillWinsOverTheProfile() {
    List<Row> drawn =
        Generators.rows(plays.schema())
            .like(profile)
            .amend("country", net.jqwik.api.Arbitraries.just("NO"))
            .sampleStream()
            .limit(200)
            .toList();
    assertThat(drawn.stream().map(r -> r.<String>getAs("country")).distinct().toList())
        .containsExactly("NO");
  }

  @Test
  void aRareValueIsNeverCopied() {
    // Each comment is seen 80 times; with a minimum count above that none may be copied.
    List<String> comments =
        Generators.rows(plays.schema())
            .like(profile, 1000)
            .sampleStream()
            .limit(1000)
            .map(r -> r.<String>getAs("comment"))
            .filter(c -> c != null)
            .toList();
    assertThat(comments).isNotEmpty();
    Map<String, Long> counts =
        comments.stream()
            .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
    for (int i = 0; i < 50; i++) {
      assertThat(counts).doesNotContainKey("c" + i);
    }
  }

  @Test
  void aMinimumCountBelowOneIsOneSentence() {
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> Generators.rows(plays.schema()).like(profile, 0))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "The minimum count of a copied value must be at least 1, got 0; pass a count such as"
                + " 5.");
  }
}
