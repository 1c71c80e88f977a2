package dev.wick.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.cli.Wick;
import dev.wick.core.ExitCode;
import dev.wick.core.job.Jobs;
import dev.wick.core.job.WickJob;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Follows the README top to bottom as a new user would: every {@code ./wick} and {@code
 * examples/run} line of its code blocks runs, in order, through the real main and must succeed. The
 * README's {@code target/} is a fresh temporary folder, so the commands meet exactly the state that
 * the lines above them left, as on a fresh clone. The validate walk-through must find the invalid
 * plays planted in the bundled data.
 */
class ReadmeWalkThroughTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Pattern PATHS = Pattern.compile("(?<=^|[\\s=])(target|examples)/[^\\s]*");

  @Test
  void everyCommandOfTheReadmeSucceedsInOrder(@TempDir Path tmp) throws Exception {
    List<String> lines = new ArrayList<>();
    boolean inBlock = false;
    for (String line : Files.readAllLines(ROOT.resolve("README.md"))) {
      if (line.startsWith("```")) {
        inBlock = !inBlock;
      } else if (inBlock && (line.startsWith("./wick ") || line.startsWith("examples/run "))) {
        lines.add(line.strip());
      }
    }
    assertThat(lines).hasSizeGreaterThan(10);

    String validated = null;
    for (String line : lines) {
      List<String> words = new ArrayList<>();
      for (String word : line.split("\\s+")) {
        words.add(localize(word, tmp));
      }
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      PrintStream outStream = new PrintStream(out, true, StandardCharsets.UTF_8);
      PrintStream errStream = new PrintStream(err, true, StandardCharsets.UTF_8);
      int exit;
      if (words.get(0).equals("./wick")) {
        exit =
            Wick.run(words.subList(1, words.size()).toArray(new String[0]), outStream, errStream);
      } else {
        WickJob job = (WickJob) Class.forName(words.get(1)).getDeclaredConstructor().newInstance();
        ExitCode code =
            Jobs.run(
                job, words.subList(2, words.size()).toArray(new String[0]), outStream, errStream);
        exit = code == ExitCode.OK ? 0 : 1;
      }
      assertThat(exit).as(line + "\n" + err.toString(StandardCharsets.UTF_8)).isZero();
      if (words.get(0).equals("./wick") && words.get(1).equals("validate")) {
        validated = out.toString(StandardCharsets.UTF_8);
      }
    }

    // The bundled plays hold a few plays that break their semantic types (ExampleData).
    assertThat(validated)
        .contains("Validated 20000 records of TrackPlay: 19929 valid, 71 invalid (0.36%).")
        .containsPattern("user_id\\s+base62_id\\(length=22\\)\\s+27")
        .containsPattern("country\\s+country_code\\s+28")
        .containsPattern("ms_played\\s+non_negative\\s+16");
    assertThat(tmp.resolve("plays-valid/invalid/_SUCCESS")).exists();
  }

  /** The README's relative paths: {@code target/...} below {@code tmp}, the rest in the clone. */
  private static String localize(String word, Path tmp) {
    Matcher m = PATHS.matcher(word);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String path = m.group();
      Path resolved =
          path.startsWith("target/")
              ? tmp.resolve(path.substring("target/".length()))
              : ROOT.resolve(path);
      m.appendReplacement(out, Matcher.quoteReplacement(resolved.toString()));
    }
    m.appendTail(out);
    return out.toString();
  }
}
