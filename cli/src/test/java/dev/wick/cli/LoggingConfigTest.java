package dev.wick.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The logging before the command starts ({@code log4j2.properties}) is the command's own ({@code
 * wick-log4j2.properties}) line for line, apart from the leading comment that says which is which.
 */
class LoggingConfigTest {
  private static List<String> settings(String resource) throws IOException {
    try (InputStream in = Wick.class.getClassLoader().getResourceAsStream(resource)) {
      java.util.Objects.requireNonNull(in, resource + " is not on the class path");
      List<String> lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
      int first = 0;
      while (first < lines.size() && lines.get(first).startsWith("#")) {
        first++;
      }
      return lines.subList(first, lines.size());
    }
  }

  @Test
  void theLoggingBeforeTheCommandStartsIsTheCommandsOwn() throws IOException {
    List<String> own = settings("wick-log4j2.properties");
    assertThat(own).contains("rootLogger.level = warn");
    assertThat(settings("log4j2.properties")).isEqualTo(own);
  }
}
