package dev.wick.core.io;

import dev.wick.core.spark.WickSpark;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.SparkSession;

/**
 * A child process for {@link CrashedWriteTest}: overwrites one output per argument at once, each
 * named {@code at-STEP} so that, with {@code -Dwick.output.pause} set, it stops at that step of
 * {@link Output} (see {@link Output#step}) until the test kills the process.
 *
 * <p>Arguments: the folder of the outputs, then the steps. A write whose step starts with {@code
 * close.} is closed without a commit; every other one writes 7 rows in {@code data/}, a {@code
 * summary.json}, a part it deletes again, and commits.
 */
public final class CrashWriteMain {
  private CrashWriteMain() {}

  public static void main(String[] args) throws Exception {
    SparkSession spark = WickSpark.local(2);
    Path root = Path.of(args[0]);
    List<Thread> writers = new ArrayList<>();
    for (int i = 1; i < args.length; i++) {
      String step = args[i];
      String destination = root.resolve("at-" + step).toString();
      Thread t =
          new Thread(
              () -> {
                try (Output out = Output.create(spark, destination, true, List.of())) {
                  out.writeDataset("data", spark.range(0, 7, 1, 1).toDF(), Format.PARQUET);
                  out.writeString("summary.json", "{\"rows\": 7}");
                  out.writeDataset("extra", spark.range(0, 1, 1, 1).toDF(), Format.PARQUET);
                  out.delete("extra");
                  if (!step.startsWith("close.")) {
                    out.commit();
                  }
                }
                System.out.println("finished " + step);
              });
      t.start();
      writers.add(t);
    }
    for (Thread t : writers) {
      t.join();
    }
  }
}
