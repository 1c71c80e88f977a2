package dev.wick.cli;

import dev.wick.core.WickException;
import dev.wick.core.gate.Verdict;
import dev.wick.core.report.VerdictFormats;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code --junit-xml FILE}: a gated command's verdict as a JUnit XML report, one test case per rule
 * judged, for CI systems that show test results. The file is checked before Spark starts (not an
 * input, not an existing file unless {@code --overwrite}) and written whole or not at all.
 */
final class JUnitXmlOption {
  @Option(
      names = "--junit-xml",
      paramLabel = "FILE",
      description =
          "Also write the verdict as a JUnit XML report to FILE (one test case per rule judged), for"
              + " CI systems that show test results. Refused if FILE exists, unless --overwrite.")
  Path file;

  /**
   * Refuses, before any work, a file that exists (unless {@code overwrite}), is a folder, is one of
   * {@code inputs} or inside one, or sits inside the command's output folder {@code out} (null when
   * it writes none), which the command creates whole.
   */
  void check(boolean overwrite, List<String> inputs, String out) {
    if (file == null) {
      return;
    }
    Path target = file.toAbsolutePath().normalize();
    if (out != null
        && !out.contains("://")
        && target.startsWith(Path.of(out).toAbsolutePath().normalize())) {
      throw WickException.usage(
          "--junit-xml "
              + file
              + " is inside the output folder "
              + out
              + ", which the command writes whole; write it beside the folder instead.");
    }
    if (Files.isDirectory(target)) {
      throw WickException.usage(
          "--junit-xml "
              + file
              + " is a folder; name the file to write, such as "
              + file.resolve("wick.xml")
              + ".");
    }
    Inputs.holding(target, inputs)
        .ifPresent(
            input -> {
              throw WickException.usage(
                  "--junit-xml "
                      + file
                      + " is inside the input "
                      + input
                      + ", which Wick never writes; write it elsewhere.");
            });
    if (Files.exists(target) && !overwrite) {
      throw WickException.usage(
          "--junit-xml " + file + " exists; pass --overwrite to replace it, or name another file.");
    }
  }

  /**
   * Writes {@code verdict} to the file, when one was given: through a temporary file, then moved.
   */
  void write(Verdict verdict) {
    if (file == null) {
      return;
    }
    Path target = file.toAbsolutePath().normalize();
    try {
      Files.createDirectories(target.getParent());
      Path staged = Files.createTempFile(target.getParent(), ".wick-junit-", ".tmp");
      try {
        Files.writeString(staged, VerdictFormats.junitXml(verdict), StandardCharsets.UTF_8);
        Files.move(
            staged, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } finally {
        Files.deleteIfExists(staged);
      }
    } catch (IOException e) {
      throw WickException.usage(
          "Could not write --junit-xml " + file + " (" + e + "); name a file in a writable folder.",
          e);
    }
  }
}
