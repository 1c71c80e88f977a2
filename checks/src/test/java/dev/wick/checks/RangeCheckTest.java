package dev.wick.checks;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wick.core.WickException;
import org.junit.jupiter.api.Test;

/** Range checks: at least one bound. */
class RangeCheckTest {
  @Test
  void anEntryWithoutBoundsFailsWhenRead() {
    assertThatThrownBy(() -> Checks.parse("checks:\n  - {check: range, field: ms}\n", "f.yaml"))
        .isInstanceOf(WickException.class)
        .hasMessage("Check 1 in f.yaml (range) has no bound; give min, max or both.");
  }
}
