package dev.wick.profiler;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The library speaks its own terms: no string literal in its main code names a CLI flag. */
class LibraryTermsTest {
  private static final Pattern FLAG = Pattern.compile("\"--[a-z]");

  @Test
  void noStringLiteralNamesACommandLineFlag() throws IOException {
    Path main = Path.of("src/main/java");
    assertThat(main).isDirectory();
    List<String> found = new ArrayList<>();
    try (Stream<Path> files = Files.walk(main)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
        List<String> lines = Files.readAllLines(file);
        for (int i = 0; i < lines.size(); i++) {
          if (FLAG.matcher(lines.get(i)).find()) {
            found.add(main.relativize(file) + ":" + (i + 1) + ": " + lines.get(i).trim());
          }
        }
      }
    }
    assertThat(found).isEmpty();
  }
}
