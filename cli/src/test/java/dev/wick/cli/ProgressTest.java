package dev.wick.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ProgressTest {
  @Test
  void theLineNamesTheStagesDoneEachRunningStagesTasksAndTheRowsRead() {
    assertThat(Progress.line(3, Map.of(7, new int[] {12, 400}, 5, new int[] {2, 2}), 123_456_789))
        .isEqualTo(
            "[wick] stages done: 3  stage 5: 2/2 tasks  stage 7: 12/400 tasks"
                + "  rows read: 123,456,789");
  }

  @Test
  void noRowsReadYetLeavesTheCountOut() {
    assertThat(Progress.line(0, Map.of(0, new int[] {0, 8}), 0))
        .isEqualTo("[wick] stages done: 0  stage 0: 0/8 tasks");
  }
}
