package dev.wick.checks;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Completeness checks: a share of filled rows. */
class CompletenessCheckTest {
  @Test
  void anEntryWithoutItsShareFailsWhenRead() {
    assertThatThrownBy(() -> Checks.parse("checks:\n  - {check: completeness, field: c}\n", "f"))
        .hasMessage(
            "Check 1 in f (completeness) lacks min; give a fraction between 0 and 1, such as"
                + " 0.99.");
  }
}
