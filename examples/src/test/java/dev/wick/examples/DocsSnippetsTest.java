package dev.wick.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every Java block of the docs is code that Wick's build compiles and runs: each paragraph of a
 * block (its lines up to a blank one), without indentation, is a run of consecutive lines of a
 * source file of the examples ({@link DocsExamplesTest} runs the snippets the pages show, the jobs
 * under {@code src/main} the rest). {@code testing.md}'s blocks are whole files of the standalone
 * project ({@link TestingPageTest}); the library page's snippet is {@link ToolContractTest}'s.
 */
class DocsSnippetsTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  @Test
  void everyJavaBlockOfTheDocsIsCodeTheBuildCompiles() throws IOException {
    List<List<String>> sources = new ArrayList<>();
    try (Stream<Path> files = Files.walk(ROOT.resolve("examples/src"))) {
      files
          .filter(f -> f.toString().endsWith(".java"))
          .forEach(f -> sources.add(stripped(read(f))));
    }
    List<String> missing = new ArrayList<>();
    int paragraphs = 0;
    try (Stream<Path> pages = Files.list(ROOT.resolve("docs"))) {
      for (Path page : pages.filter(p -> p.toString().endsWith(".md")).sorted().toList()) {
        if (page.getFileName().toString().equals("testing.md")) {
          continue;
        }
        for (List<String> paragraph : javaParagraphs(read(page))) {
          paragraphs++;
          if (sources.stream().noneMatch(s -> Collections.indexOfSubList(s, paragraph) >= 0)) {
            missing.add(page.getFileName() + ": " + String.join(" / ", paragraph));
          }
        }
      }
    }
    assertThat(paragraphs).as("Java paragraphs found in the docs").isGreaterThan(10);
    assertThat(missing).as("docs code that is no code of the build").isEmpty();
  }

  /** The paragraphs of the page's Java blocks, their lines stripped. */
  static List<List<String>> javaParagraphs(List<String> lines) {
    List<List<String>> out = new ArrayList<>();
    List<String> current = null;
    for (String line : lines) {
      if (current == null) {
        if (line.strip().equals("```java")) {
          current = new ArrayList<>();
        }
      } else if (line.strip().equals("```") || line.isBlank()) {
        if (!current.isEmpty()) {
          out.add(current);
        }
        current = line.isBlank() ? new ArrayList<>() : null;
      } else {
        current.add(line.strip());
      }
    }
    return out;
  }

  private static List<String> stripped(List<String> lines) {
    return lines.stream().map(String::strip).toList();
  }

  private static List<String> read(Path file) {
    try {
      return Files.readAllLines(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
