package dev.wick.core.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.wick.core.spark.WickSpark;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run killed with SIGKILL in the middle of writing leaves no output at its destination, and an
 * old output it was overwriting stays whole. The run is a real child JVM ({@link SlowWriteMain})
 * killed once its part files are being written.
 */
class KilledWriteTest {
  private static final long STARTUP_TIMEOUT_SECONDS = 240;

  @TempDir Path dir;

  @Test
  void killedWriteLeavesNoOutputAndKeepsTheOldOne() throws Exception {
    SparkSession spark = WickSpark.local(2);
    Path fresh = dir.resolve("fresh");
    Path existing = dir.resolve("existing");
    DatasetWriter.write(
        spark.range(0, 5).toDF(), existing.toString(), Format.PARQUET, false, List.of());
    Map<String, String> before = ChildJvm.contents(existing);
    Path log = dir.resolve("child.log");

    Process child =
        ChildJvm.start(
            SlowWriteMain.class, log, List.of(), List.of(fresh + "=new", existing + "=overwrite"));
    try {
      awaitPartFiles(child, log, List.of("fresh", "existing"));
      assertThat(child.isAlive()).as("the child is still writing").isTrue();
      child.destroyForcibly();
      assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
    } finally {
      child.destroyForcibly();
    }

    assertThat(child.exitValue()).as("killed by SIGKILL").isEqualTo(128 + 9);
    assertThat(Files.readString(log)).doesNotContain("done");
    assertThat(fresh).doesNotExist();
    assertThat(ChildJvm.contents(existing)).isEqualTo(before);
    assertThat(DatasetReader.read(spark, existing.toString()).count()).isEqualTo(5);
    // What the killed run left are hidden staging folders beside the outputs.
    assertThat(stagingFolders("fresh")).hasSize(1);
    assertThat(stagingFolders("existing")).hasSize(1);
  }

  /** Waits until every named output's staging folder holds a part file being written. */
  private void awaitPartFiles(Process child, Path log, List<String> names)
      throws IOException, InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(STARTUP_TIMEOUT_SECONDS);
    while (System.nanoTime() < deadline) {
      if (!child.isAlive()) {
        fail(
            "the child ended before writing (exit "
                + child.exitValue()
                + "):\n"
                + Files.readString(log));
      }
      if (names.stream().allMatch(this::writingPartFile)) {
        return;
      }
      Thread.sleep(200);
    }
    fail(
        "the child wrote no part files in "
            + STARTUP_TIMEOUT_SECONDS
            + " s:\n"
            + Files.readString(log));
  }

  private boolean writingPartFile(String name) {
    for (Path staging : stagingFolders(name)) {
      try (Stream<Path> files = Files.walk(staging)) {
        if (files.anyMatch(p -> p.getFileName().toString().startsWith("part-"))) {
          return true;
        }
      } catch (IOException | UncheckedIOException e) {
        // the committer moves files while we look: look again
      }
    }
    return false;
  }

  private List<Path> stagingFolders(String name) {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(p -> p.getFileName().toString().startsWith(".wick-staging-" + name + "-"))
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
