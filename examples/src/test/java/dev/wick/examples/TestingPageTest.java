package dev.wick.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/testing.md} shows the standalone project ({@code examples/standalone/}, which the
 * build compiles and tests as a user would) file by file: every code block headed by a file's path
 * is that file of the project, as it is there, and every file of the project is shown. Only
 * trailing whitespace is ignored, so the page cannot drift from a build that is known to work. The
 * README's build snippet is a part of the same pom.
 */
class TestingPageTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Path PROJECT = ROOT.resolve("examples/standalone");

  /** A file's path in bold code on its own line, the line before the file's code block. */
  private static final Pattern HEADING = Pattern.compile("\\*\\*`([^`]+)`\\*\\*");

  /** The project's files the page need not show: how Wick's build runs the project. */
  private static final List<String> NOT_SHOWN = List.of("invoker.properties");

  @Test
  void theTestingPageShowsEveryFileOfTheStandaloneProjectAsItIs() throws IOException {
    Map<String, String> shown = blocks(Files.readAllLines(ROOT.resolve("docs/testing.md")));
    List<String> files;
    try (Stream<Path> all = Files.walk(PROJECT)) {
      files =
          all.filter(Files::isRegularFile)
              .map(p -> PROJECT.relativize(p).toString().replace('\\', '/'))
              .filter(p -> !p.startsWith("target/") && !NOT_SHOWN.contains(p))
              .sorted()
              .toList();
    }
    assertThat(files).contains("pom.xml", "src/test/resources/log4j2-test.properties");
    assertThat(shown.keySet())
        .as("the files docs/testing.md shows, against those of examples/standalone/")
        .containsExactlyInAnyOrderElementsOf(files);
    for (String file : files) {
      assertThat(shown.get(file))
          .as("docs/testing.md's copy of examples/standalone/%s", file)
          .isEqualTo(normalized(Files.readAllLines(PROJECT.resolve(file))));
    }
  }

  @Test
  void theReadmesBuildSnippetIsPartOfTheStandaloneProjectsPom() throws IOException {
    List<String> pom =
        Files.readAllLines(PROJECT.resolve("pom.xml")).stream()
            .map(l -> l.strip().replace("${wick.version}", "0.1.0-SNAPSHOT"))
            .toList();
    List<List<String>> snippets = new ArrayList<>();
    List<String> block = null;
    for (String line : Files.readAllLines(ROOT.resolve("README.md"))) {
      if (block == null && line.equals("```xml")) {
        block = new ArrayList<>();
      } else if (block != null && line.startsWith("```")) {
        snippets.add(block);
        block = null;
      } else if (block != null) {
        block.add(line.strip());
      }
    }
    assertThat(snippets).as("the README's xml snippets").isNotEmpty();
    for (List<String> snippet : snippets) {
      assertThat(java.util.Collections.indexOfSubList(pom, snippet))
          .as("the README's snippet %s in examples/standalone/pom.xml", snippet)
          .isNotNegative();
    }
  }

  /** The code blocks headed by a path, by path. */
  static Map<String, String> blocks(List<String> page) {
    Map<String, String> blocks = new LinkedHashMap<>();
    String path = null;
    List<String> block = null;
    for (String line : page) {
      if (block != null) {
        if (line.startsWith("```")) {
          assertThat(blocks.put(path, normalized(block))).as("%s shown twice", path).isNull();
          block = null;
          path = null;
        } else {
          block.add(line);
        }
        continue;
      }
      Matcher heading = HEADING.matcher(line.strip());
      if (heading.matches()) {
        path = heading.group(1);
      } else if (line.startsWith("```") && path != null) {
        block = new ArrayList<>();
      } else if (!line.isBlank()) {
        path = null;
      }
    }
    return blocks;
  }

  private static String normalized(List<String> lines) {
    List<String> out = lines.stream().map(String::stripTrailing).collect(Collectors.toList());
    while (!out.isEmpty() && out.get(out.size() - 1).isEmpty()) {
      out.remove(out.size() - 1);
    }
    return String.join("\n", out);
  }
}
