package dev.wick.checks;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Semantic checks: a type of core's registry. */
class SemanticCheckTest {
  @Test
  void anUnknownTypeFailsWhenRead() {
    assertThatThrownBy(
            () -> Checks.parse("checks:\n  - {check: semantic, field: c, type: county}\n", "f"))
        .hasMessageStartingWith(
            "Check 1 in f (semantic): Field 'c' names the unknown semantic type 'county';");
  }
}
