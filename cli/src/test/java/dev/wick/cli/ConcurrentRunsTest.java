package dev.wick.cli;

import static dev.wick.cli.CliRun.wick;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wick.core.io.DatasetReader;
import dev.wick.core.spark.WickSpark;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Four {@code wick} runs writing one {@code --out} with {@code --overwrite} at the same time: one
 * wins, the three others exit 2 with a sentence, and the output is the winner's alone.
 *
 * <p>The runs overlap for sure: the output is named {@code at-create.locked}, so that with {@code
 * wick.output.pause} set the run that takes the output's lock waits right after taking it (see
 * {@code Output.step}) until the three others have ended.
 */
class ConcurrentRunsTest {
  @TempDir Path tmp;

  @Test
  void fourRunsWritingOneOutputAtOnceOneWinsAndTheOutputIsNeverAMix() throws Exception {
    Path schema =
        Files.writeString(
            tmp.resolve("n.avsc"),
            "{\"type\":\"record\",\"name\":\"N\",\"fields\":[{\"name\":\"id\",\"type\":\"long\"}]}");
    String out = tmp.resolve("at-create.locked").toString();
    assertThat(
            wick("generate", "--schema", schema.toString(), "--count", "5", "--out", out)
                .exitCode())
        .isZero();
    CliRun[] runs = new CliRun[4];
    List<Thread> threads = new ArrayList<>();
    System.setProperty("wick.output.pause", "true");
    try {
      for (int i = 0; i < runs.length; i++) {
        int run = i;
        Thread t =
            new Thread(
                () ->
                    runs[run] =
                        wick(
                            "generate",
                            "--schema",
                            schema.toString(),
                            "--count",
                            String.valueOf(10 * (run + 1)),
                            "--out",
                            out,
                            "--overwrite"));
        threads.add(t);
        t.start();
      }
      // A run that takes the lock waits; every other run can only end refused.
      while (threads.stream().filter(Thread::isAlive).count() > 1) {
        Thread.sleep(20);
      }
    } finally {
      System.clearProperty("wick.output.pause");
    }
    for (Thread t : threads) {
      t.join();
    }

    List<CliRun> won = Stream.of(runs).filter(r -> r.exitCode() == 0).toList();
    List<CliRun> refused = Stream.of(runs).filter(r -> r.exitCode() == 2).toList();
    assertThat(won).hasSize(1);
    assertThat(refused).hasSize(3);
    for (CliRun r : refused) {
      assertThat(r.err())
          .startsWith("error: Output " + out + " is being written by another Wick run (process ")
          .endsWith(" if no run is writing it.\n");
      assertThat(r.err().lines()).hasSize(1);
    }
    int winner = List.of(runs).indexOf(won.get(0));
    assertThat(DatasetReader.read(WickSpark.local(2), out).count()).isEqualTo(10L * (winner + 1));
    assertThat(leftovers()).isEmpty();
  }

  private List<String> leftovers() throws IOException {
    try (Stream<Path> s = Files.list(tmp)) {
      return s.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(".wick-")).toList();
    }
  }
}
