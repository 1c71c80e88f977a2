package dev.wick.examples.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

/**
 * The standalone project ({@code examples/standalone/}, built by the invoker before this runs) ran
 * every one of its test classes, JUnit 5 and jqwik alike, and passed them: a build that passes
 * because it ran no test (as old Surefire versions do with JUnit 5) is a false green.
 */
class StandaloneProjectIT {
  /** Where the invoker builds its copy of the project. */
  private static final Path BUILT = Path.of("target/standalone-it");

  @Test
  void everyTestClassOfTheStandaloneProjectRanAndPassed() throws Exception {
    List<Path> reports;
    try (Stream<Path> all = Files.walk(BUILT)) {
      reports =
          // The invoker copies the whole examples folder; the project's own reports are these.
          all.filter(p -> p.toString().contains("/standalone/target/surefire-reports/"))
              .filter(p -> p.getFileName().toString().matches("TEST-.*\\.xml"))
              .toList();
    }
    Map<String, int[]> ran = new TreeMap<>();
    for (Path report : reports) {
      Element suite =
          DocumentBuilderFactory.newInstance()
              .newDocumentBuilder()
              .parse(report.toFile())
              .getDocumentElement();
      ran.put(
          suite.getAttribute("name"),
          new int[] {
            Integer.parseInt(suite.getAttribute("tests")),
            Integer.parseInt(suite.getAttribute("failures"))
                + Integer.parseInt(suite.getAttribute("errors")),
            Integer.parseInt(suite.getAttribute("skipped"))
          });
    }

    assertThat(ran)
        .as("the standalone project's test classes in its Surefire reports under %s", BUILT)
        .containsOnlyKeys(
            "com.example.plays.TrackCountJobTest",
            "com.example.plays.TrackCountProperties",
            "com.example.plays.TypedPlanTest");
    ran.forEach(
        (suite, counts) -> {
          assertThat(counts[0]).as("tests run in %s", suite).isPositive();
          assertThat(counts[1]).as("failures and errors in %s", suite).isZero();
          assertThat(counts[2]).as("tests skipped in %s", suite).isZero();
        });
  }
}
