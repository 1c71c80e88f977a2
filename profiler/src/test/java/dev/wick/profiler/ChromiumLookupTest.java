package dev.wick.profiler;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ProfileHtmlBrowserTest} finds Chromium where {@code .ci/run} does: on the {@code PATH}
 * (its {@code command -v chromium}), not only under {@code /usr/bin}.
 */
class ChromiumLookupTest {
  @TempDir Path tmp;

  private Path executable(Path folder, String name) throws IOException {
    Files.createDirectories(folder);
    Path file = Files.writeString(folder.resolve(name), "#!/bin/sh\n");
    assertThat(file.toFile().setExecutable(true)).isTrue();
    return file;
  }

  @Test
  void findsChromiumInAnyFolderOfThePathInTheOrderOfThePath() throws IOException {
    Path empty = Files.createDirectories(tmp.resolve("empty"));
    Path first = executable(tmp.resolve("first"), "chromium");
    executable(tmp.resolve("second"), "chromium");
    String path =
        String.join(
            File.pathSeparator,
            empty.toString(),
            first.getParent().toString(),
            tmp.resolve("second").toString());
    assertThat(ProfileHtmlBrowserTest.find(null, path)).contains(first.toString());
  }

  @Test
  void prefersChromiumToTheOtherNamesAndSkipsFilesThatDoNotRun() throws IOException {
    Path chrome = executable(tmp.resolve("a"), "google-chrome");
    Path chromium = executable(tmp.resolve("b"), "chromium");
    Files.writeString(tmp.resolve("a").resolve("chromium-browser"), "not executable");
    String path = tmp.resolve("a") + File.pathSeparator + tmp.resolve("b");
    assertThat(ProfileHtmlBrowserTest.find("", path)).contains(chromium.toString());
    assertThat(ProfileHtmlBrowserTest.find(null, tmp.resolve("a").toString()))
        .contains(chrome.toString());
    assertThat(ProfileHtmlBrowserTest.find(null, tmp.resolve("nowhere").toString())).isEmpty();
    assertThat(ProfileHtmlBrowserTest.find(null, null)).isEmpty();
  }

  @Test
  void aBrowserNamedInTheEnvironmentIsTheOnlyOneTried() throws IOException {
    executable(tmp.resolve("a"), "chromium");
    Path named = executable(tmp.resolve("b"), "my-browser");
    String path = tmp.resolve("a").toString();
    assertThat(ProfileHtmlBrowserTest.find(named.toString(), path)).contains(named.toString());
    assertThat(ProfileHtmlBrowserTest.find(tmp.resolve("b/missing").toString(), path)).isEmpty();
  }
}
