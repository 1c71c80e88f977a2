package dev.wick.core.validation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.WickException;
import dev.wick.core.gate.GateResult;
import dev.wick.core.gate.Violation;
import java.util.List;
import org.junit.jupiter.api.Test;

class ValidationGateTest {
  @Test
  void tooManyInvalidRecordsFailTheGate() {
    ValidationSummary s = new ValidationSummary(10, 7, 3, List.of());
    assertThat(s.gate(ValidationThresholds.maxInvalidFraction(0.3)).passes()).isTrue();
    GateResult strict = s.gate(ValidationThresholds.maxInvalidFraction(0.2));
    assertThat(strict.violations())
        .singleElement()
        .satisfies(
            v -> {
              assertThat(v.kind()).isEqualTo(Violation.Kind.THRESHOLD);
              assertThat(v.measured()).isEqualTo("0.3");
              assertThat(v.limit()).isEqualTo("0.2");
              assertThat(v.message())
                  .isEqualTo("3 of 10 records (30.00%) are invalid; at most 20.00% may be.");
            });
    assertThat(s.gate(ValidationThresholds.anyInvalid()).passes()).isTrue();
  }

  @Test
  void noRecordsIsAnInputErrorUnlessAllowed() {
    ValidationSummary empty = new ValidationSummary(0, 0, 0, List.of());
    GateResult gate = empty.gate(ValidationThresholds.anyInvalid());
    assertThat(gate.hasInputError()).isTrue();
    assertThat(gate.violations())
        .extracting(Violation::message)
        .containsExactly("The input holds no records, so nothing was validated.");
    assertThat(empty.gate(ValidationThresholds.maxInvalidFraction(0).allowingEmpty()).passes())
        .isTrue();
  }

  @Test
  void aFractionOutsideZeroToOneIsRefused() {
    assertThatThrownBy(() -> ValidationThresholds.maxInvalidFraction(1.5))
        .isInstanceOf(WickException.class)
        .hasMessage(
            "The largest invalid fraction must be between 0 and 1, got 1.5; give a fraction such"
                + " as 0.01 for 1%.");
  }
}
