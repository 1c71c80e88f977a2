package dev.wick.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wick diff --explain} on the bundled play counts: the candidate's approximate listener
 * count departs from the exact one on the busiest tracks, and the explanation says so on the
 * console (the line the README quotes), in {@code summary.json} and in the report, with the same
 * numbers.
 */
class DiffExplainCommandTest {
  @TempDir static Path dir;

  private static CliRun diff(Path out, String... more) {
    java.util.List<String> args =
        new java.util.ArrayList<>(
            java.util.List.of(
                "diff",
                "--lhs",
                "../examples/data/counts_baseline",
                "--rhs",
                "../examples/data/counts_candidate",
                "--key",
                "track_id",
                "--out",
                out.toString()));
    args.addAll(java.util.List.of(more));
    return CliRun.wick(args.toArray(new String[0]));
  }

  @Test
  void theReadmesLineIsTheOneTheDiffPrints() throws IOException {
    Path out = dir.resolve("default");
    CliRun run = diff(out, "--explain");
    assertThat(run.exitCode()).as(run.err()).isEqualTo(0);
    String line =
        run.out().lines().filter(l -> l.startsWith("explain: ")).findFirst().orElseThrow();
    assertThat(run.out().lines().filter(l -> l.startsWith("explain: "))).hasSize(1);
    assertThat(Files.readString(Path.of("../README.md"))).contains("\n" + line + "\n");
    JsonNode explain =
        new ObjectMapper().readTree(out.resolve("summary.json").toFile()).get("explain");
    JsonNode best = explain.get(0).get("slices").get(0);
    assertThat(line)
        .isEqualTo(
            "explain: listeners differs: "
                + String.format(Locale.ROOT, "%.2f%%", 100 * best.get("coverage").asDouble())
                + " of the 133 differing keys are in "
                + best.get("slice").asText()
                + " ("
                + String.format(Locale.ROOT, "%.2f%%", 100 * best.get("rows").asDouble() / 500)
                + " of the keys; "
                + String.format(Locale.ROOT, "%.2f%%", 100 * best.get("rate").asDouble())
                + " differ there, "
                + String.format(Locale.ROOT, "%.2f%%", 100 * best.get("outsideRate").asDouble())
                + " elsewhere).");
    // The track ids are too many to cut by, and are named as skipped.
    assertThat(explain.get(0).get("skipped").get(0).get("column").asText()).isEqualTo("track_id");
  }

  @Test
  void explainByCutsByTheColumnsGiven() throws IOException {
    Path out = dir.resolve("by-plays");
    CliRun run = diff(out, "--explain-by", "plays");
    assertThat(run.exitCode()).as(run.err()).isEqualTo(0);
    JsonNode explain =
        new ObjectMapper().readTree(out.resolve("summary.json").toFile()).get("explain");
    assertThat(explain.size()).isEqualTo(1);
    JsonNode listeners = explain.get(0);
    assertThat(listeners.get("failure").asText()).isEqualTo("listeners differs");
    assertThat(listeners.get("unit").asText()).isEqualTo("key");
    assertThat(listeners.get("rows").asLong()).isEqualTo(500);
    assertThat(listeners.get("failing").asLong()).isEqualTo(133);
    assertThat(listeners.get("columns").toString()).isEqualTo("[\"plays\"]");
    JsonNode best = listeners.get("slices").get(0);
    assertThat(best.get("slice").asText()).startsWith("plays in >= ");
    assertThat(best.get("rate").asDouble()).isGreaterThan(3 * best.get("outsideRate").asDouble());
    assertThat(best.get("failing").asLong())
        .isEqualTo(Math.round(best.get("coverage").asDouble() * 133));
    assertThat(Files.readString(out.resolve("report.html")))
        .contains("<h2>Where the differences sit</h2>")
        .contains("<code>" + best.get("slice").asText().replace(">", "&gt;") + "</code>");
  }
}
