package dev.wick.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class WordingTest {
  @Test
  void aMeasuredNumberReadsWithoutScientificNotationFromAThousandthToAQuadrillion() {
    assertThat(Wording.number(5_436_912.4)).isEqualTo("5,436,912");
    assertThat(Wording.number(-2.297e7)).isEqualTo("-22,970,000");
    assertThat(Wording.number(135_918.73231)).isEqualTo("135,918.7323");
    assertThat(Wording.number(0.9985714285714286)).isEqualTo("0.9986");
    assertThat(Wording.number(2.5e-5)).isEqualTo("2.500e-05");
    assertThat(Wording.number(3e20)).isEqualTo("3.000e+20");
    assertThat(Wording.number(Double.NaN)).isEqualTo("-");
  }

  @Test
  void aMomentOfWicksOwnReadsToTheSecond() {
    assertThat(Wording.time("2026-12-04T21:25:45.418436843Z")).isEqualTo("2026-12-04T21:25:45Z");
    assertThat(Wording.time(Instant.parse("2026-01-01T00:00:00Z")))
        .isEqualTo("2026-01-01T00:00:00Z");
    assertThat(Wording.time("yesterday")).isEqualTo("yesterday");
  }

  @Test
  void aSpanReadsInItsTwoLargestUnits() {
    assertThat(Wording.duration(Duration.ofSeconds(175_000))).isEqualTo("2d 1h");
    assertThat(Wording.duration(Duration.ofDays(3))).isEqualTo("3d");
    assertThat(Wording.duration(Duration.ofMinutes(192))).isEqualTo("3h 12m");
    assertThat(Wording.duration(Duration.ofSeconds(250))).isEqualTo("4m 10s");
    assertThat(Wording.duration(Duration.ofSeconds(12))).isEqualTo("12s");
    assertThat(Wording.duration(Duration.ofMillis(2500))).isEqualTo("2.5s");
    assertThat(Wording.duration(Duration.ofMillis(250))).isEqualTo("250ms");
    assertThat(Wording.duration(Duration.ofNanos(40_000))).isEqualTo("40µs");
    assertThat(Wording.duration(Duration.ofNanos(7))).isEqualTo("7ns");
    assertThat(Wording.duration(Duration.ZERO)).isEqualTo("0s");
    assertThat(Wording.duration(Duration.ofHours(-5))).isEqualTo("-5h");
    // Rounded to the smaller unit: 1 day, 23 hours and 59 minutes is 2 days.
    assertThat(Wording.duration(Duration.ofMinutes(2 * 1440 - 1))).isEqualTo("2d");
  }

  @Test
  void microsecondsReadAsADuration() {
    assertThat(Wording.durationOfMicros(1.750e11)).isEqualTo("2d 1h");
    assertThat(Wording.durationOfMicros(1500.4)).isEqualTo("2ms");
    assertThat(Wording.durationOfMicros(-3.6e9)).isEqualTo("-1h");
    assertThat(Wording.durationOfMicros(Double.NaN)).isEqualTo("-");
  }
}
