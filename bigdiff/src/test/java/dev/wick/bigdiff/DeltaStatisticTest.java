package dev.wick.bigdiff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wick.bigdiff.DeltaStatistic.Shown;
import dev.wick.core.json.Json;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** The delta statistics are declared once, and every output follows the declaration. */
class DeltaStatisticTest {

  @Test
  void eachPlaceShowsTheStatisticsDeclaredForItInDeclarationOrder() {
    assertThat(keys(DeltaStatistic.in(Shown.FILES)))
        .containsExactly(
            "min",
            "max",
            "mean",
            "stddev",
            "variance",
            "skewness",
            "kurtosis",
            "p50",
            "p90",
            "p99");
    assertThat(keys(DeltaStatistic.in(Shown.REPORT)))
        .containsExactly("min", "max", "mean", "stddev", "p50", "p90", "p99");
    assertThat(keys(DeltaStatistic.in(Shown.CONSOLE))).containsExactly("mean", "p50", "p99");
    assertThat(DeltaStatistic.percentiles())
        .extracting(DeltaStatistic::percentile)
        .containsExactly(0.5, 0.9, 0.99);
  }

  @Test
  void summaryJsonHasOneKeyPerStatisticWithItsValue() {
    Map<DeltaStatistic, OptionalDouble> values = new EnumMap<>(DeltaStatistic.class);
    for (DeltaStatistic s : DeltaStatistic.values()) {
      values.put(s, OptionalDouble.of(s.ordinal() + 0.5));
    }
    values.put(DeltaStatistic.KURTOSIS, OptionalDouble.empty());
    DeltaStats delta = new DeltaStats(DeltaType.NUMERIC, 7, values);
    DiffSummary summary =
        new DiffSummary(
            List.of("id"),
            new GlobalCounts(1, 0, 1, 0, 0, 0, 0, 0, 0, 1, 1),
            List.of(new FieldStats("n", 1, 1.0, Optional.of(delta), List.of(), List.of())),
            new SchemaDifference(
                List.of("n"), List.of(), List.of(), List.of(), List.of(), List.of(), List.of()));

    JsonNode json = Json.read(SummaryJson.write(summary), "summary.json").get("fields").get(0);

    List<String> names = new ArrayList<>();
    json.get("delta").fieldNames().forEachRemaining(names::add);
    List<String> expected = new ArrayList<>(List.of("type", "count"));
    expected.addAll(keys(Arrays.asList(DeltaStatistic.values())));
    expected.addAll(List.of("lowerBounds", "approximate"));
    assertThat(names).isEqualTo(expected);
    assertThat(json.get("delta").get("approximate").size()).isZero();
    assertThat(json.get("delta").get("p90").asDouble()).isEqualTo(8.5);
    assertThat(json.get("delta").get("kurtosis").isNull()).isTrue();
    assertThat(delta.p90()).isEqualTo(OptionalDouble.of(8.5));
  }

  @Test
  void deltaStatsNeedsEveryStatistic() {
    Map<DeltaStatistic, OptionalDouble> values = new EnumMap<>(DeltaStatistic.class);
    values.put(DeltaStatistic.MIN, OptionalDouble.of(1));

    assertThatThrownBy(() -> new DeltaStats(DeltaType.NUMERIC, 1, values))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("max");
    assertThat(DeltaStats.none(DeltaType.STRING).values().values())
        .hasSize(DeltaStatistic.values().length)
        .allMatch(OptionalDouble::isEmpty);
  }

  @Test
  void everyDiffTypeIsAClassificationOfTheSameNameAndDuplicateIsNoDiffType() {
    for (DiffType t : DiffType.values()) {
      assertThat(Classification.of(t).name()).isEqualTo(t.name());
    }
    assertThat(Arrays.stream(DiffType.values()).map(Enum::name))
        .doesNotContain(Classification.DUPLICATE.name());
    assertThat(Classification.values()).hasSize(DiffType.values().length + 1);
  }

  private static List<String> keys(List<DeltaStatistic> stats) {
    return stats.stream().map(DeltaStatistic::key).toList();
  }
}
