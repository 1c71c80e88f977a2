package dev.wick.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wick.cli.Wick;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's first command, as written there, on the bundled data: it must find the planted
 * regression (the candidate's approximate listener counts) and nothing else.
 */
class ReadmeFirstCommandTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Set<String> PATH_OPTIONS = Set.of("--lhs", "--rhs");

  @Test
  void theFirstCommandFindsThePlantedRegression(@TempDir Path tmp) throws Exception {
    String line =
        Files.readAllLines(ROOT.resolve("README.md")).stream()
            .map(String::strip)
            .filter(l -> l.startsWith("./wick "))
            .findFirst()
            .orElseThrow();
    List<String> args = new ArrayList<>(List.of(line.substring("./wick ".length()).split("\\s+")));
    assertThat(args.get(0)).isEqualTo("diff");
    Path out = tmp.resolve("wick-diff");
    for (int i = 0; i < args.size() - 1; i++) {
      if (PATH_OPTIONS.contains(args.get(i))) {
        args.set(i + 1, ROOT.resolve(args.get(i + 1)).toString());
      } else if (args.get(i).equals("--out")) {
        args.set(i + 1, out.toString());
      }
    }
    ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    int code =
        Wick.run(
            args.toArray(new String[0]),
            new PrintStream(stdout, true, StandardCharsets.UTF_8),
            System.err);

    assertThat(code).isZero();
    assertThat(stdout.toString(StandardCharsets.UTF_8)).contains(out.toString());
    JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
    JsonNode global = summary.get("global");
    assertThat(global.get("total").asLong()).isEqualTo(500);
    assertThat(global.get("missingLhs").asLong()).isZero();
    assertThat(global.get("missingRhs").asLong()).isZero();
    // Pinned to the bundled data (examples/make-data.sh): rebuilding it must keep these counts
    // or change them here and in the README together.
    assertThat(global.get("different").asLong()).isEqualTo(133);
    assertThat(global.get("same").asLong()).isEqualTo(367);
    List<String> differingFields = new ArrayList<>();
    summary
        .get("fields")
        .forEach(
            f -> {
              if (f.get("different").asLong() > 0) {
                differingFields.add(f.get("field").asText());
              }
            });
    assertThat(differingFields).containsExactly("listeners");
    assertThat(out.resolve("report.html")).exists();

    // "Add --max-diff-fraction 0.01 and the diff becomes a release gate that exits 1."
    if (!args.contains("--overwrite")) {
      args.add("--overwrite");
    }
    args.addAll(List.of("--max-diff-fraction", "0.01"));
    ByteArrayOutputStream stderr = new ByteArrayOutputStream();
    int gated =
        Wick.run(
            args.toArray(new String[0]),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
            new PrintStream(stderr, true, StandardCharsets.UTF_8));
    assertThat(gated).isEqualTo(1);
    assertThat(stderr.toString(StandardCharsets.UTF_8))
        .contains("133 of 500 keys are not SAME (26.60%");
  }
}
