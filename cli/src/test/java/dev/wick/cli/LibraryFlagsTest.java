package dev.wick.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.core.WickException;
import dev.wick.core.io.DatasetReader;
import dev.wick.core.io.Output;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Libraries speak in their own terms; only front ends name flags. The main sources of the library
 * modules hold no string literal naming a flag ({@code --name}), and every library setting an error
 * names has a CLI flag.
 */
class LibraryFlagsTest {
  /**
   * The library sources kept free of flag names, relative to the repository root: every main source
   * but the front ends ({@code cli}, and {@code core/job}, the job runtime that names its own
   * arguments).
   */
  static final List<String> LIBRARY_SOURCES =
      List.of(
          "core/src/main/java/dev/wick/core/WickException.java",
          "core/src/main/java/dev/wick/core/ExitCode.java",
          "core/src/main/java/dev/wick/core/gate",
          "core/src/main/java/dev/wick/core/io",
          "core/src/main/java/dev/wick/core/json",
          "core/src/main/java/dev/wick/core/report",
          "core/src/main/java/dev/wick/core/schema",
          "core/src/main/java/dev/wick/core/spark",
          "core/src/main/java/dev/wick/core/validation",
          "bigdiff/src/main/java",
          "checks/src/main/java",
          "profiler/src/main/java",
          "sampler/src/main/java",
          "testkit-generators/src/main/java",
          "testkit-jobtest/src/main/java",
          "typed/src/main/java");

  private static final Pattern LITERAL = Pattern.compile("\"(?:[^\"\\\\\\n]|\\\\.)*\"");
  private static final Pattern FLAG = Pattern.compile("--[a-zA-Z]");
  private static final Pattern ABOUT = Pattern.compile("\\.about\\(\\s*\"([^\"]+)\"");

  @Test
  void noLibraryStringLiteralNamesAFlag() {
    List<String> found = new ArrayList<>();
    for (Path file : librarySources()) {
      List<String> lines = lines(file);
      for (int i = 0; i < lines.size(); i++) {
        String line = lines.get(i).strip();
        if (line.startsWith("*") || line.startsWith("/*") || line.startsWith("//")) {
          continue;
        }
        Matcher m = LITERAL.matcher(line);
        while (m.find()) {
          if (FLAG.matcher(m.group()).find()) {
            found.add(root().relativize(file) + ":" + (i + 1) + ": " + m.group());
          }
        }
      }
    }
    assertThat(found).as("string literals naming a flag in library code").isEmpty();
  }

  @Test
  void everySettingALibraryErrorNamesHasACliFlag() {
    List<String> settings = new ArrayList<>(List.of(Output.OVERWRITE, DatasetReader.FORMAT));
    for (Path file : librarySources()) {
      Matcher m = ABOUT.matcher(String.join("\n", lines(file)));
      while (m.find()) {
        settings.add(m.group(1));
      }
    }
    assertThat(settings).contains("ignore", "key", "unordered", "duplicates");
    assertThat(settings).allSatisfy(s -> assertThat(Flags.of(s)).as(s).isPresent());
  }

  @Test
  void theCliPrintsItsFlagsInALibraryError() {
    WickException refused =
        WickException.usage("Output x already exists; allow overwriting to replace it.")
            .about(Output.OVERWRITE, Output.ALLOW_OVERWRITE);

    assertThat(Flags.message(refused))
        .isEqualTo("Output x already exists; pass --overwrite to replace it.");
    assertThat(Flags.message(WickException.usage("No setting; allow overwriting.")))
        .isEqualTo("No setting; allow overwriting.");
  }

  private static List<Path> librarySources() {
    List<Path> out = new ArrayList<>();
    for (String s : LIBRARY_SOURCES) {
      Path p = root().resolve(s);
      assertThat(p).as("library source " + s).exists();
      try (Stream<Path> files = Files.walk(p)) {
        files.filter(f -> f.toString().endsWith(".java")).sorted().forEach(out::add);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return out;
  }

  private static List<String> lines(Path file) {
    try {
      return Files.readAllLines(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The repository root: the cli module's parent (tests run in the module's folder). */
  private static Path root() {
    return Paths.get("").toAbsolutePath().getParent();
  }
}
