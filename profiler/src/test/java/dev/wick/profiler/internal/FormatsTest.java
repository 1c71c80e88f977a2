package dev.wick.profiler.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.profiler.FieldKind;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class FormatsTest {
  private static double micros(String instant) {
    Instant t = Instant.parse(instant);
    return t.getEpochSecond() * 1e6 + t.getNano() / 1e3;
  }

  @Test
  void aTimestampKeepsItsPrecisionButItsMeanReadsToTheSecond() {
    double v = micros("2026-01-04T11:56:55.262393Z");
    assertThat(Formats.value(FieldKind.TEMPORAL, "timestamp", v))
        .isEqualTo("2026-01-04T11:56:55.262393Z");
    assertThat(Formats.mean(FieldKind.TEMPORAL, "timestamp", v)).isEqualTo("2026-01-04T11:56:55Z");
    assertThat(Formats.mean(FieldKind.NUMERIC, "double", 135_918.73231)).isEqualTo("135,918.7323");
  }

  @Test
  void aPValueReadsInFourDecimalsOrAsBelowTheirReach() {
    assertThat(Formats.pValue(0.0)).isEqualTo("< 0.0001");
    assertThat(Formats.pValue(3.2e-7)).isEqualTo("< 0.0001");
    assertThat(Formats.pValue(0.04567)).isEqualTo("0.0457");
    assertThat(Formats.pValue(1.0)).isEqualTo("1.0000");
  }
}
