package dev.wick.core.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.wick.core.spark.WickSpark;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A write killed with SIGKILL at each step of staging, commit and recovery leaves the old output or
 * the new one, whole, once the next run has recovered it; and the next run leaves nothing behind.
 *
 * <p>One child JVM ({@link CrashWriteMain}) overwrites one output per step at once, each stopped at
 * its own step; the test kills the child when all of them have stopped, so that every output is
 * left exactly as a crash at that step leaves it.
 */
class CrashedWriteTest {
  private static final long STARTUP_TIMEOUT_SECONDS = 300;

  /** Where a crash at each step leaves the output once recovered: the old one or the new one. */
  private static final Map<String, String> OUTCOME = new LinkedHashMap<>();

  static {
    for (String s :
        List.of(
            "create.checked",
            "create.locked",
            "create.recovered",
            "create.opened",
            "write.dataset-started",
            "write.dataset-written",
            "write.string-written",
            "write.part-deleted",
            "commit.begin",
            "commit.marker",
            "close.begin",
            "close.staging-deleted")) {
      OUTCOME.put(s, "old");
    }
    for (String s :
        List.of(
            "commit.journal",
            "commit.old-aside",
            "commit.new-in-place",
            "commit.old-deleted",
            "commit.journal-deleted",
            "commit.unlocked")) {
      OUTCOME.put(s, "new");
    }
    // A run that recovers an earlier crashed commit (seeded below) and is killed while doing so.
    for (String s : List.of("recover.begin", "recover.old-aside", "recover.new-in-place")) {
      OUTCOME.put(s, "seeded");
    }
  }

  @TempDir Path dir;

  @Test
  void aWriteKilledAtAnyStepLeavesTheOldOrTheNewOutputAndTheNextRunCleansUp() throws Exception {
    assertThat(OUTCOME).hasSizeGreaterThanOrEqualTo(20);
    SparkSession spark = WickSpark.local(2);
    Map<String, Map<String, String>> old = new TreeMap<>();
    for (String step : OUTCOME.keySet()) {
      Path out = dir.resolve("at-" + step);
      DatasetWriter.write(
          spark.range(0, 5, 1, 1).toDF(), out.toString(), Format.PARQUET, false, List.of());
      old.put(step, ChildJvm.contents(out));
      if (step.startsWith("recover.")) {
        seedCrashedCommit(spark, out);
      }
    }
    Path log = dir.resolve("child.log");

    List<String> args = new ArrayList<>(List.of(dir.toString()));
    args.addAll(OUTCOME.keySet());
    Process child =
        ChildJvm.start(CrashWriteMain.class, log, List.of("-Dwick.output.pause=true"), args);
    try {
      awaitPaused(child, log, OUTCOME.size());
      child.destroyForcibly();
      assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
    } finally {
      child.destroyForcibly();
    }
    assertThat(child.exitValue()).as("killed by SIGKILL").isEqualTo(128 + 9);
    assertThat(Files.readString(log)).doesNotContain("finished");

    for (var e : OUTCOME.entrySet()) {
      String step = e.getKey();
      Path out = dir.resolve("at-" + step);

      Output.recover(spark, out.toString());

      switch (e.getValue()) {
        case "old" -> assertThat(ChildJvm.contents(out)).as(step).isEqualTo(old.get(step));
        case "new" -> {
          assertThat(out.resolve("_SUCCESS")).as(step).isRegularFile();
          assertThat(out.resolve("summary.json")).as(step).hasContent("{\"rows\": 7}");
          assertThat(out.resolve("extra")).as(step).doesNotExist();
          assertThat(DatasetReader.read(spark, out.resolve("data").toString()).count())
              .as(step)
              .isEqualTo(7);
        }
        default -> {
          assertThat(out.resolve("_SUCCESS")).as(step).isRegularFile();
          assertThat(DatasetReader.read(spark, out.toString()).count()).as(step).isEqualTo(9);
        }
      }
      assertThat(leftovers(step)).as(step).isEmpty();

      // The next run writes over it as if nothing had happened.
      DatasetWriter.write(
          spark.range(0, 3, 1, 1).toDF(), out.toString(), Format.PARQUET, true, List.of());
      assertThat(DatasetReader.read(spark, out.toString()).count()).as(step).isEqualTo(3);
      assertThat(leftovers(step)).as(step).isEmpty();
    }
  }

  /**
   * What a run killed between its journal and moving the old output aside leaves: its complete
   * staged output (9 rows), its journal, and its lock, held by a process that is gone.
   */
  private void seedCrashedCommit(SparkSession spark, Path out) throws Exception {
    String id = UUID.randomUUID().toString();
    String name = out.getFileName().toString();
    Path staged = dir.resolve(".wick-staging-" + name + "-" + id);
    spark.range(0, 9, 1, 1).toDF().write().parquet(staged.toString());
    assertThat(staged.resolve("_SUCCESS")).isRegularFile();
    Files.createFile(dir.resolve(".wick-commit-" + name + "-" + id));
    Process gone = new ProcessBuilder("true").start();
    gone.waitFor();
    Files.writeString(
        dir.resolve(".wick-lock-" + name),
        "id=seeded\nhost="
            + java.net.InetAddress.getLocalHost().getHostName()
            + "\npid="
            + gone.pid()
            + "\nstart=?\ncreated=2020-01-01T00:00:00Z\n");
  }

  /** What is left beside the output of {@code step}: locks, journals, staging and trash. */
  private List<String> leftovers(String step) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      String name = java.util.regex.Pattern.quote("at-" + step);
      return s.map(p -> p.getFileName().toString())
          .filter(
              n ->
                  n.matches("\\.wick-lock-" + name + "(\\.stale-.*)?")
                      || n.matches("\\.wick-(staging|trash|commit)-" + name + "-[0-9a-f-]{36}"))
          .toList();
    }
  }

  /** Waits until every write of the child has stopped at its step. */
  private static void awaitPaused(Process child, Path log, int writes)
      throws IOException, InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(STARTUP_TIMEOUT_SECONDS);
    while (System.nanoTime() < deadline) {
      if (!child.isAlive()) {
        fail("the child ended (exit " + child.exitValue() + "):\n" + Files.readString(log));
      }
      long paused =
          Files.readAllLines(log).stream().filter(l -> l.startsWith("paused at ")).count();
      if (paused == writes) {
        return;
      }
      Thread.sleep(200);
    }
    fail("the child's writes did not all stop in time:\n" + Files.readString(log));
  }
}
