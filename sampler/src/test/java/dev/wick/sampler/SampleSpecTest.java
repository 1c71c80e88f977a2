package dev.wick.sampler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.ExitCode;
import dev.wick.core.WickException;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class SampleSpecTest {

  private static void assertUsage(Runnable r, String message) {
    assertThatThrownBy(r::run)
        .isInstanceOf(WickException.class)
        .hasMessage(message)
        .satisfies(e -> assertThat(((WickException) e).exitCode()).isEqualTo(ExitCode.USAGE));
  }

  @Test
  void fractionMustBeInTheUnitInterval() {
    assertUsage(
        () -> Sampler.fraction(1.5),
        "fraction must be in (0, 1], got 1.5; pass a share such as 0.01 for 1%.");
    assertUsage(
        () -> Sampler.fraction(0),
        "fraction must be in (0, 1], got 0; pass a share such as 0.01 for 1%.");
    assertUsage(
        () -> Sampler.fraction(Double.NaN),
        "fraction must be in (0, 1], got NaN; pass a share such as 0.01 for 1%.");
    assertThat(Sampler.fraction(1).build().target()).isEqualTo(new SampleSize.Fraction(1.0));
  }

  @Test
  void countMustBePositive() {
    assertUsage(
        () -> Sampler.count(0),
        "count must be at least 1, got 0; pass the number of records to keep.");
  }

  @Test
  void fieldsMustBeNamedOnceAndNotBlank() {
    assertUsage(
        () -> Sampler.fraction(0.1).by("user_id", "user_id").build(),
        "Field 'user_id' is named twice in by; list each field once.");
    assertUsage(
        () -> Sampler.fraction(0.1).strata("country", " ").build(),
        "strata has an empty field name; list field paths, separated with commas, such as"
            + " user_id,country.");
  }

  @Test
  void distributionNeedsStrata() {
    assertUsage(
        () -> Sampler.fraction(0.1).distribution(Distribution.UNIFORM).build(),
        "distribution uniform shares the target among strata, but none are given; name the"
            + " fields that form them in strata, or leave distribution unset.");
    assertUsage(
        () -> Distribution.parse("even"),
        "'even' is not a distribution; use stratified or uniform for distribution.");
  }

  @Test
  void eachSettingErrorNamesItsSettingSoThatAFrontEndCanSayItsOwnWord() {
    Function<String, Optional<String>> spelling = s -> Optional.of("<" + s + ">");
    assertThat(failure(() -> Sampler.fraction(2)).message(spelling))
        .isEqualTo("<fraction> must be in (0, 1], got 2; pass a share such as 0.01 for 1%.");
    assertThat(failure(() -> Sampler.count(0)).message(spelling))
        .isEqualTo("<count> must be at least 1, got 0; pass the number of records to keep.");
    assertThat(failure(() -> Sampler.fraction(0.1).by("baby", "baby").build()).message(spelling))
        .isEqualTo("Field 'baby' is named twice in <by>; list each field once.");
    assertThat(failure(() -> Sampler.fraction(0.1).by("").build()).message(spelling))
        .startsWith("<by> has an empty field name;");
    assertThat(failure(() -> Sampler.fraction(0.1).strata("strata", " ").build()).message(spelling))
        .startsWith("<strata> has an empty field name;");
    assertThat(
            failure(() -> Sampler.count(5).distribution(Distribution.UNIFORM).build())
                .message(spelling))
        .isEqualTo(
            "distribution uniform shares the target among strata, but none are given; name the"
                + " fields that form them in <strata>, or leave <distribution> unset.");
    assertThat(failure(() -> Distribution.parse("x")).message(spelling))
        .isEqualTo("'x' is not a distribution; use stratified or uniform for <distribution>.");
  }

  private static WickException failure(Runnable r) {
    try {
      r.run();
    } catch (WickException e) {
      return e;
    }
    throw new AssertionError("no WickException");
  }

  @Test
  void theDefaultSeedIsFixedAndSaidToBeTheDefault() {
    SampleSpec spec = Sampler.fraction(0.01).by("user_id").build();
    assertThat(spec.seed()).isEqualTo(Sampler.DEFAULT_SEED).isEqualTo(42L);
    assertThat(spec.seedGiven()).isFalse();
    assertThat(spec.describe()).isEqualTo("fraction 0.01 by user_id, seed 42 (default)");
    assertThat(
            Sampler.count(1000)
                .strata("country", "tier")
                .distribution(Distribution.UNIFORM)
                .exact()
                .seed(7)
                .build()
                .describe())
        .isEqualTo("count 1000 exactly (Bernoulli), uniform over strata country,tier, seed 7");
  }

  @Test
  void aSamplerIsImmutableSoOneBaseServesManySpecs() {
    Sampler base = Sampler.fraction(0.1).seed(7);
    SampleSpec byUser = base.by("user_id").build();
    SampleSpec byCountry = base.strata("country").exact().build();
    assertThat(base.build().describe()).isEqualTo("fraction 0.1 (Bernoulli), seed 7");
    assertThat(byUser.describe()).isEqualTo("fraction 0.1 by user_id, seed 7");
    assertThat(byCountry.describe())
        .isEqualTo("fraction 0.1 exactly (Bernoulli), stratified over strata country, seed 7");
  }
}
