package dev.wick.profiler;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class MetricCheckTest {
  private static MetricCheck check(String metric, double value, double lower, double upper) {
    return new MetricCheck(
        Optional.of("id"),
        metric,
        Optional.empty(),
        value,
        MetricCheck.Method.ROBUST,
        (lower + upper) / 2,
        lower,
        upper,
        value < lower || value > upper,
        List.of());
  }

  @Test
  void aCountReadsWholeThoughItsEstimateAndBandHaveFractions() {
    MetricCheck distinct = check("distinct", 408.4172, 377.8741, 417.6504);
    assertThat(distinct.summary())
        .isEqualTo("field 'id' distinct count: 408, band 378 to 418 (robust)");
    assertThat(check("rowCount", 1_842.3984, 1_700, 2_000.5).word(1_842.3984)).isEqualTo("1,842");
    assertThat(check("mean", 204.5, 189.525, 209.475).band()).isEqualTo("189.525 to 209.475");
  }

  @Test
  void aDistanceHasOnlyAnUpperEnd() {
    MetricCheck js = check("js", 0.1202, Double.NEGATIVE_INFINITY, 0.1027);
    assertThat(js.band()).isEqualTo("at most 0.1027");
    assertThat(js.summary())
        .isEqualTo(
            "field 'id' Jensen-Shannon distance to the window: 0.1202, band at most 0.1027"
                + " (robust)");
  }

  @Test
  void aMomentOfATemporalFieldReadsAsATimeToTheSecond() {
    Instant t = Instant.parse("2026-01-04T11:56:55.262393Z");
    double micros = t.getEpochSecond() * 1e6 + t.getNano() / 1e3;
    MetricCheck mean = check("mean", micros, micros - 3.6e9, micros + 3.6e9).asTime("timestamp");
    assertThat(mean.word(mean.value())).isEqualTo("2026-01-04T11:56:55Z");
    assertThat(mean.band()).isEqualTo("2026-01-04T10:56:55Z to 2026-01-04T12:56:55Z");
    MetricCheck day = check("p50", 20_457, 20_450, 20_460).asTime("date");
    assertThat(day.word(day.value())).isEqualTo("2026-01-04");
  }
}
