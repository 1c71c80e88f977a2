package dev.wick.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.core.EnvironmentFailure;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How the {@code wick} process ends when something other than Wick ends it, run as a user runs it:
 * its own JVM through {@code Wick.main}. Spark's handler of a task's fatal error calls {@code
 * System.exit(50)} and a signal ends the JVM with 143; neither may reach the user as such.
 */
class ProcessEndTest {
  @TempDir Path tmp;

  /** A finished {@code wick} process: its exit code and what it printed. */
  record Ended(int exit, String out, String err) {}

  private static List<String> command(List<String> jvmOptions, String... args) throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add(ProcessHandle.current().info().command().orElse("java"));
    cmd.addAll(jvmOptions);
    for (String line : Files.readAllLines(Path.of("../config/spark-java17.args"))) {
      if (!line.isBlank() && !line.startsWith("#")) {
        cmd.addAll(List.of(line.strip().split("\\s+")));
      }
    }
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(Wick.class.getName());
    cmd.addAll(List.of(args));
    return cmd;
  }

  private Process start(List<String> jvmOptions, String... args) throws IOException {
    ProcessBuilder pb = new ProcessBuilder(command(jvmOptions, args));
    pb.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
    pb.redirectOutput(tmp.resolve("out.txt").toFile());
    pb.redirectError(tmp.resolve("err.txt").toFile());
    return pb.start();
  }

  private Ended await(Process p) throws Exception {
    assertThat(p.waitFor(180, TimeUnit.SECONDS)).as("wick ended").isTrue();
    return new Ended(
        p.exitValue(),
        Files.readString(tmp.resolve("out.txt"), StandardCharsets.UTF_8),
        Files.readString(tmp.resolve("err.txt"), StandardCharsets.UTF_8));
  }

  @Test
  void aTaskThatOverflowsItsStackEndsInTheSentenceAndExitTwo() throws Exception {
    Path nested = tmp.resolve("nested.json");
    int depth = 500;
    Files.writeString(nested, "{\"a\":".repeat(depth) + "1" + "}".repeat(depth) + "\n");

    Ended ended =
        await(
            start(
                List.of("-Xmx1g"),
                "profile",
                "--in",
                nested.toString(),
                "--in-format",
                "json",
                "--out",
                tmp.resolve("p").toString()));

    assertThat(ended.err()).isEqualTo("error: " + EnvironmentFailure.STACK_OVERFLOW + "\n");
    assertThat(ended.exit()).isEqualTo(2);
    assertThat(tmp.resolve("p")).doesNotExist();
  }

  @Test
  void aHeapTooSmallForSparkNamesWickJavaOpts() throws Exception {
    Ended ended =
        await(start(List.of("-Xmx200m"), "schema", "--in", "../examples/data/track_plays"));

    assertThat(ended.err())
        .isEqualTo(
            "error: Java's heap (200 MB) is too small for Spark, which needs at least 450 MB;"
                + " give Wick more with WICK_JAVA_OPTS (such as WICK_JAVA_OPTS=-Xmx4g).\n");
    assertThat(ended.exit()).isEqualTo(2);
  }

  @Test
  void aSignalPrintsOneLineAndLeavesNothingBehind() throws Exception {
    Path out = tmp.resolve("generated");
    Process p =
        start(
            List.of("-Xmx2g"),
            "generate",
            "--schema",
            "../examples/src/main/avro/TrackPlay.avsc",
            "--count",
            "500000000",
            "--out",
            out.toString());
    // Wait until the output is being written: its staging folder and lock exist.
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (wickEntries().size() < 2 && p.isAlive() && System.nanoTime() < deadline) {
      Thread.sleep(100);
    }
    assertThat(wickEntries()).as("staging folder and lock while writing").hasSize(2);

    p.destroy(); // SIGTERM
    Ended ended = await(p);

    assertThat(ended.err()).isEqualTo("interrupted; nothing was written.\n");
    assertThat(ended.exit()).isEqualTo(143);
    assertThat(wickEntries()).isEmpty();
    assertThat(out).doesNotExist();
  }

  /** Wick's staging folders and locks in {@link #tmp}. */
  private List<String> wickEntries() throws IOException {
    try (Stream<Path> s = Files.list(tmp)) {
      return s.map(f -> f.getFileName().toString()).filter(n -> n.startsWith(".wick-")).toList();
    }
  }
}
