package dev.wick.profiler;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.profiler.internal.RobustBand;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The bands on plain series, and metrics of hand-made profiles (no Spark). */
class AnomalyBandsTest {
  static final Instant MONDAY = Instant.parse("2026-01-05T00:00:00Z");

  private static List<Instant> days(int n) {
    List<Instant> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(MONDAY.plus(Duration.ofDays(i)));
    }
    return out;
  }

  private static RobustBand.Band judge(double[] values, double value) {
    return RobustBand.judge(
        days(values.length),
        values,
        MONDAY.plus(Duration.ofDays(values.length)),
        value,
        5,
        0,
        0.01,
        false,
        true,
        7);
  }

  @Test
  void aWeeklySeriesIsJudgedAgainstItsWeekday() {
    double[] v = new double[28];
    for (int i = 0; i < 28; i++) {
      v[i] = (i % 7 >= 5 ? 600 : 1000) + (i * 37 % 11) - 5; // weekends low, a little noise
    }
    // Day 28 is a Monday: 1000 is usual, 600 is not.
    RobustBand.Band usual = judge(v, 1000);
    assertThat(usual.method()).isEqualTo(RobustBand.Method.SEASONAL);
    assertThat(usual.anomalous()).isFalse();
    assertThat(judge(v, 600).anomalous()).isTrue();
    // Without a cycle the same values around 1000 are judged robustly.
    double[] flat = new double[28];
    for (int i = 0; i < 28; i++) {
      flat[i] = 1000 + (i * 37 % 11) - 5;
    }
    RobustBand.Band plain = judge(flat, 1003);
    assertThat(plain.method()).isEqualTo(RobustBand.Method.ROBUST);
    assertThat(plain.center()).isEqualTo(1000.0);
    assertThat(plain.anomalous()).isFalse();
    assertThat(judge(flat, 1100).anomalous()).isTrue();
  }

  @Test
  void aConstantSeriesHasAFloorAndTooFewValuesAreNotJudged() {
    double[] same = new double[10];
    java.util.Arrays.fill(same, 200);
    RobustBand.Band b = judge(same, 205); // within 5 x 1% of 200
    assertThat(b.anomalous()).isFalse();
    assertThat(b.lower()).isEqualTo(190.0);
    assertThat(b.upper()).isEqualTo(210.0);
    assertThat(judge(same, 211).anomalous()).isTrue();
    RobustBand.Band young = judge(new double[] {1, 2, 3}, 100);
    assertThat(young.method()).isEqualTo(RobustBand.Method.NOT_JUDGED);
    assertThat(young.anomalous()).isFalse();
  }

  private static Profile profile(long valid) {
    FieldProfile code =
        new FieldProfile(
            "code",
            "string",
            FieldKind.TEXT,
            1000,
            0,
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            List.of(),
            false,
            Optional.of(new SemanticStats("country_code", 1000, valid)),
            FieldSketches.none());
    return new Profile("codes", "2026-01-01T00:00:00Z", 1000, 10, List.of(code));
  }

  @Test
  void theInvalidRateOfASemanticTypeIsJudged() {
    List<TimedProfile> history = new ArrayList<>();
    for (int d = 0; d < 10; d++) {
      history.add(TimedProfile.of(MONDAY.plus(Duration.ofDays(d)), profile(990 + d % 3)));
    }
    history.add(TimedProfile.of(MONDAY.plus(Duration.ofDays(10)), profile(700)));
    AnomalyReport r = Anomalies.defaults().detect(history);
    MetricCheck invalid =
        r.checks().stream().filter(c -> c.metric().equals("invalidRate")).findFirst().orElseThrow();
    assertThat(invalid.value()).isCloseTo(0.3, org.assertj.core.api.Assertions.within(1e-12));
    assertThat(invalid.anomalous()).isTrue();
    assertThat(r.anomalies())
        .extracting(MetricCheck::summary)
        .containsExactly("field 'code' invalid rate: 0.3, band 0 to 0.019 (robust)");
  }
}
