package dev.wick.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wick diff --explain} on the bundled play counts: the candidate's approximate listener
 * count departs from the exact one on the busiest tracks, and the explanation says so on the
 * console, in {@code summary.json} and in the report, with the same numbers.
 */
class DiffExplainCommandTest {
  @TempDir static Path dir;

  @Test
  void theListenersChangeIsWhereTheTracksAreBusiest() throws IOException {
    Path out = dir.resolve("diff");
    CliRun run =
        CliRun.wick(
            "diff",
            "--lhs",
            "../examples/data/counts_baseline",
            "--rhs",
            "../examples/data/counts_candidate",
            "--key",
            "track_id",
            "--out",
            out.toString(),
            "--explain-by",
            "plays");
    assertThat(run.exitCode()).as(run.err()).isEqualTo(0);
    JsonNode explain =
        new ObjectMapper().readTree(out.resolve("summary.json").toFile()).get("explain");
    assertThat(explain.size()).isEqualTo(1);
    JsonNode listeners = explain.get(0);
    assertThat(listeners.get("failure").asText()).isEqualTo("listeners differs");
    assertThat(listeners.get("rows").asLong()).isEqualTo(500);
    assertThat(listeners.get("failing").asLong()).isEqualTo(133);
    JsonNode best = listeners.get("slices").get(0);
    assertThat(best.get("slice").asText()).startsWith("plays in >= ");
    long inSlice = best.get("failing").asLong();
    assertThat(best.get("rate").asDouble()).isGreaterThan(3 * best.get("outsideRate").asDouble());
    String line =
        "explain: listeners differs: "
            + String.format(
                java.util.Locale.ROOT, "%.2f%%", 100.0 * best.get("coverage").asDouble())
            + " of the 133 differing keys are in "
            + best.get("slice").asText();
    assertThat(run.out()).contains(line);
    assertThat(inSlice).isEqualTo(Math.round(best.get("coverage").asDouble() * 133));
    assertThat(Files.readString(out.resolve("report.html")))
        .contains("<h2>Where the differences sit</h2>")
        .contains("<code>" + best.get("slice").asText().replace(">", "&gt;") + "</code>");
  }
}
