package dev.wick.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Durations as every option and file that takes one reads them. */
class DurationsTest {
  @Test
  void aNumberAndAUnitOrIso8601() {
    assertThat(Durations.parse("250ms")).contains(Duration.ofMillis(250));
    assertThat(Durations.parse("30s")).contains(Duration.ofSeconds(30));
    assertThat(Durations.parse("90m")).contains(Duration.ofMinutes(90));
    assertThat(Durations.parse(" 36 H ")).contains(Duration.ofHours(36));
    assertThat(Durations.parse("7d")).contains(Duration.ofDays(7));
    assertThat(Durations.parse("0s")).contains(Duration.ZERO);
    assertThat(Durations.parse("PT36H")).contains(Duration.ofHours(36));
    assertThat(Durations.parse("p7d")).contains(Duration.ofDays(7));
    assertThat(Durations.parse("-PT5S")).contains(Duration.ofSeconds(-5));
  }

  @Test
  void anythingElseIsNone() {
    for (String bad :
        new String[] {
          "",
          "d",
          "7",
          "7w",
          "-7d",
          "1.5h",
          "7d2h",
          "5e3s",
          "P",
          "PT",
          "pt1x",
          "NaN",
          "9999999999999999999d",
          "106751991167301d"
        }) {
      assertThat(Durations.parse(bad)).as(bad).isEmpty();
    }
    assertThat(Durations.parse(null)).isEmpty();
  }
}
