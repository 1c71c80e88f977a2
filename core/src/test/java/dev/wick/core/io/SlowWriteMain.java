package dev.wick.core.io;

import dev.wick.core.spark.WickSpark;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.types.DataTypes;

/**
 * A child process for {@link KilledWriteTest}: writes one slow dataset per argument through {@link
 * DatasetWriter}, all at once, so that the test can kill it while every write is under way.
 *
 * <p>Arguments: {@code DESTINATION=overwrite} or {@code DESTINATION=new}, one per write. Each
 * dataset has two partitions whose rows take a tenth of a second each: minutes in all, far longer
 * than the test waits before killing it.
 */
public final class SlowWriteMain {
  private SlowWriteMain() {}

  public static void main(String[] args) throws Exception {
    // Two cores per write, so that every write has its tasks running at once.
    SparkSession spark = WickSpark.local(2 * args.length);
    spark
        .udf()
        .register(
            "slowly",
            (UDF1<Long, Long>)
                id -> {
                  Thread.sleep(100);
                  return id;
                },
            DataTypes.LongType);
    List<Thread> writers = new ArrayList<>();
    for (String arg : args) {
      String[] parts = arg.split("=", 2);
      Dataset<Row> data =
          spark.range(0, 10_000, 1, 2).selectExpr("slowly(id) as id", "repeat('x', 100) as pad");
      Thread t =
          new Thread(
              () ->
                  DatasetWriter.write(
                      data, parts[0], Format.PARQUET, parts[1].equals("overwrite"), List.of()));
      t.start();
      writers.add(t);
    }
    System.out.println("writing " + String.join(" ", args));
    System.out.flush();
    for (Thread t : writers) {
      t.join();
    }
    System.out.println("done");
  }
}
