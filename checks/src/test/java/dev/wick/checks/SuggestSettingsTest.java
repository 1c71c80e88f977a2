package dev.wick.checks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.ExitCode;
import dev.wick.core.WickException;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The one value of {@link Suggestions}' settings: its defaults, copies and validation. */
class SuggestSettingsTest {
  static final SuggestSettings D = SuggestSettings.DEFAULTS;

  @Test
  void defaultsAreTheDocumentedOnes() {
    assertThat(D.schema()).isEmpty();
    assertThat(D.baseline()).isEmpty();
    assertThat(D.nullMargin()).isEqualTo(0.01);
    assertThat(D.rangeMargin()).isEqualTo(0.1);
    assertThat(D.medianMargin()).isEqualTo(0.25);
    assertThat(D.maxValues()).isEqualTo(20);
    assertThat(D.minCount()).isEqualTo(5);
    assertThat(D.minRatio()).isEqualTo(0.5);
    assertThat(D.maxRatio()).isEqualTo(2.0);
    assertThat(D.distinctFactor()).isEqualTo(2.0);
    assertThat(D.freshnessMargin()).isEqualTo(1.0);
  }

  @Test
  void eachCopyChangesItsSettingAlone() {
    assertThat(D.withBaseline("day1/profile.json"))
        .isEqualTo(
            new SuggestSettings(
                Optional.empty(),
                Optional.of("day1/profile.json"),
                0.01,
                0.1,
                0.25,
                20,
                5,
                0.5,
                2.0,
                2.0,
                1.0));
    assertThat(D.withNullMargin(0.05).nullMargin()).isEqualTo(0.05);
    assertThat(D.withRangeMargin(0.3).rangeMargin()).isEqualTo(0.3);
    assertThat(D.withMedianMargin(0.5).medianMargin()).isEqualTo(0.5);
    SuggestSettings allowed = D.withAllowedValues(7, 3);
    assertThat(allowed.maxValues()).isEqualTo(7);
    assertThat(allowed.minCount()).isEqualTo(3);
    SuggestSettings ratios = D.withRowCountRatios(0.9, 1.1);
    assertThat(ratios.minRatio()).isEqualTo(0.9);
    assertThat(ratios.maxRatio()).isEqualTo(1.1);
    assertThat(D.withDistinctFactor(1.1).distinctFactor()).isEqualTo(1.1);
    assertThat(D.withFreshnessMargin(0).freshnessMargin()).isEqualTo(0);
    assertThat(D.withFreshnessMargin(0).withNullMargin(0.2))
        .isEqualTo(D.withNullMargin(0.2).withFreshnessMargin(0));
    assertThat(D).isEqualTo(SuggestSettings.DEFAULTS);
  }

  @Test
  void refusesEachValueOutOfRangeWithTheSettersMessage() {
    assertThatThrownBy(() -> D.withNullMargin(-0.1))
        .isInstanceOf(WickException.class)
        .hasMessage("The null margin must be between 0 and 1, got -0.1; give a share of the rows.");
    assertThatThrownBy(() -> D.withNullMargin(Double.NaN))
        .hasMessageStartingWith("The null margin must be between 0 and 1");
    assertThatThrownBy(() -> D.withRangeMargin(Double.POSITIVE_INFINITY))
        .hasMessageStartingWith("The range margin must be 0 or more, got ");
    assertThatThrownBy(() -> D.withRangeMargin(-1))
        .hasMessage(
            "The range margin must be 0 or more, got -1; give a share of the span from min to"
                + " max.");
    assertThatThrownBy(() -> D.withMedianMargin(-1))
        .hasMessage(
            "The median margin must be 0 or more, got -1; give a share of the interquartile"
                + " range.");
    assertThatThrownBy(() -> D.withAllowedValues(0, 5))
        .hasMessage(
            "Allowed values need at least 1 value seen at least once, got 0 values seen 5 times;"
                + " give numbers of 1 or more.");
    assertThatThrownBy(() -> D.withAllowedValues(20, 0))
        .hasMessageStartingWith("Allowed values need at least 1 value seen at least once");
    assertThatThrownBy(() -> D.withRowCountRatios(-1, 2))
        .hasMessageStartingWith("Row count ratios must satisfy 0 <= min <= max, got -1 and 2");
    assertThatThrownBy(() -> D.withRowCountRatios(1, Double.POSITIVE_INFINITY))
        .hasMessageStartingWith("Row count ratios must satisfy 0 <= min <= max");
    assertThatThrownBy(() -> D.withDistinctFactor(Double.NaN))
        .hasMessageStartingWith("The distinct factor must be at least 1.1, got ");
    assertThatThrownBy(() -> D.withFreshnessMargin(Double.NaN))
        .hasMessageStartingWith("The freshness margin must be 0 or more, got ");
    assertThatThrownBy(() -> D.withBaseline(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("path");
    assertThatThrownBy(() -> D.withSchema(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("schema");
  }

  @Test
  void errorsAreUsageErrorsNamingTheirSetting() {
    WickException e = catchUsage(() -> D.withNullMargin(2));
    assertThat(e.exitCode()).isEqualTo(ExitCode.USAGE);
    assertThat(e.settings())
        .containsExactly(new WickException.Setting("nullMargin", "The null margin"));
    assertThat(catchUsage(() -> D.withRangeMargin(-1)).settings())
        .containsExactly(new WickException.Setting("rangeMargin", "The range margin"));
    assertThat(catchUsage(() -> D.withDistinctFactor(1)).settings())
        .containsExactly(new WickException.Setting("distinctFactor", "The distinct factor"));
    assertThat(catchUsage(() -> D.withFreshnessMargin(-1)).settings())
        .containsExactly(new WickException.Setting("freshnessMargin", "The freshness margin"));
    assertThat(catchUsage(() -> D.withMedianMargin(-1)).settings()).isEmpty();
  }

  @Test
  void marginsKeepTheLargerOfTheNullMarginAndFourStandardErrors() {
    // Four standard errors of 0.5 on 10,000 values: 4 * 0.005 = 0.02, above the 0.01 margin.
    assertThat(D.margin(0.5, 10_000)).isEqualTo(0.02, org.assertj.core.data.Offset.offset(1e-12));
    assertThat(D.lessMargin(0.5, 10_000)).isEqualTo(0.48);
    // A share of 1 has no error: the null margin alone.
    assertThat(D.margin(1.0, 100)).isEqualTo(0.01);
    assertThat(D.lessMargin(1.0, 100)).isEqualTo(0.99);
    assertThat(D.withNullMargin(1).lessMargin(0.5, 10)).isEqualTo(0);
    assertThat(D.maxRows(101)).isEqualTo(202);
    assertThat(D.withRowCountRatios(0, 1.5).maxRows(101)).isEqualTo(151);
  }

  private static WickException catchUsage(Runnable r) {
    try {
      r.run();
    } catch (WickException e) {
      return e;
    }
    throw new AssertionError("no usage error");
  }
}
