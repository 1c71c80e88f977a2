package dev.wick.core.gate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class GateResultTest {
  private static Violation v(Violation.Kind kind, String subject) {
    return new Violation(kind, subject, "m", "1", "0", subject + " failed.");
  }

  @Test
  void passesOnlyWithoutViolationsAndKnowsInputErrors() {
    assertThat(GateResult.passed().passes()).isTrue();
    assertThat(GateResult.passed().hasInputError()).isFalse();
    GateResult schema = new GateResult(List.of(v(Violation.Kind.SCHEMA_CHANGE, "a")));
    assertThat(schema.passes()).isFalse();
    assertThat(schema.hasInputError()).isFalse();
    GateResult both = schema.and(new GateResult(List.of(v(Violation.Kind.EMPTY_INPUT, "lhs"))));
    assertThat(both.hasInputError()).isTrue();
    assertThat(both.violations()).extracting(Violation::subject).containsExactly("a", "lhs");
    assertThat(both.of(Violation.Kind.EMPTY_INPUT))
        .extracting(Violation::subject)
        .containsExactly("lhs");
    assertThat(both.violations().get(0)).hasToString("a failed.");
  }
}
